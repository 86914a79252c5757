import { sql, type Kysely, type RawBuilder } from "kysely";

import { type BackedUpTable } from "./backed-up-tables.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * Reading and writing the backed-up tables generically, by the registry's names and keys: the same
 * code copies a lead, a visit count or a table added later, on SQLite and PostgreSQL.
 */
type Db = Kysely<LeadDatabase>;

/** A row as the database returns it, column by column. */
export type Row = Record<string, unknown>;

const batchSize = 1000;

/**
 * PostgreSQL's change stamp (backup-capture.ts): the id of the transaction that last wrote the row.
 * It belongs to one database's history, so it never travels in a backup: rows are read without it
 * and a restored row gets the restoring transaction's.
 */
export const stampColumn = "backup_xid";

export function withoutStamp(row: Row): Row {
  if (!(stampColumn in row)) return row;
  const { [stampColumn]: _stamp, ...rest } = row;
  return rest;
}

const keyList = (table: BackedUpTable) => sql.join(table.key.map((column) => sql.ref(column)));

/**
 * Every row of `table`, in key order a batch at a time (each batch a short query, so leads keep
 * being stored meanwhile): a snapshot or a restore's check holds one batch, not the table.
 */
export async function* tableBatches(db: Db, table: BackedUpTable): AsyncGenerator<Row[]> {
  let after: unknown[] | undefined;
  for (;;) {
    const from = after
      ? sql`where (${keyList(table)}) > (${sql.join(after.map((value) => sql`${value}`))})`
      : sql``;
    const { rows: batch } = await sql<Row>`select * from ${sql.table(table.name)} ${from}
      order by ${keyList(table)} limit ${batchSize}`.execute(db);
    if (batch.length > 0) yield batch.map(withoutStamp);
    if (batch.length < batchSize) return;
    after = table.key.map((column) => batch.at(-1)![column]);
    // Let the requests waiting for the database in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The rows of `table` with these keys as they are now; a key without a row was deleted. */
export async function readRows(
  db: Db,
  kind: DatabaseKind,
  table: BackedUpTable,
  keys: readonly unknown[][],
): Promise<Row[]> {
  // PostgreSQL plans a one-column key as one array parameter, however many keys: a round reads
  // its change set in one short query instead of one per hundred keys.
  if (kind === "postgres" && table.key.length === 1) {
    const values = keys.map((key) => key[0]);
    const { rows } =
      await sql<Row>`select * from ${sql.table(table.name)} where ${sql.ref(table.key[0]!)} = any(${values})`.execute(
        db,
      );
    return rows.map(withoutStamp);
  }
  const rows: Row[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    const slice = keys.slice(start, start + 100);
    const { rows: found } =
      await sql<Row>`select * from ${sql.table(table.name)} where ${keyMatch(table, slice)}`.execute(db);
    rows.push(...found.map(withoutStamp));
  }
  return rows;
}

function keyMatch(table: BackedUpTable, keys: readonly unknown[][]): RawBuilder<unknown> {
  if (table.key.length === 1)
    return sql`${sql.ref(table.key[0]!)} in (${sql.join(keys.map((key) => sql`${key[0]}`))})`;
  const tuples = keys.map((key) => sql`(${sql.join(key.map((value) => sql`${value}`))})`);
  return sql`(${keyList(table)}) in (values ${sql.join(tuples)})`;
}

export function keyOf(table: BackedUpTable, row: Row): unknown[] {
  return table.key.map((column) => row[column]);
}

/**
 * Writes the row with this key as the copy recorded it (deletes it when `row` is null). An
 * upsert, never a delete and an insert: deleting a lead to write it again would cascade to its
 * offers, visits and reminders (decision 0042), on SQLite and PostgreSQL alike.
 */
export async function putRow(db: Db, table: BackedUpTable, key: unknown[], row: Row | null): Promise<void> {
  if (!row) {
    await sql`delete from ${sql.table(table.name)} where ${keyMatch(table, [key])}`.execute(db);
    return;
  }
  const columns = Object.keys(row);
  const others = columns.filter((column) => !table.key.includes(column));
  const onConflict =
    others.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(others.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`))}`;
  await sql`insert into ${sql.table(table.name)} (${sql.join(columns.map((column) => sql.ref(column)))})
    values (${sql.join(columns.map((column) => sql`${row[column] ?? null}`))})
    on conflict (${keyList(table)}) ${onConflict}`.execute(db);
}

/**
 * Puts the rows with these keys that exist in the state `releasedBeforeReplay` names (a state that
 * holds nothing the table's own rules guard), before a change set writes them as recorded.
 */
export async function releaseRows(db: Db, table: BackedUpTable, keys: readonly unknown[][]): Promise<void> {
  const release = table.releasedBeforeReplay;
  if (!release || keys.length === 0) return;
  for (let start = 0; start < keys.length; start += 100)
    await sql`update ${sql.table(table.name)} set ${sql.ref(release.column)} = ${release.value}
      where ${keyMatch(table, keys.slice(start, start + 100))}`.execute(db);
}

/** Sets the columns `forgottenOnRestore` names to null on every row (a restore's last step). */
export async function forgetOnRestore(db: Db, table: BackedUpTable): Promise<void> {
  const columns = table.forgottenOnRestore ?? [];
  if (columns.length === 0) return;
  await sql`update ${sql.table(table.name)} set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = null`))}`.execute(
    db,
  );
}

/** Which of `tables` this database has (a feature's tables exist once the platform registered it). */
export async function presentTables(
  db: Db,
  kind: DatabaseKind,
  tables: readonly BackedUpTable[],
): Promise<BackedUpTable[]> {
  const { rows } =
    kind === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const names = new Set(rows.map((row) => row.name));
  return tables.filter((table) => names.has(table.name));
}

export async function insertRows(db: Db, table: BackedUpTable, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const slice = rows.slice(start, start + 200);
    const columns = Object.keys(slice[0]!);
    const values = slice.map(
      (row) => sql`(${sql.join(columns.map((column) => sql`${row[column] ?? null}`))})`,
    );
    await sql`insert into ${sql.table(table.name)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}`.execute(db);
  }
}

export async function emptyTable(db: Db, table: BackedUpTable): Promise<void> {
  await sql`delete from ${sql.table(table.name)}`.execute(db);
}
