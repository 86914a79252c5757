import { backupRetentionDays } from "#app/lib/backup-retention.ts";
import type { Handles } from "../storage/store.ts";
import { chainKeys, shortInstallation } from "./chain.ts";

/**
 * The off-site copy's settings, schedule and state as recorded in the database (decision 0019):
 * what the service's main thread needs (health, the inbox) without loading the copy itself, which
 * runs on its own thread (backup-on-worker.ts).
 */
export type BackupSettings = {
  url: string;
  /** The owner's age recipient (age1…). */
  recipient: string;
};

export type BackupSchedule = {
  /** How often the queue is looked at when nothing kicks it. */
  pollMs: number;
  snapshotEveryMs: number;
  drillEveryMs: number;
  /** Objects older than this are removed: the longest a deleted lead stays in a backup. */
  retentionMs: number;
  /** Copies this far behind, or a failed drill, e-mail the owner. */
  alertAfterMs: number;
  /**
   * Copies this far behind turn health and the inbox to a warning (`stalled`): a target that hangs
   * without failing (frozen, a connection that never answers) is seen within minutes, not an hour.
   */
  warnAfterMs: number;
};

const day = 24 * 60 * 60_000;

export const defaultSchedule: BackupSchedule = {
  pollMs: 5_000,
  snapshotEveryMs: day,
  drillEveryMs: 7 * day,
  retentionMs: backupRetentionDays * day,
  alertAfterMs: 60 * 60_000,
  // Three times the 60-s promise: a slow round or one retry after a blip stays below it.
  warnAfterMs: 3 * 60_000,
};

/** What health and the inbox show. */
export type BackupStatus = {
  state: "ok" | "retrying" | "stalled" | "behind" | "drill-failed";
  /** Everything stored up to this moment is off the machine (ISO), or null before the first copy. */
  newestCopyAt: string | null;
  lastVerifiedRestore: { at: string; leads: number } | null;
  /** Changes waiting to be copied. */
  pending: number;
  /** The last failure, while it lasts (the target's answer, in one line). */
  problem: string | null;
  /**
   * This installation's chain, as a restore's `--installation` names it: what tells the owner which
   * is hers when a restore finds another's in the same place. Null before the copy first started.
   */
  installation: string | null;
};

export type Drill = { at: string; ok: boolean; leads: number; problem?: string };

/**
 * The copy's state as recorded in the database: any thread with a connection reads it (the
 * service's main thread while the copy runs on its own, see backup-on-worker.ts).
 */
export async function backupStatus(
  store: Handles<"backups" | "kind">,
  clock: { startedAt: Date; alertAfterMs: number; warnAfterMs: number; now: Date },
): Promise<BackupStatus> {
  const state = <T>(key: string) => store.backups.state<T>(key);
  const [copiedThrough, verified, drill, problem, pending, deployment] = await Promise.all([
    state<string>("copied-through"),
    state<Drill>("verified"),
    state<Drill>("drill"),
    state<{ message: string }>("problem"),
    store.backups.pendingChanges(),
    state<string>(chainKeys.deployment),
  ]);
  const age = clock.now.getTime() - new Date(copiedThrough ?? clock.startedAt).getTime();
  const lateness = age > clock.alertAfterMs ? "behind" : age > clock.warnAfterMs ? "stalled" : undefined;
  return {
    state: drill && !drill.ok ? "drill-failed" : (lateness ?? (problem ? "retrying" : "ok")),
    newestCopyAt: copiedThrough ?? null,
    lastVerifiedRestore: verified ? { at: verified.at, leads: verified.leads } : null,
    pending,
    problem: problem?.message ?? drill?.problem ?? null,
    installation: deployment ? shortInstallation(deployment) : null,
  };
}
