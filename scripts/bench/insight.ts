/**
 * Visit counting and /bandeja/resultados (part of `npm run bench`, part
 * "insight"; alone: `node scripts/bench/insight.ts`). On SQLite and on a
 * throw-away PostgreSQL (fsync on, as in production):
 * - the beacon endpoint (POST /api/visitas) and the lead endpoint in the same
 *   server process, one after the other, at 1, 10 and 50 concurrent clients:
 *   requests per second, p50 and p99;
 * - /bandeja/resultados for each period with one year of traffic (5,000 visits a
 *   day, scripts/bench/traffic.ts) and 100,000 leads: p50/p99 of the service's
 *   query and of the signed-in page over HTTP, next to the inbox's signed-in floor
 *   (a page that reads no lead).
 * - with the worst year the bound allows (every page and kind each day, each kind
 *   naming 100 sources never seen again, scripts/bench/traffic.ts) and 100,000
 *   leads, as `npm start` serves it (results on their worker thread): the home
 *   page and a lead submission idle, then while the owner reloads 12 months of
 *   results without pause, then while a flood of beacons with new hosts arrives
 *   from 3 addresses; and the 12 months' page itself (decision 0017).
 *   `BENCH_INSIGHT_WORST_ONLY=1` measures only this.
 * Traffic stays on 127.0.0.0/8; every loop is bounded in time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "kysely";

import { resultPeriods } from "#app/features/inbox/inbox-service.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { Store, randomId } from "../../server/storage/store.ts";
import { startPostgres } from "../postgres-server.ts";
import { startService, type ServiceProcess } from "../service-process.ts";
import { ensureSystemPackages } from "../system-packages.ts";
import { startSignedInSite } from "./signed-in-site.ts";
import { fillLeads, fillVisits, fillWorstCaseVisits } from "./traffic.ts";
import { benchLeadBody, percentile } from "./leads.ts";

const concurrencies = [1, 10, 50];
const seconds = Number(process.env.BENCH_LEAD_SECONDS ?? 5);
const samples = Number(process.env.BENCH_INBOX_SAMPLES ?? 30);
const leadCount = Number(process.env.BENCH_INBOX_LEADS ?? 100_000);
const visitsPerDay = 5_000;
const worstOnly = process.env.BENCH_INSIGHT_WORST_ONLY === "1";
/** Beacons a second in the flood: the audit's 8, from 3 addresses, each with a new host. */
const floodPerSecond = 8;
/** How long the site is sampled beside a report or a flood. */
const busyMs = 5_000;

type Rate = { perSecond: number; p50: number; p99: number; errors: number };
type Timing = { p50: number; p99: number };
export type InsightFigures = {
  database: string;
  endpoints: { clients: number; beacon: Rate; lead: Rate }[];
  visitRows: number;
  loadSeconds: number;
  /** `query` null: measured once, through the page only. */
  results: { name: string; query: Timing | null; page: Timing }[];
  /** The site beside the heaviest report and a beacon flood, over the worst year the bound allows. */
  worstYear?: { countRows: number; rows: { name: string; home: Timing; lead: Timing | null }[] };
};

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const beaconBody = "p=%2Ftorres%2Falvear-tower&k=view&r=www.google.com&c=otono-2026";

export async function measureInsight(buildDir = defaultBuildDir): Promise<InsightFigures[]> {
  ensureSystemPackages(["postgresql"]);
  const postgres = await startPostgres();
  const figures: InsightFigures[] = [];
  try {
    for (const database of ["SQLite", "PostgreSQL"] as const) {
      const fresh = async () => {
        const dataDir = mkdtempSync(join(tmpdir(), "insight-bench-"));
        const databaseUrl =
          database === "PostgreSQL"
            ? await postgres.createDatabase(`insight_${randomId().slice(0, 8).toLowerCase()}`)
            : undefined;
        return { dataDir, databaseUrl };
      };
      const endpoints: InsightFigures["endpoints"] = [];
      for (const clients of worstOnly ? [] : concurrencies) {
        const { dataDir, databaseUrl } = await fresh();
        const service = await startService({
          BUILD_DIR: buildDir,
          LEADS_RATE_LIMIT: "0",
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { LEADS_DATA_DIR: dataDir }),
        });
        try {
          const beacon = await load(
            service,
            "/api/visitas",
            "text/plain;charset=UTF-8",
            beaconBody,
            204,
            clients,
          );
          const lead = await load(
            service,
            "/api/form/submit/express",
            "application/x-www-form-urlencoded",
            benchLeadBody,
            201,
            clients,
          );
          endpoints.push({ clients, beacon, lead });
        } finally {
          await service.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
        process.stderr.write(`insight: ${database}, ${clients} clients measured\n`);
      }

      const figure: InsightFigures = { database, endpoints, visitRows: 0, loadSeconds: 0, results: [] };
      figures.push(figure);
      if (!worstOnly) Object.assign(figure, await measureNormalYear(await fresh(), database, buildDir));
      figure.worstYear = await measureWorstYear(await fresh(), database, buildDir);
      // Printed at once: a later database that fails loses nothing measured here.
      printWorstYear(figure);
    }
  } finally {
    await postgres.stop();
  }
  return figures;
}

