import { sql, type Kysely } from "kysely";

import { backedUpTables, type BackedUpTable } from "./backed-up-tables.ts";
import {
  countQueuedChanges,
  countStamped,
  forgetChanges,
  installCapture,
  newestQueuedId,
  queuedChanges,
  removeCapture,
  stampedRows,
  stampHorizon,
  stampMarkKey,
  type QueuedChange,
  type StampedRow,
  type StampMark,
} from "./backup-capture.ts";
import {
  emptyTable,
  forgetOnRestore,
  insertRows,
  presentTables,
  putRow,
  readRows,
  releaseRows,
  tableBatches,
  type Row,
} from "./backup-tables.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * What the off-site copy (server/backup/, decision 0019) reads and writes in
 * the database: the change capture and its queue, the backed-up tables read
 * and written generically, and the backup's own state (lease, newest copy,
 * drill) in `backup_state`.
 */
export class BackupRows {
  private readonly db: Kysely<LeadDatabase>;
  private readonly kind: DatabaseKind;

  constructor(db: Kysely<LeadDatabase>, kind: DatabaseKind) {
    this.db = db;
    this.kind = kind;
  }

  private present: Promise<BackedUpTable[]> | undefined;

  /**
   * The backed-up tables this database has, in the registry's order: a feature's tables exist
   * where the platform registered the feature (decision 0038), so a database opened for the leads
   * alone is copied without them. Read once: the service migrates before its copy starts.
   */
  tables(): Promise<BackedUpTable[]> {
    this.present ??= presentTables(this.db, this.kind, backedUpTables);
    return this.present;
  }

  private async continuous(): Promise<BackedUpTable[]> {
    return (await this.tables()).filter((table) => table.continuous);
  }

  async installCapture(): Promise<void> {
    return installCapture(this.db, this.kind, await this.tables());
  }

  async removeCapture(): Promise<void> {
    return removeCapture(this.db, this.kind, await this.tables());
  }

  newestQueuedId(): Promise<number> {
    return newestQueuedId(this.db);
  }

  queuedChanges(limit: number, upTo: number): Promise<QueuedChange[]> {
    return queuedChanges(this.db, limit, upTo);
  }

  forgetChanges(ids: readonly number[]): Promise<void> {
    return forgetChanges(this.db, this.kind, ids);
  }

  /**
   * Changes waiting to be copied: the queue, and on PostgreSQL the rows stamped since the mark
   * (less those the last round saw; a row changed again since is counted once less, for a round).
   */
  async pendingChanges(): Promise<number> {
    const queued = await countQueuedChanges(this.db);
    if (this.kind !== "postgres") return queued;
    const mark = await this.stampMark();
    if (!mark) return queued;
    return (
      queued +
      Math.max(0, (await countStamped(this.db, mark.horizon, await this.continuous())) - mark.seen.length)
    );
  }

  /** Where the copy of stamped rows stands (PostgreSQL, from the start with backups on). */
  stampMark(): Promise<StampMark | undefined> {
    return this.state<StampMark>(stampMarkKey);
  }

  setStampMark(mark: StampMark): Promise<void> {
    return this.setState(stampMarkKey, mark);
  }

  stampHorizon(): Promise<{ horizon: string; ceiling: string }> {
    return stampHorizon(this.db);
  }

  /** The rows of every continuous table stamped in the range, a batch of one table at a time. */
  async *stampedBatches(
    range: { from: string; below: string },
    limit: number,
  ): AsyncGenerator<{ table: BackedUpTable; rows: StampedRow[] }> {
    for (const table of await this.continuous()) {
      let after: { stamp: string; key: unknown[] } | undefined;
      for (;;) {
        const rows = await stampedRows(this.db, table, range, after, limit);
        if (rows.length > 0) yield { table, rows };
        if (rows.length < limit) break;
        const last = rows.at(-1)!;
        after = { stamp: last.stamp, key: table.key.map((column) => last.row[column]) };
      }
    }
  }

  /** Every row of `table`, a batch at a time in key order. */
  tableBatches(table: BackedUpTable): AsyncGenerator<Row[]> {
    return tableBatches(this.db, table);
  }

