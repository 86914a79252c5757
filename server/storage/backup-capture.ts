import { sql, type Kysely } from "kysely";

import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase } from "./schema.ts";
import type { BackedUpTable } from "./backed-up-tables.ts";
import { stampColumn, type Row } from "./backup-tables.ts";

/**
 * Change capture: every inserted, updated or deleted row of a continuous table is marked inside the
 * transaction that changed it, whatever path wrote it (the endpoint, the inbox, the retention job, a
 * future module), so a lead acknowledged with 201 and then `kill -9` still gets copied.
 *
 * - SQLite: a trigger per event queues the row's key in `backup_changes`.
 * - PostgreSQL: a deletion is queued the same way, but an insert or update only stamps the row with
 *   its transaction's id (`backup_xid`, a column default and a BEFORE UPDATE trigger). The copy
 *   reads the rows stamped since its last horizon (`stampedRows`). A queue row per lead cost
 *   PostgreSQL a PL/pgSQL call, a second heap and index insert and a later delete; a stamp costs a
 *   column and an index entry (decision 0019, "Stamps instead of a queue on PostgreSQL").
 *
 * Installed when the service starts with backups on, from the registry (a table added there gets
 * its capture at the next start); removed, with the queue, when it starts with backups off, so an
 * unread queue never grows.
 */
export async function installCapture(
  db: Kysely<LeadDatabase>,
  kind: DatabaseKind,
  backedUpTables: readonly BackedUpTable[],
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    if (kind === "postgres") {
      // Two instances starting together would otherwise race on the same triggers.
      await sql`select pg_advisory_xact_lock(190019)`.execute(transaction);
      await sql
        .raw(
          `create or replace function backup_stamp() returns trigger language plpgsql as $$
          begin new.${stampColumn} := pg_current_xact_id(); return new; end $$`,
        )
        .execute(transaction);
    }
    for (const table of backedUpTables) {
      await dropTriggers(transaction, kind, table.name);
      if (!table.continuous) continue;
      if (kind === "postgres") {
        await addStampColumn(transaction, table.name);
        // One function per table, naming its key columns: it reads only the key, never the row.
        const key = table.key.map((column) => `old.${column}`).join(", ");
        await sql
          .raw(
            `create or replace function backup_capture_${table.name}() returns trigger language plpgsql as $$
            begin
              insert into backup_changes (table_name, row_key) values ('${table.name}', json_build_array(${key})::text);
              return null;
            end $$`,
          )
          .execute(transaction);
        await sql
          .raw(
            `create trigger backup_${table.name} after delete on ${table.name}
             for each row execute function backup_capture_${table.name}()`,
          )
          .execute(transaction);
        await sql
          .raw(
            `create trigger backup_${table.name}_stamp before update on ${table.name}
             for each row execute function backup_stamp()`,
          )
          .execute(transaction);
        continue;
      }
      for (const [event, row] of [
        ["insert", "new"],
        ["update", "new"],
        ["delete", "old"],
      ] as const) {
        const key = table.key.map((column) => `${row}.${column}`).join(", ");
        await sql
          .raw(
            `create trigger backup_${table.name}_${event} after ${event} on ${table.name} begin
               insert into backup_changes (table_name, row_key) values ('${table.name}', json_array(${key}));
             end`,
          )
          .execute(transaction);
      }
    }
    if (kind === "postgres") {
      // The first horizon: a write committed before this transaction was queued by the capture
      // in force then; one after it carries a stamp at or above it. A mark already there stays.
      const mark: StampMark = { horizon: (await stampHorizon(transaction)).horizon, seen: [] };
      await transaction
        .insertInto("backup_state")
        .values({ key: stampMarkKey, value: JSON.stringify(mark) })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
    }
  });
}

/**
 * The stamp column, added once. Rows already there get 0 (below any horizon: the queue in force
 * before held their changes), without rewriting the table; new rows the writing transaction's id.
 */
