import type { Handles } from "../storage/store.ts";
import type { QueuedChange } from "../storage/backup-capture.ts";
import { backedUpTable, backedUpTables } from "../storage/backed-up-tables.ts";
import { keyOf } from "../storage/backup-tables.ts";
import type { ChangeSet, Row } from "./archive.ts";

/*
 * The rows an object carries (decision 0019): every row of every table for a snapshot, or the rows
 * behind a batch of queued changes for a change set.
 */

/**
 * Every row of every backed-up table this database has, in the registry's order (a row's parent
 * before it), each table read in key order a batch at a time and handed on as it is read (decision
 * 0045), all in one read transaction (decision 0042: no visit without its lead). A row changed
 * during the read also has its change queued after the snapshot's time, and a restore applies
 * every change set from then on, so it ends at the same state (like a base backup and its WAL).
 */
export async function* snapshotRows(
  store: Handles<"backups">,
): AsyncGenerator<{ table: string; rows: readonly Row[] }> {
  for await (const { table, rows } of store.backups.snapshotBatches(await store.backups.tables()))
    yield { table: table.name, rows };
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