  /**
   * Every row of these tables as of one moment (a snapshot), a batch at a time as it is read
   * (decision 0045): one read transaction, repeatable read on PostgreSQL, a WAL read snapshot on
   * SQLite (writers go on meanwhile). Read table by table outside one, a visit confirmed between
   * reading the leads and reading the visits would be copied without its lead, and the restore's
   * foreign keys would refuse the snapshot (decision 0042).
   */
  async *snapshotBatches(
    tables: readonly BackedUpTable[],
  ): AsyncGenerator<{ table: BackedUpTable; rows: Row[] }> {
    const begin = this.db.startTransaction();
    const reader = await (
      this.kind === "postgres" ? begin.setIsolationLevel("repeatable read") : begin
    ).execute();
    let read = false;
    try {
      for (const table of tables) for await (const rows of tableBatches(reader, table)) yield { table, rows };
      read = true;
    } finally {
      // Only reads happened: commit and rollback end it alike; a reader that stopped early ends it too.
      await (read ? reader.commit() : reader.rollback()).execute();
    }
  }

  readRows(table: BackedUpTable, keys: readonly unknown[][]): Promise<Row[]> {
    return readRows(this.db, this.kind, table, keys);
  }

  /**
   * A restore's first step, in one transaction: `tables` emptied, then the snapshot's rows
   * written a batch at a time as they are read. Whatever `batches` throws (a refused object, a
   * digest that changed) rolls everything back.
   */
  async replaceTables(
    tables: readonly BackedUpTable[],
    batches: AsyncIterable<{ table: BackedUpTable; rows: readonly Row[] }> = (async function* () {})(),
  ): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      for (const table of tables) await emptyTable(transaction, table);
      for await (const { table, rows } of batches) await insertRows(transaction, table, rows);
    });
  }

  /** One change set applied in one transaction: each row replaced, or deleted where `row` is null. */
  async applyChanges(
    entries: readonly { table: BackedUpTable; key: unknown[]; row: Row | null }[],
  ): Promise<void> {
    // Parents before children (the registry's order), whatever order the rows were queued in.
    const order = (entry: { table: BackedUpTable }) =>
      backedUpTables.findIndex((table) => table.name === entry.table.name);
    const ordered = [...entries].sort((a, b) => order(a) - order(b));
    await this.db.transaction().execute(async (transaction) => {
      for (const tableEntries of Map.groupBy(ordered, (entry) => entry.table.name).values())
        await releaseRows(
          transaction,
          tableEntries[0]!.table,
          tableEntries.map((entry) => entry.key),
        );
      for (const entry of ordered) await putRow(transaction, entry.table, entry.key, entry.row);
    });
  }

  /** A restore's last step: what belonged to the lost process is forgotten (a reminder's claim). */
  async forgetOnRestore(): Promise<void> {
    for (const table of await this.tables()) await forgetOnRestore(this.db, table);
  }

  async leadCount(): Promise<number> {
    const row = await this.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A restored database starts with an empty copy queue and no backup state of its own. */
  async forgetBackupState(): Promise<void> {
    await this.db.deleteFrom("backup_changes").execute();
    await this.db.deleteFrom("backup_state").execute();
  }

  /** SQLite's own check of the file ("ok"), or undefined on PostgreSQL. */
  async integrityCheck(): Promise<string | undefined> {
    if (this.kind !== "sqlite") return undefined;
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(this.db);
    return rows.map((row) => row.integrity_check).join("; ");
  }

  async state<T>(key: string): Promise<T | undefined> {
    const row = await this.stateText(key);
    return row === undefined ? undefined : ((JSON.parse(row) as T | null) ?? undefined);
  }

  async setState(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto("backup_state")
      .values({ key, value: text })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: text }))
      .execute();
  }

  /** Writes the state only when it has none yet: of two writers, the first one's stays. */
  async addState(key: string, text: string): Promise<void> {
    await this.db
      .insertInto("backup_state")
      .values({ key, value: text })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
  }

  /** The state's JSON text as stored. */
  async stateText(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("backup_state")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Compare-and-set: replaces the state only if it still is `was`; true when it did. */
  async swapState(key: string, was: string, text: string): Promise<boolean> {
    const result = await this.db
      .updateTable("backup_state")
      .set({ value: text })
      .where("key", "=", key)
      .where("value", "=", was)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
