import { sql, type Kysely } from "kysely";

import { distinctPerDay, otherValues } from "#app/lib/visit-beacon.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase, VisitKind } from "./schema.ts";

/**
 * The daily visit counts (decision 0016): one row per Buenos Aires day, page,
 * language, referring host and campaign, and what was counted (a view, a form
 * opened, a WhatsApp hand-off). Nothing about the visitor is written.
 *
 * Referring hosts and campaigns are bounded: past `distinctPerDay` values in one
 * day, a new one counts as "otros", so a flood of invented hosts cannot grow the
 * table. Increments arriving while a commit is on its way are written together
 * (one transaction, one fsync on SQLite), and each caller resolves only once
 * its count is committed.
 */
export { distinctPerDay, otherValues };

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
  /** The sums of days that have ended, by day. */
  private readonly endedDays = new Map<string, DayTotals>();

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

  /**
   * Sums per day and kind, and per page, referrer and campaign, between two days (inclusive).
   * A day that has ended never changes (a count always goes to the current day), so each ended
   * day's sums are read once and kept: twelve months read only today's rows from the database.
   */
  async totals(fromDay: string, toDay: string, today = buenosAiresDay(new Date())) {
    const days = daysBetween(fromDay, toDay);
    const missing = days.filter((day) => !this.endedDays.has(day));
    const fresh =
      missing.length > 0 ? await this.readDays(missing[0]!, missing.at(-1)!) : new Map<string, DayTotals>();
    for (const [day, totals] of fresh) if (day < today) this.endedDays.set(day, totals);
    const byDay: { day: string; kind: VisitKind; count: number }[] = [];
    const byPage = new Map<string, { page: string; kind: VisitKind; count: number }>();
    const bySource = new Map<
      string,
      { referrer: string; campaign: string; kind: VisitKind; count: number }
    >();
    for (const day of days) {
      const totals = this.endedDays.get(day) ?? fresh.get(day);
      if (!totals) continue;
      for (const [kind, count] of totals.kinds) byDay.push({ day, kind, count });
      for (const row of totals.pages) {
        const key = `${row.page}\u0000${row.kind}`;
        const sum = byPage.get(key);
        if (sum) sum.count += row.count;
        else byPage.set(key, { ...row });
      }
      for (const row of totals.sources) {
        const key = `${row.referrer}\u0000${row.campaign}\u0000${row.kind}`;
        const sum = bySource.get(key);
        if (sum) sum.count += row.count;
        else bySource.set(key, { ...row });
      }
    }
    return { byDay, byPage: [...byPage.values()], bySource: [...bySource.values()] };
  }

  /** Each day's sums between two days, read from the database. */
  private async readDays(fromDay: string, toDay: string): Promise<Map<string, DayTotals>> {
    const inRange = this.db.selectFrom("visit_counts").where("day", ">=", fromDay).where("day", "<=", toDay);
    const sum = sql<number>`sum(count)`.as("count");
    const [byPage, bySource] = await Promise.all([
      inRange.select(["day", "page", "kind", sum]).groupBy(["day", "page", "kind"]).execute(),
      inRange
        .select(["day", "referrer", "campaign", "kind", sum])
        .groupBy(["day", "referrer", "campaign", "kind"])
        .execute(),
    ]);
    const days = new Map<string, DayTotals>();
    const totalsOf = (day: string) => {
      let totals = days.get(day);
      if (!totals) days.set(day, (totals = { kinds: new Map(), pages: [], sources: [] }));
      return totals;
    };
    for (const { day, page, kind, count } of byPage) {
      const totals = totalsOf(day);
      totals.pages.push({ page, kind, count: Number(count) });
      totals.kinds.set(kind, (totals.kinds.get(kind) ?? 0) + Number(count));
    }
    for (const { day, referrer, campaign, kind, count } of bySource)
      totalsOf(day).sources.push({ referrer, campaign, kind, count: Number(count) });
    return days;
  }
}

type DayTotals = {
  kinds: Map<VisitKind, number>;
  pages: { page: string; kind: VisitKind; count: number }[];
  sources: { referrer: string; campaign: string; kind: VisitKind; count: number }[];
};

/** Every date from one to the other, inclusive ("2026-05-01" … "2026-05-31"). */
function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(fromDay); time <= Date.parse(toDay); time += 24 * 60 * 60_000)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

// Made once: building a formatter costs about 70 µs, formatting with it about 1.
const buenosAiresDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Argentina/Buenos_Aires",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The date on Buenos Aires clocks, "2026-05-01": the day a visit is counted in. */
export function buenosAiresDay(moment: Date): string {
  return buenosAiresDate.format(moment);
}
