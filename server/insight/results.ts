import type { ResultPeriod, ResultRow } from "#app/features/inbox/inbox-service.ts";
import { type Handles, type Lead, type LeadSums } from "../storage/store.ts";
import { campaignLabel, hostName } from "../leads/origin.ts";
import { otherValues } from "../storage/visit-counts.ts";
import { buenosAiresDay, dayText, startOfWeekInBuenosAires } from "#app/lib/buenos-aires-time.ts";

/**
 * What the site brought in over a period (decision 0016), for
 * /bandeja/resultados and the weekly e-mail: the beacon's daily counts beside
 * the stored leads, per week, page, source and tower. Weeks start on Monday,
 * days are Buenos Aires days.
 */
export type Report = {
  period: ResultPeriod;
  fromDay: string;
  toDay: string;
  /** The range's instants, ISO (the visits' funnel counts the leads received in it). */
  fromAt: string;
  toAt: string;
  totals: ResultRow;
  weeks: ResultRow[];
  pages: ResultRow[];
  sources: ResultRow[];
  waiting: Lead[];
  waitingTotal: number;
};

/** Weeks before the current one that each period adds (12 months: the 51 before this one). */
const weeksBefore: Record<ResultPeriod, number> = { semana: 0, "4-semanas": 3, "12-meses": 51 };
/** Sources a report names; the rest are summed in "otros" (a year can hold thousands of junk hosts). */
export const shownSources = 40;
/** The promise on every form: an answer within 24-48 h. */
export const answerWithinHours = 48;
const dayMs = 24 * 60 * 60_000;

/** What the results read: the leads, the visit counts and the leads' sums. */
export type ReportRows = Handles<"leads" | "visits" | "leadSums">;

export async function buildReport(
  store: ReportRows,
  period: ResultPeriod,
  now: Date,
  /** A past range instead of one ending now (the weekly e-mail's last week). */
  range?: { from: Date; to: Date },
): Promise<Report> {
  const from =
    range?.from ?? new Date(startOfWeekInBuenosAires(now).getTime() - weeksBefore[period] * 7 * dayMs);
  const to = range?.to ?? now;
  const fromDay = buenosAiresDay(from);
  const toDay = buenosAiresDay(new Date(to.getTime() - 1));
  const [visits, leads, waiting] = await Promise.all([
    store.visits.totals(fromDay, toDay),
    leadTotals(store, from, range?.to, now),
    store.leads.list(
      { status: "nuevo", receivedBefore: new Date(now.getTime() - answerWithinHours * 3_600_000) },
      { limit: 50, offset: 0 },
    ),
  ]);

  const weekOf = (day: string) => {
    const index = Math.floor((Date.parse(day) - Date.parse(fromDay)) / (7 * dayMs));
    return new Date(Date.parse(fromDay) + index * 7 * dayMs).toISOString().slice(0, 10);
  };
  const weeks = new Rows();
  for (let day = Date.parse(fromDay); day <= Date.parse(toDay); day += 7 * dayMs) {
    const key = new Date(day).toISOString().slice(0, 10);
    weeks.row(key, dayText(key, false));
  }
  const pages = new Rows();
  // The ended days' visits per source, summed once per range and shared by the reports after.
  const sources = new Rows(sourceRowsOf(visits.endedSources));
  const totals = new Rows();
  for (const count of visits.byDay) {
    weeks.addVisit(weekOf(count.day), count.kind, count.count);
    totals.addVisit("total", count.kind, count.count);
  }
  for (const count of visits.byPage) pages.addVisit(count.page, count.kind, count.count);
  for (const count of visits.openSources)
    sources.addVisit(sourceKey(count.campaign, count.referrer), count.kind, count.count);
  for (const count of leads.byDay) {
    weeks.addLeads(weekOf(count.day), count.leads, count.toWhatsApp);
    totals.addLeads("total", count.leads, count.toWhatsApp);
  }
  for (const count of leads.byPage)
    pages.addLeads(count.page ?? "(desconocida)", count.leads, count.toWhatsApp);
  for (const count of leads.bySource)
    sources.addLeads(
      sourceKey(count.origin_utm_campaign || count.origin_utm_source || "", count.origin_referrer ?? ""),
      count.leads,
      count.toWhatsApp,
    );

  const pageRows = pages.sorted();
  return {
    period,
    fromDay,
    toDay,
    fromAt: from.toISOString(),
    toAt: to.toISOString(),
    totals: totals.row("total", "Total"),
    weeks: weeks.inOrder(),
    pages: pageRows,
    sources: sources.top(shownSources),
    waiting: waiting.leads,
    waitingTotal: waiting.total,
  };
}