async function measureNormalYear(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined },
  database: string,
  buildDir: string,
): Promise<Pick<InsightFigures, "visitRows" | "loadSeconds" | "results">> {
  const store = await Store.open({ dataDir, databaseUrl });
  try {
    const started = performance.now();
    const now = new Date();
    const visitRows = await fillVisits(store, { days: 365, perDay: visitsPerDay, now });
    await fillLeads(store, { count: leadCount, days: 365, now });
    if (store.kind === "postgres") await sql`vacuum analyze`.execute(store.db);
    const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
    process.stderr.write(`insight: ${database}, a year of traffic stored in ${loadSeconds} s\n`);
    return { visitRows, loadSeconds, results: await measureResults(store, buildDir) };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The worst year the bound allows and 100,000 leads, served as `npm start` serves them: the home
 * page and a lead, idle; while the owner reloads twelve months of results without pause; while
 * beacons with new hosts arrive from 3 addresses; and the twelve months' page itself.
 */
async function measureWorstYear(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined },
  database: string,
  buildDir: string,
): Promise<NonNullable<InsightFigures["worstYear"]>> {
  // Loading a year on a machine busy with other work can take a statement past the service's
  // 10-second limit; the load is not what is measured, so it may take longer here.
  const store = await Store.open({
    dataDir,
    databaseUrl: databaseUrl && `${databaseUrl}?query_timeout=120000`,
  });
  try {
    const now = new Date();
    const countRows = await fillWorstCaseVisits(store, { days: 365, now });
    await fillLeads(store, { count: leadCount, days: 365, now });
    if (store.kind === "postgres") await sql`vacuum analyze`.execute(store.db);
    process.stderr.write(`insight: ${database}, the worst year stored (${countRows} count rows)\n`);
    const site = await startSignedInSite(store, buildDir, { dataDir, databaseUrl });
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: "127.0.0.9" });
    const home = async () => {
      if ((await get(`${site.base}/`, "")) !== 200) throw new Error("/: not 200");
    };
    const lead = async () => {
      const status = await post(
        `${site.base}/api/form/submit/express`,
        agent,
        "application/x-www-form-urlencoded",
        benchLeadBody,
      );
      if (status !== 201) throw new Error(`lead: ${status}`);
    };
    const report = async () => {
      const status = await get(`${site.base}/bandeja/resultados?periodo=12-meses`, site.cookie);
      if (status !== 200) throw new Error(`resultados: ${status}`);
    };
    const rows: NonNullable<InsightFigures["worstYear"]>["rows"] = [];
    try {
      rows.push({ name: "idle", home: await time(home), lead: await time(lead) });
      // The first report after start reads the whole year; then the owner reloads without pause.
      rows.push(
        await whileRunning(report, async () => ({
          name: "while 12 months of results are built without pause",
          home: await time(home, busyMs),
          lead: await time(lead, busyMs),
        })),
      );
      let flooded = 0;
      const flood = async () => {
        const address = `127.0.0.${30 + (flooded % 3)}`;
        const body = `p=%2F&k=view&r=nuevo-${flooded}-${randomId().slice(0, 6).toLowerCase()}.example&c=`;
        flooded += 1;
        const floodAgent = new Agent({ keepAlive: false, localAddress: address });
        await post(`${site.base}/api/visitas`, floodAgent, "text/plain;charset=UTF-8", body);
        await new Promise((resolve) => setTimeout(resolve, 1000 / floodPerSecond));
      };
      rows.push(
        await whileRunning(flood, async () => ({
          name: `while ${floodPerSecond} beacons a second with new hosts arrive from 3 addresses`,
          home: await time(home, busyMs),
          lead: null,
        })),
      );
      rows.push({ name: "the 12 months' results page itself", home: await time(report), lead: null });
    } finally {
      agent.destroy();
      await site.stop();
    }
    return { countRows, rows };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `background` in a loop until `measure` is done. */
async function whileRunning<T>(background: () => Promise<void>, measure: () => Promise<T>): Promise<T> {
  let running = true;
  const loop = (async () => {
    while (running) await background();
  })();
  try {
    return await measure();
  } finally {
    running = false;
    await loop;
  }
}

async function measureResults(store: Store, buildDir: string): Promise<InsightFigures["results"]> {
  const { base, cookie, inbox, stop } = await startSignedInSite(store, buildDir);
  const page = (path: string) => async () => {
    const status = await get(`${base}${path}`, cookie);
    if (status !== 200) throw new Error(`${path}: ${status}`);
  };
  const rows: InsightFigures["results"] = [];
  try {
    // The first request after a start reads every ended day's counts once (then kept in memory).
    const started = performance.now();
    await page("/bandeja/resultados?periodo=12-meses")();
    const cold = Math.round((performance.now() - started) * 10) / 10;
    rows.push({
      name: "/bandeja/resultados?periodo=12-meses, first after start",
      query: null,
      page: { p50: cold, p99: cold },
    });
    rows.push({
      name: "inbox floor: a page without leads",
      query: await time(() => sql`select 1`.execute(store.db)),
      page: await time(page("/bandeja/titular")),
    });
    for (const period of resultPeriods)
      rows.push({
        name: `/bandeja/resultados?periodo=${period}`,
        query: await time(() => inbox.results(period)),
        page: await time(page(`/bandeja/resultados?periodo=${period}`)),
      });
  } finally {
    await stop();
  }
  return rows;
}

/** Posts as fast as `clients` keep-alive connections allow, for `seconds` seconds. */
async function load(
  service: ServiceProcess,
  path: string,
  contentType: string,
  body: string,
  expected: number,
  clients: number,
): Promise<Rate> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const agent = new Agent({
        keepAlive: true,
        maxSockets: 1,
        localAddress: `127.0.0.${2 + (index % 200)}`,
      });
      while (performance.now() < deadline) {
        const sent = performance.now();
        const status = await post(`${service.baseUrl}${path}`, agent, contentType, body);
        if (status === expected) latencies.push(performance.now() - sent);
        else errors++;
      }
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

function post(url: string, agent: Agent, contentType: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": contentType,
          Accept: "application/json",
          "User-Agent": browser,
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(body);
  });
}

