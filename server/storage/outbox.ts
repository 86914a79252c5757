import type { Kysely, Selectable } from "kysely";

import { claimDue, recordFailed, recordSent } from "./retry-rows.ts";
import type { LeadDatabase, NotificationChannel, NotificationState, OutboxTable } from "./schema.ts";

/**
 * The outbox: each lead's e-mail and webhook, queued in the lead's own
 * transaction (lead-writes.ts) and delivered by the notification worker. A
 * lead's `notification` column follows its rows: sent, still trying, or failed.
 */

export type OutboxItem = { id: string; leadId: string; channel: NotificationChannel; attempts: number };

/** Notifications whose time has come, oldest first, each claimed for this worker. */
export async function dueNotifications(
  db: Kysely<LeadDatabase>,
  now: Date,
  limit: number,
): Promise<OutboxItem[]> {
  const claims = await claimDue(db, "outbox", now, limit);
  return claims.map(({ row }) => ({
    id: row.id,
    leadId: row.lead_id,
    channel: row.channel,
    attempts: row.attempts,
  }));
}

export async function markSent(db: Kysely<LeadDatabase>, item: OutboxItem, now: Date): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await recordSent(transaction, "outbox", { key: item.id, attempts: item.attempts }, now);
    await updateNotificationState(transaction, item.leadId);
  });
}

/** Records a failed attempt: retried at `retryAt`, or given up when that is null. */
export async function markFailed(
  db: Kysely<LeadDatabase>,
  item: OutboxItem,
  failure: { error: string; retryAt: Date | null; now: Date },
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await recordFailed(transaction, "outbox", { key: item.id, attempts: item.attempts }, failure);
    await updateNotificationState(transaction, item.leadId);
  });
}

export async function outboxOf(db: Kysely<LeadDatabase>, leadId: string): Promise<Selectable<OutboxTable>[]> {
  return db.selectFrom("outbox").selectAll().where("lead_id", "=", leadId).orderBy("channel").execute();
}

async function updateNotificationState(db: Kysely<LeadDatabase>, leadId: string): Promise<void> {
  const rows = await db
    .selectFrom("outbox")
    .select(["sent_at", "given_up_at"])
    .where("lead_id", "=", leadId)
    .execute();
  const state: NotificationState = rows.some((row) => row.given_up_at)
    ? "failed"
    : rows.every((row) => row.sent_at)
      ? "sent"
      : "pending";
  await db.updateTable("leads").set({ notification: state }).where("id", "=", leadId).execute();
}
