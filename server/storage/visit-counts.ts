import { sql, type Kysely, type Transaction } from "kysely";

import { otherValues, sourcesPerDay, visitDaysKept } from "#app/lib/visit-beacon.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase, VisitKind } from "./schema.ts";
import { buenosAiresDay } from "#app/lib/buenos-aires-time.ts";

/**
 * The daily visit counts (decisions 0016 and 0017): per Buenos Aires day, the
 * counts of each page and kind (a view, a form opened, a WhatsApp hand-off),
 * and apart from them the counts of each source (referring host and campaign)
 * and kind. Nothing about the visitor is written.
 *
 * A day's rows are bounded whatever is sent: pages are the site's own, and a
 * day names at most `sourcesPerDay` sources per kind, the most frequent ones
 * (a space-saving count: a new source takes the place of the smallest, whose
 * count moves to "otros"). Pushing a real source out costs junk hosts as many
 * visits each as the real source has. Increments arriving while a commit is on
 * its way are written together (one transaction, one fsync on SQLite), under
 * one lock shared by every instance on PostgreSQL, and each caller resolves
 * only once its count is committed.
 */
export { otherValues, sourcesPerDay, visitDaysKept };

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
type PageIncrement = { day: string; page: string; lang: string; kind: VisitKind; count: number };
type SourceIncrement = { referrer: string; campaign: string; count: number };

/** The advisory lock every instance's visit writes take on PostgreSQL ("visi"). */
const visitWritesLock = 0x76697369;
const dayMs = 24 * 60 * 60_000;

export class VisitCounts {
  private readonly db: Kysely<LeadDatabase>;
  private readonly kind: DatabaseKind;
  private readonly now: () => Date;
  private readonly assertWritable: () => void;
  private waiting: Waiting[] = [];
  private committing: Promise<void> | undefined;
  /** The sums of days that have ended, by day. */
  private readonly endedDays = new Map<string, DayTotals>();
  /** The sums over the ended days of recent ranges, by "from to". */
  private readonly endedRanges = new Map<string, Sums>();

  constructor(
    db: Kysely<LeadDatabase>,
    kind: DatabaseKind,
    now = () => new Date(),
    /** Throws when the database can take no write (SQLite: its file deleted or replaced). */
    assertWritable: () => void = () => {},
  ) {
    this.db = db;
    this.kind = kind;
    this.now = now;
    this.assertWritable = assertWritable;
  }

