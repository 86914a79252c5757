import { sql, type Kysely } from "kysely";

import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase, VisitKind } from "./schema.ts";

/**
 * The daily visit counts (decision 0017): one row per Buenos Aires day, page,
 * language, referring host and campaign, and what was counted (a view, a form
 * opened, a WhatsApp hand-off). Nothing about the visitor is written.
 *
 * Referring hosts and campaigns are bounded: past `distinctPerDay` values in one
 * day, a new one counts as "otros", so a flood of invented hosts cannot grow the
 * table. Increments arriving while a commit is on its way are written together
 * (one transaction, one fsync on SQLite), and each caller resolves only once
 * its count is committed.
 */
export const distinctPerDay = 30;
/** Every host or campaign past the day's bound. */
export const otherValues = "otros";

export type VisitCount = {
  day: string;
  page: string;
  lang: string;
  /** The referring host, "" for none. */
  referrer: string;
  /** utm_campaign, "" for none. */
  campaign: string;
  kind: VisitKind;
};

type Waiting = { visit: VisitCount; resolve: () => void; reject: (error: unknown) => void };

export class VisitCounts {
  private readonly db: Kysely<LeadDatabase>;
  /** Values already admitted for a day (admission lasts the day): most visits need no look-up. */
  private admitted = new Map<string, Set<string>>();
  private admitting: Promise<unknown> = Promise.resolve();
  private waiting: Waiting[] = [];
  private committing: Promise<void> | undefined;

  constructor(db: Kysely<LeadDatabase>, _kind: DatabaseKind) {
    this.db = db;
  }

  /** Counts one event; resolves once committed. */
  async record(visit: VisitCount): Promise<void> {
    const referrer = await this.bounded(visit.day, "referrer", visit.referrer);
    const campaign = await this.bounded(visit.day, "campaign", visit.campaign);
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ visit: { ...visit, referrer, campaign }, resolve, reject });
      this.committing ??= this.commitWaiting();
    });
  }

  /** The value itself while the day has room for it, "otros" past the bound. */
  private async bounded(day: string, column: "referrer" | "campaign", value: string): Promise<string> {
    if (value === "" || value === otherValues) return value;
    const key = `${day} ${column}`;
    if (this.admitted.get(key)?.has(value)) return value;
    // One admission at a time in this process, so two new values cannot both take the last place.
    const decision = this.admitting.then(async () => {
      const known = await this.db
        .selectFrom("visit_counts")
        .select(sql<number>`count(distinct ${sql.ref(column)})`.as("distinct"))
        .select(sql<number>`sum(case when ${sql.ref(column)} = ${value} then 1 else 0 end)`.as("present"))
        .where("day", "=", day)
        .where(column, "not in", ["", otherValues])
        .executeTakeFirstOrThrow();
      const admit = Number(known.present ?? 0) > 0 || Number(known.distinct) < distinctPerDay;
      if (admit) {
        if (!this.admitted.has(key)) {
          // Yesterday's admissions are of no more use.
          for (const old of this.admitted.keys()) if (!old.startsWith(day)) this.admitted.delete(old);
          this.admitted.set(key, new Set());
        }
        this.admitted.get(key)!.add(value);
      }
      return admit ? value : otherValues;
    });
    this.admitting = decision.catch(() => undefined);
    return decision;
  }

  private async commitWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, 1000);
      try {
        await this.write(batch.map((entry) => entry.visit));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.committing = undefined;
  }

  /** Adds the batch's counts, merged per row, in one transaction. */
  private async write(visits: VisitCount[]): Promise<void> {
    const merged = new Map<string, VisitCount & { count: number }>();
    for (const visit of visits) {
      const key = JSON.stringify([
        visit.day,
        visit.page,
        visit.lang,
        visit.referrer,
        visit.campaign,
        visit.kind,
      ]);
      const row = merged.get(key);
      if (row) row.count += 1;
      else merged.set(key, { ...visit, count: 1 });
    }
    await this.db.transaction().execute(async (transaction) => {
      for (const row of merged.values())
        await transaction
          .insertInto("visit_counts")
          .values(row)
          .onConflict((conflict) =>
            conflict
              .columns(["day", "page", "lang", "referrer", "campaign", "kind"])
              .doUpdateSet({ count: sql`visit_counts.count + ${row.count}` }),
          )
          .execute();
    });
  }

  /** Sums per day and kind, and per page, referrer and campaign, between two days (inclusive). */
  async totals(fromDay: string, toDay: string) {
    const inRange = this.db.selectFrom("visit_counts").where("day", ">=", fromDay).where("day", "<=", toDay);
    const sum = sql<number>`sum(count)`.as("count");
    const [byDay, byPage, bySource] = await Promise.all([
      inRange.select(["day", "kind", sum]).groupBy(["day", "kind"]).execute(),
      inRange.select(["page", "kind", sum]).groupBy(["page", "kind"]).execute(),
      inRange
        .select(["referrer", "campaign", "kind", sum])
        .groupBy(["referrer", "campaign", "kind"])
        .execute(),
    ]);
    const numbers = <T extends { count: number }>(rows: T[]) =>
      rows.map((row) => ({ ...row, count: Number(row.count) }));
    return { byDay: numbers(byDay), byPage: numbers(byPage), bySource: numbers(bySource) };
  }
}

/** The date on Buenos Aires clocks, "2026-05-01": the day a visit is counted in. */
export function buenosAiresDay(moment: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Argentina/Buenos_Aires",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(moment);
}