/**
 * The pages' rows that are a tower's, labelled with its name: by the towers
 * published now (server/site/published-site.ts), so a tower added a minute
 * ago is grouped and a retired one keeps its name. A page of no known tower is left out.
 */
export function towerRows(
  pages: readonly ResultRow[],
  towerName: (slug: string) => string | undefined,
): ResultRow[] {
  return pages.flatMap((row) => {
    const slug = towerSlugOf(row.key);
    const name = slug ? towerName(slug) : undefined;
    return name ? [{ ...row, label: name }] : [];
  });
}

/** The tower a page is of («/torres/<slug>», «/en/towers/<slug>»), or undefined. */
export function towerSlugOf(page: string): string | undefined {
  return /^(?:\/torres|\/en\/towers)\/([^/]+)$/.exec(page)?.[1];
}

/**
 * How a visit's or a lead's source is named: its campaign, else the referring host, else
 * "directo"; always a short label (decision 0017), whatever was stored.
 */
export function sourceKey(campaign: string, referrer: string): string {
  const memoKey = `${campaign}\u0000${referrer}`;
  let key = sourceKeys.get(memoKey);
  if (key === undefined) {
    // Worked out once per source: a year names the same ones day after day.
    if (sourceKeys.size > 200_000) sourceKeys.clear();
    key = nameOfSource(campaign, referrer);
    sourceKeys.set(memoKey, key);
  }
  return key;
}

const sourceKeys = new Map<string, string>();

function nameOfSource(campaign: string, referrer: string): string {
  const label = campaignLabel(campaign);
  if (label) return `campaña ${label}`;
  if (!referrer) return "directo";
  return hostName(referrer) ?? otherValues;
}

/**
 * The leads of the range (spam excluded), per Buenos Aires day, page and source. The hours before
 * the current one change only when a lead of theirs is deleted or marked spam (or unmarked), and
 * either changes their count or their spam count: their sums are kept while both stay the same,
 * so the owner's reloads read one count instead of a year of leads three times.
 */
async function leadTotals(store: ReportRows, from: Date, to: Date | undefined, now: Date): Promise<LeadSums> {
  const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const split = to && to < hourStart ? to : hourStart;
  const ended =
    from < split ? await endedLeadSums(store, from.toISOString(), split.toISOString()) : undefined;
  const open =
    !to || split < to
      ? await store.leadSums.sum(split.toISOString(), to?.toISOString() ?? "9999")
      : undefined;
  const days = new Map<string, { day: string; leads: number; toWhatsApp: number }>();
  for (const row of [...(ended?.byDay ?? []), ...(open?.byDay ?? [])]) {
    const sum = days.get(row.day);
    if (sum) {
      sum.leads += row.leads;
      sum.toWhatsApp += row.toWhatsApp;
    } else days.set(row.day, { ...row });
  }
  return {
    byDay: [...days.values()],
    byPage: [...(ended?.byPage ?? []), ...(open?.byPage ?? [])],
    bySource: [...(ended?.bySource ?? []), ...(open?.bySource ?? [])],
  };
}

const keptLeadSums = new WeakMap<ReportRows, Map<string, { fingerprint: string; sums: LeadSums }>>();

async function endedLeadSums(store: ReportRows, from: string, to: string): Promise<LeadSums> {
  const fingerprint = await store.leadSums.fingerprint(from, to);
  const kept = keptLeadSums.get(store) ?? new Map<string, { fingerprint: string; sums: LeadSums }>();
  keptLeadSums.set(store, kept);
  const key = `${from} ${to}`;
  const entry = kept.get(key);
  if (entry?.fingerprint === fingerprint) return entry.sums;
  const sums = await store.leadSums.sum(from, to);
  // Ranges ending at an earlier hour will not be asked for again.
  for (const old of kept.keys()) if (!old.endsWith(to)) kept.delete(old);
  kept.set(key, { fingerprint, sums });
  return sums;
}

