import type { Kysely, Selectable, Transaction } from "kysely";

import { iso } from "./lead-types.ts";
import type { LeadDatabase, OutboxTable } from "./schema.ts";

/**
 * The rows of a retry queue (the outbox's notifications, the weekly
 * summaries): the same columns in each table (attempts, next_attempt_at,
 * last_error, sent_at, given_up_at), claimed, sent and failed the same way.
 * The schedule lives in the database, so a restart resumes where it stopped.
 */

export type RetryTable = "outbox" | "weekly_summaries";
/** What names a row of each queue. */
const keyColumn = { outbox: "id", weekly_summaries: "week" } as const satisfies Record<RetryTable, string>;

/** A claimed row: its key, the tries it has had, and the row as read. */
export type RetryClaim<Row = unknown> = { key: string; attempts: number; row: Row };

/** How long a claimed row is left alone before another worker may try it. */
export const claimMs = 2 * 60_000;

/** Both tables seen through their shared columns, the key under one name. */
type RetryColumns = Pick<
  OutboxTable,
  "attempts" | "next_attempt_at" | "last_error" | "sent_at" | "given_up_at"
> & { id: string; week: string };
type QueueDatabase = Kysely<Record<"queue", RetryColumns>>;

function queueOf(db: Kysely<LeadDatabase> | Transaction<LeadDatabase>, table: RetryTable) {
  const queue = db as unknown as QueueDatabase;
  const key = keyColumn[table];
  return { queue, name: table as unknown as "queue", key };
}

/** The rows whose time has come, oldest first, each claimed for `claimMs`. */
export async function claimDue<Table extends RetryTable>(
  db: Kysely<LeadDatabase>,
  table: Table,
  now: Date,
  limit: number,
): Promise<RetryClaim<Selectable<LeadDatabase[Table]>>[]> {
  const { queue, name, key } = queueOf(db, table);
  const rows = await queue
    .selectFrom(name)
    .selectAll()
    .where("sent_at", "is", null)
    .where("given_up_at", "is", null)
    .where("next_attempt_at", "<=", iso(now))
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  const claimed: RetryClaim<Selectable<LeadDatabase[Table]>>[] = [];
  for (const row of rows) {
    // Claimed by moving its next attempt past the time a delivery may take: a second worker
    // (another process on the same PostgreSQL) sees the row changed and leaves it.
    const result = await queue
      .updateTable(name)
      .set({ next_attempt_at: iso(new Date(now.getTime() + claimMs)) })
      .where(key, "=", row[key])
      .where("next_attempt_at", "=", row.next_attempt_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1)
      claimed.push({
        key: row[key],
        attempts: row.attempts,
        row: row as unknown as Selectable<LeadDatabase[Table]>,
      });
  }
  return claimed;
}

export async function recordSent(
  db: Kysely<LeadDatabase> | Transaction<LeadDatabase>,
  table: RetryTable,
  claim: Pick<RetryClaim, "key" | "attempts">,
  now: Date,
): Promise<void> {
  const { queue, name, key } = queueOf(db, table);
  await queue
    .updateTable(name)
    .set({ sent_at: iso(now), attempts: claim.attempts + 1, last_error: null })
    .where(key, "=", claim.key)
    .execute();
}

/** A failed attempt: retried at `retryAt`, or given up when that is null. */
export async function recordFailed(
  db: Kysely<LeadDatabase> | Transaction<LeadDatabase>,
  table: RetryTable,
  claim: Pick<RetryClaim, "key" | "attempts">,
  failure: { error: string; retryAt: Date | null; now: Date },
): Promise<void> {
  const { queue, name, key } = queueOf(db, table);
  const { error, retryAt, now } = failure;
  await queue
    .updateTable(name)
    .set({
      attempts: claim.attempts + 1,
      last_error: error.slice(0, 500),
      next_attempt_at: retryAt ? iso(retryAt) : iso(now),
      given_up_at: retryAt ? null : iso(now),
    })
    .where(key, "=", claim.key)
    .execute();
}
