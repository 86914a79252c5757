/**
 * A year (or any span) of generated traffic for /bandeja/resultados: the daily
 * visit counts the beacon would have left, and leads with their origin, both
 * written straight into a store in large batches. For the benchmark
 * (scripts/bench/insight.ts) and the results page's screenshots. Deterministic:
 * the same arguments give the same rows.
 */
import { pages } from "#app/site-map.ts";
import { Store, postgresPoolSize, type LeadOrigin, type NewLead } from "../../server/storage/store.ts";
import type { VisitKind, VisitPagesTable, VisitSourcesTable } from "../../server/storage/schema.ts";
import { otherValues, sourcesPerDay } from "../../server/storage/visit-counts.ts";
import { buenosAiresDay } from "#app/lib/buenos-aires-time.ts";

const dayMs = 24 * 60 * 60_000;

/** Where visits come from, and how often (weights add up to 100). */
const sources: { referrer: string; campaign: string; weight: number }[] = [
  { referrer: "www.google.com", campaign: "", weight: 42 },
  { referrer: "", campaign: "", weight: 22 },
  { referrer: "l.instagram.com", campaign: "", weight: 9 },
  { referrer: "l.instagram.com", campaign: "otono-2026", weight: 8 },
  { referrer: "www.facebook.com", campaign: "", weight: 5 },
  { referrer: "www.google.com", campaign: "marca", weight: 6 },
  { referrer: "www.zonaprop.com.ar", campaign: "", weight: 4 },
  { referrer: "www.bing.com", campaign: "", weight: 2 },
  { referrer: "chatgpt.com", campaign: "", weight: 2 },
];

/** The home page and the service pages draw most visits; each tower page a little. */
function pageWeights(): { path: string; lang: string; weight: number }[] {
  return pages.map((page) => {
    const tower = page.path.startsWith("/torres/") || page.path.startsWith("/en/towers/");
    const home = page.path === "/" || page.path === "/en";
    const quiet = /privacidad|privacy|gracias|thank-you/.test(page.path);
    const base = home ? 60 : tower ? 3 : quiet ? 1 : 15;
    return { path: page.path, lang: page.lang, weight: page.lang === "en" ? base / 5 : base };
  });
}

/** A small seeded generator (mulberry32): the same traffic every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes `days` days of counts ending today, about `perDay` views a day; returns the rows written. */
export async function fillVisits(store: Store, options: { days: number; perDay: number; now: Date }) {
  const next = random(1);
  const weights = pageWeights();
  const pageTotal = weights.reduce((sum, page) => sum + page.weight, 0);
  const rows: VisitRow[] = [];
  for (let back = options.days - 1; back >= 0; back -= 1) {
    const date = new Date(options.now.getTime() - back * dayMs);
    const day = buenosAiresDay(date);
    // Fewer visits at weekends, a slow rise over the year.
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const level =
      (weekday === 0 || weekday === 6 ? 0.6 : 1.1) * (0.8 + (0.4 * (options.days - back)) / options.days);
    for (const page of weights)
      for (const source of sources) {
        const expected = (options.perDay * level * page.weight * source.weight) / (pageTotal * 100);
        const views = Math.round(expected * (0.7 + 0.6 * next()));
        if (views === 0) continue;
        const base = {
          day,
          page: page.path,
          lang: page.lang,
          referrer: source.referrer,
          campaign: source.campaign,
        };
        rows.push({ ...base, kind: "view", count: views });
        const opened = Math.round(views * 0.08 * (0.5 + next()));
        if (opened > 0) rows.push({ ...base, kind: "form_open", count: opened });
        const taps = Math.round(views * 0.015 * (0.5 + next()));
        if (taps > 0) rows.push({ ...base, kind: "whatsapp", count: taps });
      }
  }
  return writeVisits(store, rows);
}

type VisitRow = Omit<VisitPagesTable & VisitSourcesTable, "seen_at">;

/**
 * The worst `days` the bound allows, ending today: every page and kind counted each day, and each
 * kind naming `sourcesPerDay` sources never seen on another day (a flood of invented hosts), plus
 * "otros". Returns the rows written.
 */
export async function fillWorstCaseVisits(store: Store, options: { days: number; now: Date }) {
  const pageRows: VisitPagesTable[] = [];
  const sourceRows: VisitSourcesTable[] = [];
  const kinds: VisitKind[] = ["view", "form_open", "whatsapp"];
  for (let back = options.days - 1; back >= 0; back -= 1) {
    const day = buenosAiresDay(new Date(options.now.getTime() - back * dayMs));
    for (const page of pages)
      for (const kind of kinds) pageRows.push({ day, page: page.path, lang: page.lang, kind, count: 40 });
    for (const kind of kinds) {
      for (let index = 0; index < sourcesPerDay; index += 1)
        sourceRows.push({
          day,
          kind,
          referrer: `h${index}-${day}.example`,
          campaign: "",
          count: 2,
          seen_at: day,
        });
      sourceRows.push({ day, kind, referrer: otherValues, campaign: "", count: 5000, seen_at: day });
    }
  }
  await insertCounts(store, pageRows, sourceRows);
  return pageRows.length + sourceRows.length;
}