const summedSources = new WeakMap<object, Map<string, ResultRow>>();

/** Visits per source as result rows, summed once for each array of counts the store keeps. */
function sourceRowsOf(
  counts: readonly { referrer: string; campaign: string; kind: string; count: number }[],
) {
  let rows = summedSources.get(counts);
  if (!rows) {
    const summed = new Rows();
    for (const count of counts)
      summed.addVisit(sourceKey(count.campaign, count.referrer), count.kind, count.count);
    rows = new Map(summed.sorted().map((row) => [row.key, row]));
    summedSources.set(counts, rows);
  }
  return rows;
}

/** Whether `a` comes before `b`: most visits first, then most leads, then by key. */
function isBefore(a: ResultRow, b: ResultRow): boolean {
  if (a.visits !== b.visits) return a.visits > b.visits;
  if (a.leads !== b.leads) return a.leads > b.leads;
  return a.key < b.key;
}

/** Rows by key, summed as counts arrive. */
class Rows {
  private readonly rows = new Map<string, ResultRow>();
  /** Rows summed before and shared between reports: read here, copied before a change. */
  private readonly base: ReadonlyMap<string, ResultRow>;

  constructor(base: ReadonlyMap<string, ResultRow> = new Map()) {
    this.base = base;
  }

  /** Every row: the base's unless changed here, then this report's own. */
  private *all(): Generator<ResultRow> {
    for (const [key, row] of this.base) if (!this.rows.has(key)) yield row;
    yield* this.rows.values();
  }

  row(key: string, label = key): ResultRow {
    let row = this.rows.get(key);
    const shared = row ? undefined : this.base.get(key);
    if (shared) {
      row = { ...shared };
      this.rows.set(key, row);
    }
    if (!row) {
      row = {
        key,
        label,
        visits: 0,
        formsOpened: 0,
        whatsappTaps: 0,
        leads: 0,
        leadsToWhatsApp: 0,
        conversion: null,
      };
      this.rows.set(key, row);
    }
    return row;
  }

  addVisit(key: string, kind: string, count: number): void {
    const row = this.row(key);
    if (kind === "view") row.visits += count;
    else if (kind === "form_open") row.formsOpened += count;
    else row.whatsappTaps += count;
    row.conversion = row.visits > 0 ? row.leads / row.visits : null;
  }

  addLeads(key: string, leads: number, toWhatsApp: number): void {
    const row = this.row(key);
    row.leads += leads;
    row.leadsToWhatsApp += toWhatsApp;
    row.conversion = row.visits > 0 ? row.leads / row.visits : null;
  }

  inOrder(): ResultRow[] {
    return [...this.all()].sort((a, b) => a.key.localeCompare(b.key));
  }

  /**
   * The `limit` first rows as `sorted` would give them, then one "otros" row with the rest: picked
   * in one pass (a year can hold a hundred thousand sources; sorting them all is what took time).
   */
  top(limit: number): ResultRow[] {
    const best: ResultRow[] = [];
    const rest = new Rows();
    for (const row of this.all()) {
      if (row.key === otherValues) {
        rest.add(otherValues, row);
        continue;
      }
      if (best.length === limit && !isBefore(row, best.at(-1)!)) {
        rest.add(otherValues, row);
        continue;
      }
      let at = best.length;
      while (at > 0 && isBefore(row, best[at - 1]!)) at -= 1;
      best.splice(at, 0, row);
      if (best.length > limit) rest.add(otherValues, best.pop()!);
    }
    return rest.rows.size > 0 ? [...best, rest.row(otherValues)] : best;
  }

  private add(key: string, counts: ResultRow): void {
    this.addVisits(key, counts);
    this.addLeads(key, counts.leads, counts.leadsToWhatsApp);
  }

  private addVisits(key: string, counts: ResultRow): void {
    this.addVisit(key, "view", counts.visits);
    this.addVisit(key, "form_open", counts.formsOpened);
    this.addVisit(key, "whatsapp", counts.whatsappTaps);
  }

  /** Most visits first, then most leads, then by key. */
  sorted(): ResultRow[] {
    return [...this.all()].sort((a, b) => (isBefore(a, b) ? -1 : isBefore(b, a) ? 1 : 0));
  }
}
