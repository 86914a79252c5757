import { sql, type Kysely } from "kysely";

import { buenosAiresDay } from "#app/lib/buenos-aires-time.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * The leads of a range summed in the database for the owner's results
 * (server/insight/results.ts): per Buenos Aires day, page and source, spam
 * excluded; and a fingerprint that changes whenever those sums may.
 */

export type LeadSums = {
  byDay: { day: string; leads: number; toWhatsApp: number }[];
  byPage: { page: string | null; leads: number; toWhatsApp: number }[];
  bySource: {
    origin_utm_campaign: string | null;
    origin_utm_source: string | null;
    origin_referrer: string | null;
    leads: number;
    toWhatsApp: number;
  }[];
};

/** The count and spam count of a range (ISO times): its sums change only when one of these does. */
export async function leadFingerprint(db: Kysely<LeadDatabase>, from: string, to: string): Promise<string> {
  const row = await db
    .selectFrom("leads")
    .where("received_at", ">=", from)
    .where("received_at", "<", to)
    .select([
      sql<number>`count(*)`.as("total"),
      sql<number>`sum(case when status = 'spam' then 1 else 0 end)`.as("spam"),
    ])
    .executeTakeFirstOrThrow();
  return `${Number(row.total)} ${Number(row.spam ?? 0)}`;
}

/** The leads received from one moment to another (ISO times), summed in the database. */
export async function sumLeads(db: Kysely<LeadDatabase>, from: string, to: string): Promise<LeadSums> {
  // Per UTC hour in the database (a cheap prefix of the ISO time), per Buenos Aires day here.
  const hour = sql<string>`substr(received_at, 1, 13)`;
  const counts = [
    sql<number>`count(*)`.as("leads"),
    sql<number>`sum(case when handoff = 'tab-opened' then 1 else 0 end)`.as("toWhatsApp"),
  ] as const;
  const inRange = db
    .selectFrom("leads")
    .where("received_at", ">=", from)
    .where("received_at", "<", to)
    .where("status", "!=", "spam");
  const [byDay, byPage, bySource] = await Promise.all([
    inRange
      .select([hour.as("hour"), ...counts])
      .groupBy(hour)
      .execute(),
    inRange
      .select(["page", ...counts])
      .groupBy("page")
      .execute(),
    inRange
      .select(["origin_utm_campaign", "origin_utm_source", "origin_referrer", ...counts])
      .groupBy(["origin_utm_campaign", "origin_utm_source", "origin_referrer"])
      .execute(),
  ]);
  const numbers = <T extends object>(rows: (T & { leads: number; toWhatsApp: number })[]) =>
    rows.map((row) => ({ ...row, leads: Number(row.leads), toWhatsApp: Number(row.toWhatsApp ?? 0) }));
  const days = new Map<string, { day: string; leads: number; toWhatsApp: number }>();
  for (const row of numbers(byDay)) {
    const day = buenosAiresDay(new Date(`${row.hour}:00:00.000Z`));
    const sum = days.get(day);
    if (sum) {
      sum.leads += row.leads;
      sum.toWhatsApp += row.toWhatsApp;
    } else days.set(day, { day, leads: row.leads, toWhatsApp: row.toWhatsApp });
  }
  return { byDay: [...days.values()], byPage: numbers(byPage), bySource: numbers(bySource) };
}