/** Writes generated counts as the beacon would have left them: per page, and per source. */
async function writeVisits(store: Store, rows: VisitRow[]): Promise<number> {
  const pageRows = new Map<string, VisitPagesTable>();
  const sourceRows = new Map<string, VisitSourcesTable>();
  for (const row of rows) {
    const pageKey = [row.day, row.page, row.kind].join(" ");
    const sourceKey = [row.day, row.kind, row.referrer, row.campaign].join(" ");
    const page = pageRows.get(pageKey);
    if (page) page.count += row.count;
    else
      pageRows.set(pageKey, {
        day: row.day,
        page: row.page,
        lang: row.lang,
        kind: row.kind,
        count: row.count,
      });
    const source = sourceRows.get(sourceKey);
    if (source) source.count += row.count;
    else
      sourceRows.set(sourceKey, {
        day: row.day,
        kind: row.kind,
        referrer: row.referrer,
        campaign: row.campaign,
        count: row.count,
        seen_at: row.day,
      });
  }
  await insertCounts(store, [...pageRows.values()], [...sourceRows.values()]);
  return pageRows.size + sourceRows.size;
}

async function insertCounts(
  store: Store,
  pageRows: VisitPagesTable[],
  sourceRows: VisitSourcesTable[],
): Promise<void> {
  await inBatches(store, pageRows.length, async (start, end) => {
    await store.db.insertInto("visit_pages").values(pageRows.slice(start, end)).execute();
  });
  await inBatches(store, sourceRows.length, async (start, end) => {
    await store.db.insertInto("visit_sources").values(sourceRows.slice(start, end)).execute();
  });
}

/**
 * Writes `count` leads spread over `days` days ending now, from the same pages and sources as
 * the visits, one in ten spam; then as an owner leaves them: older than a week contacted, and
 * a few of the last weeks still new (waiting past 48 h).
 */
export async function fillLeads(store: Store, options: { count: number; days: number; now: Date }) {
  const next = random(2);
  const weights = pageWeights();
  const pick = <T extends { weight: number }>(items: readonly T[]): T => {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let left = next() * total;
    for (const item of items) if ((left -= item.weight) <= 0) return item;
    return items.at(-1)!;
  };
  const span = options.days * dayMs;
  const leads: NewLead[] = Array.from({ length: options.count }, (_, n) => {
    const page = pick(weights);
    const source = pick(sources);
    const landing = next() < 0.6 ? page.path : pick(weights).path;
    const origin: LeadOrigin = {
      landing,
      referrer: source.referrer || null,
      utmSource: source.campaign ? source.referrer.replace(/^(www|l)\./, "").split(".")[0]! : null,
      utmMedium: source.campaign ? "cpc" : null,
      utmCampaign: source.campaign || null,
      lang: page.lang,
      device: next() < 0.7 ? "phone" : "computer",
    };
    const name = `Persona ${n + 1}`;
    return {
      receivedAt: new Date(options.now.getTime() - Math.floor(((options.count - n) / options.count) * span)),
      formId: "express",
      page: page.path,
      values: { nombre: name },
      handoff: next() < 0.55 ? "tab-opened" : next() < 0.5 ? "no-script" : "tab-refused",
      clientAddress: `203.0.113.${n % 250}`,
      userAgent: null,
      spam: n % 10 === 9,
      contact: {
        name,
        email: `persona${n + 1}@example.com`,
        phone: `11 5550-${String(n % 10_000).padStart(4, "0")}`,
      },
      origin,
      notify: [],
    };
  });
  await inBatches(store, leads.length, async (start, end) => {
    await store.leads.insertMany(leads.slice(start, end));
  });
  const before = (days: number) => new Date(options.now.getTime() - days * dayMs).toISOString();
  await store.db
    .updateTable("leads")
    .set({ status: "contactado" })
    .where("status", "=", "nuevo")
    .where("received_at", "<", before(7))
    // One in ten of the older ones (a phone ending in 0) is still waiting.
    .where("contact_phone", "not like", "%0")
    .execute();
}

/** 400 rows a statement; a few statements at once on PostgreSQL, one at a time on SQLite. */
async function inBatches(store: Store, total: number, write: (start: number, end: number) => Promise<void>) {
  const size = 400;
  const parallel = store.kind === "postgres" ? Math.min(4, postgresPoolSize) : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        const start = next;
        next = Math.min(total, start + size);
        await write(start, next);
      }
    }),
  );
}
