import { Jobs } from "../jobs.ts";
import type { Handles } from "../storage/store.ts";
import { visitDaysKept } from "../storage/visit-counts.ts";
import type { OwnerAuth } from "./owner-auth.ts";
import type { SecondFactors } from "./second-factor/second-factors.ts";
import { buenosAiresDay } from "#app/lib/buenos-aires-time.ts";

/**
 * Retention (product decision 15, Ley 25.326): once a day, and once at start,
 * leads received more than LEADS_RETENTION_MONTHS months ago are deleted for
 * good, with their queued notifications; ended sessions and old login
 * failures go too. /privacidad states the same period from the same setting.
 * Visit counts older than `visitDaysKept` days go too (decision 0017, also
 * stated on /privacidad).
 */
export type RetentionJob = {
  /** The run made at start: how many leads it deleted (0 when it failed; it logs why). */
  firstRun: Promise<number>;
  runNow(): Promise<number>;
  stop(): void;
};

export const retentionIntervalMs = 24 * 60 * 60_000;

export function startRetentionJob(options: {
  store: Handles<"leads" | "visits">;
  auth: OwnerAuth;
  /** Its unanswered challenges and second steps are dropped too. */
  secondFactor?: SecondFactors;
  months: number;
  now: () => Date;
  log?: (line: string) => void;
  jobs?: Jobs;
}): RetentionJob {
  const log = options.log ?? ((line: string) => console.log(line));
  async function runNow(): Promise<number> {
    const deleted = await options.store.leads.deleteOlderThan(options.months, options.now());
    await options.auth.prune();
    const visitRows = await options.store.visits.forgetOldDays(buenosAiresDay(options.now()));
    if (visitRows > 0)
      log(`Retención: se borraron los recuentos de visitas de más de ${visitDaysKept} días.`);
    await options.secondFactor?.prune();
    if (deleted > 0)
      log(
        `Retención: ${deleted === 1 ? "se borró 1 lead" : `se borraron ${deleted} leads`} de más de ${options.months} meses.`,
      );
    return deleted;
  }
  const run = () =>
    runNow().catch((error: unknown) => {
      log(
        `Retención: falló (${error instanceof Error ? error.message : String(error)}); se reintenta mañana.`,
      );
      return 0;
    });
  const firstRun = run();
  const daily = (options.jobs ?? new Jobs(log)).every("Retención", retentionIntervalMs, run);
  return { firstRun, runNow, stop: () => daily.stop() };
}
