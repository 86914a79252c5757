import type { FeatureBackup } from "./feature-backup.ts";
import { inspectionVisitBackup } from "./inspection-visits.ts";
import type { FeatureTables } from "./migrations.ts";

/**
 * The tables a backup carries (decision 0019). A table joins with one line here: its key columns,
 * and whether each change to it is copied off the machine within seconds (`continuous`, through
 * triggers that queue the changed row's key in the same transaction) or only with the periodic
 * full snapshot. Tables left out hold nothing worth restoring: sessions, login failures, rate-limit
 * buckets, queued notifications (a restored service must not e-mail old leads again) and the
 * backup's own state.
 */
export type BackedUpTable = {
  name: string;
  /** The primary key's columns, in order. */
  key: readonly string[];
  continuous: boolean;
  /**
   * Columns a restore sets to null once the rows are verified: what belonged to the lost
   * process (a reminder's claim), never what happened (a reminder's `sent_at`).
   */
  forgottenOnRestore?: readonly string[];
  /**
   * A row state a change set's rows of this table are first put in before they are written
   * (the visits': a state that holds no time), so a visit moved into another's old time in the
   * same change set is never refused by the table's own rule half-way (decision 0042).
   */
  releasedBeforeReplay?: { column: string; value: string };
};

/**
 * The tables a feature registered with the platform (decision 0038) and declares backed up, with
 * the migrations that create them: a restore opens its database with these, so it writes them
 * into tables exactly like the service's. Each feature declares its own beside its migrations
 * (`inspectionVisitBackup` in inspection-visits.ts); this list only collects them, after the
 * platform's own tables, parents before children (a restore writes in this order).
 */
export const featureBackups: readonly FeatureBackup[] = [inspectionVisitBackup];

const platformTables: readonly BackedUpTable[] = [
  { name: "leads", key: ["id"], continuous: true },
  { name: "visit_pages", key: ["day", "page", "kind"], continuous: true },
  { name: "visit_sources", key: ["day", "kind", "referrer", "campaign"], continuous: true },
  { name: "weekly_summaries", key: ["week"], continuous: false },
  { name: "inbox_owner", key: ["id"], continuous: false },
  // The owner's second factors (decision 0018): a restored service keeps asking for them.
  { name: "inbox_passkeys", key: ["credential_id"], continuous: false },
  { name: "inbox_totp", key: ["id"], continuous: false },
  { name: "inbox_recovery_codes", key: ["code_hash"], continuous: false },
  { name: "settings", key: ["key"], continuous: false },
  // What the owner publishes (decision 0020): every version with the facts it was built from, so a
  // restored service rebuilds the pages it served; the drafts not yet published.
  { name: "site_versions", key: ["id"], continuous: true },
  { name: "site_fact_drafts", key: ["variable"], continuous: false },
  { name: "site_tower_drafts", key: ["slug"], continuous: false },
  // The owner's photos: their bytes (a few hundred KB each, written once), each version's set, the drafts.
  { name: "site_photo_files", key: ["hash"], continuous: true },
  { name: "site_version_photos", key: ["version_id"], continuous: true },
  { name: "site_photo_drafts", key: ["slot"], continuous: false },
];

/** Every table a backup carries, in the order a restore writes them (parents before children). */
export const backedUpTables: readonly BackedUpTable[] = [
  ...platformTables,
  ...featureBackups.flatMap((feature) => feature.backedUp),
];

/** The migrations of every feature whose tables a backup carries: a restored database gets them. */
export const backedUpFeatureTables: readonly FeatureTables[] = featureBackups.map(
  (feature) => feature.tables,
);

/** The tables whose every change is copied within seconds. */
export const continuousTables = backedUpTables.filter((table) => table.continuous);

export function backedUpTable(name: string): BackedUpTable {
  const table = backedUpTables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`la tabla ${name} no está entre las que se copian`);
  return table;
}
