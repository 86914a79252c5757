import type { Handles } from "../storage/store.ts";
import type { QueuedChange } from "../storage/backup-capture.ts";
import { backedUpTable, backedUpTables } from "../storage/backed-up-tables.ts";
import { keyOf } from "../storage/backup-tables.ts";
import { rowDigest, tally, type ChangeSet, type Row, type Snapshot } from "./archive.ts";

/*
 * The rows an object carries (decision 0019): every row of every table for a snapshot, or the rows
 * behind a batch of queued changes for a change set.
 */

/**
 * Every row of every backed-up table this database has, each table read in key order a batch at a
 * time, all in one read transaction (backup-rows.ts `readTables`): the rows agree with one another
 * (no visit without its lead). A row changed during the read also has its change queued after
 * `takenAt`, and a restore applies every change set from `takenAt` on, so it ends at the same
 * state (like a base backup and its WAL).
 */
export async function readSnapshot(store: Handles<"backups" | "kind">, takenAt: Date): Promise<Snapshot> {
  const tables: Record<string, Row[]> = {};
  const tallies: Snapshot["tally"] = {};
  for (const [table, rows] of await store.backups.readTables(await store.backups.tables())) {
    tables[table.name] = rows;
    tallies[table.name] = tallyOf(rows);
  }
  return { kind: "snapshot", takenAt: takenAt.toISOString(), tables, tally: tallies };
}

function tallyOf(rows: readonly Row[]) {
  return tally(rows.map((row) => rowDigest(row, Object.keys(row).sort())));
}

/**
 * The current row behind each changed key, read a table at a time; null for a row that is gone
 * (a deletion). A key changed several times in the batch is carried once.
 */
export async function readChangedRows(
  store: Handles<"backups" | "kind">,
  changes: readonly QueuedChange[],
): Promise<ChangeSet["entries"]> {
  const entries: ChangeSet["entries"] = [];
  // Parents before children (the registry's order): a lead read after its visits could be gone
  // with them, leaving a visit without its lead in the copy; read first, it never can.
  const byTable = Map.groupBy(changes, (change) => change.table);
  const names = [...byTable.keys()].sort(
    (a, b) =>
      backedUpTables.findIndex((table) => table.name === a) -
      backedUpTables.findIndex((table) => table.name === b),
  );
  for (const name of names) {
    const tableChanges = byTable.get(name)!;
    const table = backedUpTable(name);
    const keys = [
      ...new Map(tableChanges.map((change) => [JSON.stringify(change.key), change.key])).values(),
    ];
    const rows = new Map(
      (await store.backups.readRows(table, keys)).map((row) => [JSON.stringify(keyOf(table, row)), row]),
    );
    for (const key of keys) entries.push({ table: name, key, row: rows.get(JSON.stringify(key)) ?? null });
  }
  return entries;
}
