import type { Kysely } from "kysely";

import { claimDue, recordFailed, recordSent, type RetryClaim } from "./retry-rows.ts";
import type { LeadDatabase } from "./schema.ts";

/** The owner's weekly summaries, one row a week by its Monday, in the outbox's retry columns. */

export type SummaryItem = { week: string; attempts: number };

/** Queues the summary of `week` once, whichever process gets there first. */
export async function queueWeeklySummary(db: Kysely<LeadDatabase>, week: string, now: Date): Promise<void> {
  await db
    .insertInto("weekly_summaries")
    .values({ week, attempts: 0, next_attempt_at: now.toISOString(), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("week").doNothing())
    .execute();
}

/** The summaries whose time has come, each claimed like an outbox row. */
export async function dueSummaries(
  db: Kysely<LeadDatabase>,
  now: Date,
  limit: number,
): Promise<SummaryItem[]> {
  const claims = await claimDue(db, "weekly_summaries", now, limit);
  return claims.map(({ key, attempts }) => ({ week: key, attempts }));
}

export async function markSummarySent(db: Kysely<LeadDatabase>, item: SummaryItem, now: Date): Promise<void> {
  await recordSent(db, "weekly_summaries", claimOf(item), now);
}

export async function markSummaryFailed(
  db: Kysely<LeadDatabase>,
  item: SummaryItem,
  failure: { error: string; retryAt: Date | null; now: Date },
): Promise<void> {
  await recordFailed(db, "weekly_summaries", claimOf(item), failure);
}

const claimOf = (item: SummaryItem): Pick<RetryClaim, "key" | "attempts"> => ({
  key: item.week,
  attempts: item.attempts,
});