async function addStampColumn(db: Kysely<LeadDatabase>, table: string): Promise<void> {
  const { rows } = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name = ${stampColumn}`.execute(
    db,
  );
  if (rows.length > 0) return;
  await sql.raw(`alter table ${table} add column ${stampColumn} xid8 not null default '0'`).execute(db);
  await sql
    .raw(`alter table ${table} alter column ${stampColumn} set default pg_current_xact_id()`)
    .execute(db);
  await sql.raw(`create index ${table}_${stampColumn} on ${table} (${stampColumn})`).execute(db);
}

/** Backups off: no triggers, and no queue left behind to grow or to leak into a later copy. */
export async function removeCapture(
  db: Kysely<LeadDatabase>,
  kind: DatabaseKind,
  backedUpTables: readonly BackedUpTable[],
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    for (const table of backedUpTables) await dropTriggers(transaction, kind, table.name);
    await transaction.deleteFrom("backup_changes").execute();
    // Updates are no longer stamped: the next start with backups on begins from a fresh horizon.
    await transaction.deleteFrom("backup_state").where("key", "=", stampMarkKey).execute();
  });
}

async function dropTriggers(db: Kysely<LeadDatabase>, kind: DatabaseKind, table: string): Promise<void> {
  // PostgreSQL: the deletion's trigger, named after its table, and the update's stamp. SQLite: one
  // per event.
  const names =
    kind === "postgres"
      ? [`backup_${table}`, `backup_${table}_stamp`]
      : ["insert", "update", "delete"].map((event) => `backup_${table}_${event}`);
  for (const name of names)
    await sql.raw(`drop trigger if exists ${name}${kind === "postgres" ? ` on ${table}` : ""}`).execute(db);
  if (kind === "postgres") await sql.raw(`drop function if exists backup_capture_${table}()`).execute(db);
}

/** One queued change: the row of `table` whose key is `key` changed (or went) since the last copy. */
export type QueuedChange = { id: number; table: string; key: unknown[] };

/** The oldest queued changes, up to id `upTo`. */
export async function queuedChanges(
  db: Kysely<LeadDatabase>,
  limit: number,
  upTo: number,
): Promise<QueuedChange[]> {
  const rows = await db
    .selectFrom("backup_changes")
    .selectAll()
    .where("id", "<=", upTo)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    table: row.table_name,
    key: JSON.parse(row.row_key) as unknown[],
  }));
}

/** The newest queued change's id (0 for none): a round ships up to it, so steady traffic cannot keep it going. */
export async function newestQueuedId(db: Kysely<LeadDatabase>): Promise<number> {
  const row = await db
    .selectFrom("backup_changes")
    .select((eb) => eb.fn.max("id").as("newest"))
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/** Forgets exactly the changes now copied (never by range: a PostgreSQL id may commit out of order). */
export async function forgetChanges(
  db: Kysely<LeadDatabase>,
  kind: DatabaseKind,
  ids: readonly number[],
): Promise<void> {
  if (kind === "postgres") {
    // One array parameter: one plan for the whole batch.
    await sql`delete from backup_changes where id = any(${ids}::bigint[])`.execute(db);
    return;
  }
  // One transaction, one commit to disk: the lead writer waits for SQLite's lock meanwhile.
  await db.transaction().execute(async (transaction) => {
    for (let start = 0; start < ids.length; start += 500)
      await transaction
        .deleteFrom("backup_changes")
        .where("id", "in", ids.slice(start, start + 500))
        .execute();
  });
}

export async function countQueuedChanges(db: Kysely<LeadDatabase>): Promise<number> {
  const row = await db
    .selectFrom("backup_changes")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Where the PostgreSQL copy of stamped rows stands: every row stamped below `horizon` is copied,
 * and of those at or above it, the ones in `seen` ("table key stamp") too. A round reads from the
 * horizon again (a transaction still running when it looked may commit a lower stamp later) and
 * skips what it has seen, so nothing is copied twice.
 */
export type StampMark = { horizon: string; seen: string[] };

export const stampMarkKey = "stamped-through";

/**
 * Where a round stands: every transaction below `horizon` has ended, so a row it stamped is visible
 * to any read from here on, and every write not visible yet will carry a stamp at or above it. A
 * round reads up to `ceiling` (the next transaction id), so under steady traffic it still ends.
 */
export async function stampHorizon(db: Kysely<LeadDatabase>): Promise<{ horizon: string; ceiling: string }> {
  const { rows } = await sql<{ horizon: string; ceiling: string }>`
    select pg_snapshot_xmin(snapshot)::text as horizon, pg_snapshot_xmax(snapshot)::text as ceiling
    from pg_current_snapshot() as snapshot`.execute(db);
  return rows[0]!;
}

/** A row read because of its stamp, the stamp apart. */
export type StampedRow = { stamp: string; row: Row };

/**
 * Rows of `table` stamped from `from` up to (not including) `below`, in stamp and key order, after
 * `after` (the last one of the previous batch), a batch at a time.
 */
export async function stampedRows(
  db: Kysely<LeadDatabase>,
  table: BackedUpTable,
  { from, below }: { from: string; below: string },
  after: { stamp: string; key: unknown[] } | undefined,
  limit: number,
): Promise<StampedRow[]> {
  const order = sql.join([sql.ref(stampColumn), ...table.key.map((column) => sql.ref(column))]);
  const next = after
    ? sql`and (${order}) > (${sql.join([sql`${after.stamp}::xid8`, ...after.key.map((value) => sql`${value}`)])})`
    : sql``;
  const { rows } = await sql<Row>`select *, ${sql.ref(stampColumn)}::text as backup_stamp
    from ${sql.table(table.name)} where ${sql.ref(stampColumn)} >= ${from}::xid8 and ${sql.ref(stampColumn)} < ${below}::xid8 ${next}
    order by ${order} limit ${limit}`.execute(db);
  // The stamp as text (an xid8 has no JavaScript type) and apart from the row, which never carries it.
  return rows.map(({ backup_stamp, [stampColumn]: _stamp, ...row }) => ({
    stamp: String(backup_stamp),
    row,
  }));
}

/** How many rows are stamped at or above `from`, over every continuous table. */
export async function countStamped(
  db: Kysely<LeadDatabase>,
  from: string,
  continuousTables: readonly BackedUpTable[],
): Promise<number> {
  let count = 0;
  for (const table of continuousTables) {
    const { rows } = await sql<{ count: string }>`select count(*)::text as count from ${sql.table(table.name)}
      where ${sql.ref(stampColumn)} >= ${from}::xid8`.execute(db);
    count += Number(rows[0]!.count);
  }
  return count;
}