  /** Counts one event; resolves once committed. */
  async record(visit: VisitCount): Promise<void> {
    this.assertWritable();
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ visit, resolve, reject });
      this.committing ??= this.commitWaiting();
    });
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
    const pages = new Map<string, PageIncrement>();
    const sources = new Map<string, Map<string, SourceIncrement>>();
    for (const { day, page, lang, kind, referrer, campaign } of visits) {
      const pageKey = [day, page, kind].join("\u0000");
      const pageRow = pages.get(pageKey);
      if (pageRow) pageRow.count += 1;
      else pages.set(pageKey, { day, page, lang, kind, count: 1 });
      const dayKind = [day, kind].join("\u0000");
      const ofDay = sources.get(dayKind) ?? new Map<string, SourceIncrement>();
      sources.set(dayKind, ofDay);
      const sourceKey = [referrer, campaign].join("\u0000");
      const sourceRow = ofDay.get(sourceKey);
      if (sourceRow) sourceRow.count += 1;
      else ofDay.set(sourceKey, { referrer, campaign, count: 1 });
    }
    const seenAt = this.now().toISOString();
    await this.db.transaction().execute(async (transaction) => {
      // One writer at a time across instances (taken first, so no two ever wait on each other's
      // rows): a day's named sources are read, then replaced.
      if (this.kind === "postgres")
        await sql`select pg_advisory_xact_lock(${visitWritesLock})`.execute(transaction);
      for (const [, row] of [...pages].sort(byFirst))
        await transaction
          .insertInto("visit_pages")
          .values(row)
          .onConflict((conflict) =>
            conflict
              .columns(["day", "page", "kind"])
              .doUpdateSet({ count: sql`visit_pages.count + ${row.count}` }),
          )
          .execute();
      for (const [dayKind, increments] of [...sources].sort(byFirst)) {
        const [day, kind] = dayKind.split("\u0000") as [string, VisitKind];
        await addSources(transaction, day, kind, [...increments.values()], seenAt);
      }
    });
  }

  /** Deletes the counts of days more than `visitDaysKept` days before `today`; returns the rows deleted. */
  async forgetOldDays(today = buenosAiresDay(this.now())): Promise<number> {
    const cutoff = new Date(Date.parse(today) - visitDaysKept * dayMs).toISOString().slice(0, 10);
    let deleted = 0;
    for (const table of ["visit_pages", "visit_sources"] as const) {
      const result = await this.db.deleteFrom(table).where("day", "<", cutoff).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    for (const day of this.endedDays.keys()) if (day < cutoff) this.endedDays.delete(day);
    this.endedRanges.clear();
    return deleted;
  }

  /**
   * Sums per day and kind, per page and kind, and per source and kind, between two days
   * (inclusive). A day that has ended never changes (a count always goes to the current day), so
   * each ended day's sums are read once and kept, and so are the sums over the ended days of the
   * last few ranges asked for: twelve months read and add only today's rows. `bySource` may name
   * a source twice (once for the ended days, once for today): whoever reads it adds them up;
   * `endedSources` and `openSources` are its two parts.
   */
  async totals(fromDay: string, toDay: string, today = buenosAiresDay(this.now())) {
    const lastEnded = dayBefore(today) < toDay ? dayBefore(today) : toDay;
    const ended = fromDay <= lastEnded ? await this.endedSums(fromDay, lastEnded, today) : emptySums();
    const open =
      toDay >= today ? await this.sumDays(fromDay > today ? fromDay : today, toDay, today) : emptySums();
    const byPage = new Map<string, PageSum>();
    for (const row of [...ended.byPage, ...open.byPage]) {
      const key = `${row.page}\u0000${row.kind}`;
      const sum = byPage.get(key);
      if (sum) sum.count += row.count;
      else byPage.set(key, { ...row });
    }
    return {
      byDay: [...ended.byDay, ...open.byDay],
      byPage: [...byPage.values()],
      bySource: [...ended.bySource, ...open.bySource],
      /** The ended days' part of `bySource`: the same array while the range's ended days are. */
      endedSources: ended.bySource,
      openSources: open.bySource,
    };
  }

  /** The sums over ended days, kept for the last few ranges (the owner's three periods). */
  private async endedSums(fromDay: string, toDay: string, today: string): Promise<Sums> {
    const key = `${fromDay} ${toDay}`;
    const kept = this.endedRanges.get(key);
    if (kept) return kept;
    const sums = await this.sumDays(fromDay, toDay, today);
    // Ranges ending before the last ended day will not be asked for again.
    for (const old of this.endedRanges.keys()) if (!old.endsWith(toDay)) this.endedRanges.delete(old);
    this.endedRanges.set(key, sums);
    return sums;
  }

  /** The sums between two days, each day's from memory when it has ended and was read before. */
  private async sumDays(fromDay: string, toDay: string, today: string): Promise<Sums> {
    const days = daysBetween(fromDay, toDay);
    const missing = days.filter((day) => !this.endedDays.has(day));
    const fresh =
      missing.length > 0 ? await this.readDays(missing[0]!, missing.at(-1)!) : new Map<string, DayTotals>();
    for (const day of missing) if (day < today) this.endedDays.set(day, fresh.get(day) ?? emptyDay());
    const byDay: Sums["byDay"] = [];
    const byPage = new Map<string, PageSum>();
    const bySource = new Map<string, SourceSum>();
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
    const [byPage, bySource] = await Promise.all([
      this.db
        .selectFrom("visit_pages")
        .select(["day", "page", "kind", "count"])
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .execute(),
      this.db
        .selectFrom("visit_sources")
        .select(["day", "referrer", "campaign", "kind", "count"])
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .execute(),
    ]);
    const days = new Map<string, DayTotals>();
    const totalsOf = (day: string) => {
      const totals = days.get(day) ?? emptyDay();
      days.set(day, totals);
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

type SourceRow = SourceIncrement & { seenAt: string; stored: boolean };

/**
 * Adds one day and kind's source counts (space-saving): a named source adds to its row; a new one
 * takes a free place, or the place of the smallest (unseen longest on a tie), whose count goes to
 * "otros". Runs under the writers' lock, so a day never names more than `sourcesPerDay`.
 */
async function addSources(
  transaction: Transaction<LeadDatabase>,
  day: string,
  kind: VisitKind,
  increments: SourceIncrement[],
  seenAt: string,
): Promise<void> {
  const stored = await transaction
    .selectFrom("visit_sources")
    .select(["referrer", "campaign", "count", "seen_at"])
    .where("day", "=", day)
    .where("kind", "=", kind)
    .execute();
  const named = new Map<string, SourceRow>();
  for (const row of stored)
    if (!isOthers(row))
      named.set([row.referrer, row.campaign].join("\u0000"), {
        referrer: row.referrer,
        campaign: row.campaign,
        count: Number(row.count),
        seenAt: row.seen_at,
        stored: true,
      });
  const changed = new Set<SourceRow>();
  const evicted: SourceRow[] = [];
  let toOthers = 0;
  // The batch's heavier sources first: they have the better claim to a place.
  for (const increment of increments.sort((a, b) => b.count - a.count)) {
    if (isOthers(increment)) {
      toOthers += increment.count;
      continue;
    }
    const key = [increment.referrer, increment.campaign].join("\u0000");
    let row = named.get(key);
    if (row) row.count += increment.count;
    else {
      if (named.size >= sourcesPerDay) {
        const [smallestKey, smallest] = [...named].reduce((a, b) => (isSmaller(b[1], a[1]) ? b : a));
        named.delete(smallestKey);
        changed.delete(smallest);
        toOthers += smallest.count;
        if (smallest.stored) evicted.push(smallest);
      }
      row = { ...increment, seenAt, stored: false };
      named.set(key, row);
    }
    row.seenAt = seenAt;
    changed.add(row);
  }
  for (const row of evicted)
    await transaction
      .deleteFrom("visit_sources")
      .where("day", "=", day)
      .where("kind", "=", kind)
      .where("referrer", "=", row.referrer)
      .where("campaign", "=", row.campaign)
      .execute();
  const writes = [...changed].map(({ referrer, campaign, count }) => ({
    referrer,
    campaign,
    count,
    add: false,
  }));
  if (toOthers > 0) writes.push({ referrer: otherValues, campaign: "", count: toOthers, add: true });
  for (const { referrer, campaign, count, add } of writes)
    await transaction
      .insertInto("visit_sources")
      .values({ day, kind, referrer, campaign, count, seen_at: seenAt })
      .onConflict((conflict) =>
        conflict.columns(["day", "kind", "referrer", "campaign"]).doUpdateSet({
          count: add ? sql`visit_sources.count + ${count}` : count,
          seen_at: seenAt,
        }),
      )
      .execute();
}

/** The row that sums every source the day does not name. */
const isOthers = (row: { referrer: string; campaign: string }) =>
  row.referrer === otherValues && row.campaign === "";

/** The smaller count; of two equal, the one seen longer ago, then the later name (deterministic). */
function isSmaller(a: SourceRow, b: SourceRow): boolean {
  if (a.count !== b.count) return a.count < b.count;
  if (a.seenAt !== b.seenAt) return a.seenAt < b.seenAt;
  return `${a.referrer} ${a.campaign}` > `${b.referrer} ${b.campaign}`;
}

const byFirst = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

const emptyDay = (): DayTotals => ({ kinds: new Map(), pages: [], sources: [] });

type PageSum = { page: string; kind: VisitKind; count: number };
type SourceSum = { referrer: string; campaign: string; kind: VisitKind; count: number };
type Sums = {
  byDay: { day: string; kind: VisitKind; count: number }[];
  byPage: PageSum[];
  bySource: SourceSum[];
};
const emptySums = (): Sums => ({ byDay: [], byPage: [], bySource: [] });

/** The date before ("2026-05-01" → "2026-04-30"). */
const dayBefore = (day: string) => new Date(Date.parse(day) - dayMs).toISOString().slice(0, 10);

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