function get(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** p50 and p99 of `samples` runs after 3 warm-ups, sampling on for at least `atLeastMs`. */
async function time(work: () => Promise<unknown>, atLeastMs = 0): Promise<Timing> {
  for (let warm = 0; warm < 3; warm++) await work();
  const latencies: number[] = [];
  const until = performance.now() + atLeastMs;
  for (let sample = 0; sample < samples || performance.now() < until; sample++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

/** The site beside the heaviest report and a beacon flood, over the worst year (one database). */
function printWorstYear(figure: InsightFigures): void {
  if (!figure.worstYear) return;
  console.log(
    `\n${figure.database}: the site beside the heaviest report, over the worst year the bound allows ` +
      `(${figure.worstYear.countRows.toLocaleString("en")} count rows) and ${leadCount.toLocaleString("en")} leads ` +
      `(results on their worker thread; ${samples}+ requests per cell after 3 warm-ups, ms):\n`,
  );
  printTable(
    ["while", "home p50", "home p99", "lead p50", "lead p99"],
    figure.worstYear.rows.map((row) => [
      row.name,
      String(row.home.p50),
      String(row.home.p99),
      row.lead ? String(row.lead.p50) : "-",
      row.lead ? String(row.lead.p99) : "-",
    ]),
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, index) => cell.padEnd(widths[index]!)).join(" | ")} |`;
  console.log([line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n"));
}

export function printInsightTables(figures: InsightFigures[]): void {
  if (worstOnly) return;
  console.log(
    `\nVisit beacon beside the lead endpoint, same server process, ${seconds} s each, rate limit off (requests/s, ms):\n`,
  );
  const table = printTable;
  table(
    [
      "database",
      "clients",
      "beacon /s",
      "beacon p50",
      "beacon p99",
      "lead /s",
      "lead p50",
      "lead p99",
      "errors",
    ],
    figures.flatMap((figure) =>
      figure.endpoints.map((row) => [
        figure.database,
        String(row.clients),
        String(row.beacon.perSecond),
        String(row.beacon.p50),
        String(row.beacon.p99),
        String(row.lead.perSecond),
        String(row.lead.p50),
        String(row.lead.p99),
        String(row.beacon.errors + row.lead.errors),
      ]),
    ),
  );
  console.log(
    `\n/bandeja/resultados with a year of traffic (${visitsPerDay.toLocaleString("en")} visits a day) and ` +
      `${leadCount.toLocaleString("en")} leads, ${samples} requests per row after 3 warm-ups (ms):\n`,
  );
  table(
    ["database", "what the owner opens", "query p50", "query p99", "page p50", "page p99"],
    figures.flatMap((figure) =>
      figure.results.map((row) => [
        `${figure.database} (${figure.visitRows.toLocaleString("en")} count rows)`,
        row.name,
        row.query ? String(row.query.p50) : "-",
        row.query ? String(row.query.p99) : "-",
        String(row.page.p50),
        String(row.page.p99),
      ]),
    ),
  );
}

if (import.meta.main) printInsightTables(await measureInsight());
