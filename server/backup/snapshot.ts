import type { LeadStore } from "../leads/storage/lead-store.ts";
import { backedUpTables } from "../leads/storage/backed-up-tables.ts";
import { rowDigest, tally, type Row, type Snapshot } from "./archive.ts";

/**
 * Every row of every backed-up table, each table read in key order a batch at a time. Not one
 * transaction: a row changed during the read also has its change queued after `takenAt`, and a
 * restore applies every change set from `takenAt` on, so it ends at the same state (like a base
 * backup and its WAL).
 */
export async function readSnapshot(store: LeadStore, takenAt: Date): Promise<Snapshot> {
  const tables: Record<string, Row[]> = {};
  const tallies: Snapshot["tally"] = {};
  for (const table of backedUpTables) {
    const rows = await store.backups.readTable(table);
    tables[table.name] = rows;
    tallies[table.name] = tallyOf(rows);
  }
  return { kind: "snapshot", takenAt: takenAt.toISOString(), tables, tally: tallies };
}

export function tallyOf(rows: readonly Row[]) {
  return tally(rows.map((row) => rowDigest(row, Object.keys(row).sort())));
}
