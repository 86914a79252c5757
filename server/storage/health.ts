import type { Kysely } from "kysely";

import { answerWithinMs, storageProblem, withDeadline, type FileGuard } from "./faults.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * What /api/health reports: whether a lead could be stored right now, proven
 * with a real write (a probe row in `settings`, the same path to disk a lead
 * takes), and if not, why, in one sentence.
 */

export type HealthResult = { ok: true } | { ok: false; cause: string };
type HealthProof = { result: Promise<HealthResult>; settledAt: number | undefined };
/** How long a successful write proves the database to /api/health. */
export const healthProofMs = 1_000;

export class HealthProbe {
  private readonly db: Kysely<LeadDatabase>;
  private readonly file: FileGuard;
  /** The last proof of writing that /api/health reported, shared for `healthProofMs`. */
  private lastProof: HealthProof | undefined;
  private probes = 0;

  constructor(db: Kysely<LeadDatabase>, file: FileGuard) {
    this.db = db;
    this.file = file;
  }

  async health(): Promise<HealthResult> {
    try {
      this.file.assertInPlace();
    } catch (error) {
      return { ok: false, cause: storageProblem(error) };
    }
    // One write proves the database for every check of the next second, and for every check made
    // while it is on its way: a flood of health checks is not a flood of fsyncs. A failure is not
    // kept: the next check writes again.
    const proof = this.lastProof;
    if (proof && (proof.settledAt === undefined || performance.now() - proof.settledAt < healthProofMs))
      return proof.result;
    const next: HealthProof = {
      settledAt: undefined,
      result: withDeadline(this.write(), answerWithinMs).then(
        (): HealthResult => ({ ok: true }),
        (error: unknown): HealthResult => ({ ok: false, cause: storageProblem(error) }),
      ),
    };
    this.lastProof = next;
    const result = await next.result;
    next.settledAt = performance.now();
    if (!result.ok && this.lastProof === next) this.lastProof = undefined;
    return result;
  }

  /** A real write: the probe row in `settings`. */
  async write(): Promise<void> {
    this.probes += 1;
    const row = { key: "health-probe", value: `${new Date().toISOString()} #${this.probes}` };
    await this.db
      .insertInto("settings")
      .values(row)
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: row.value }))
      .execute();
  }
}
