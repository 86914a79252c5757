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
 * Traffic stays on 127.0.0.0/8; every loop is bounded in time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "kysely";

import { resultPeriods } from "#app/features/inbox/inbox-service.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { LeadStore, randomId } from "../../server/leads/storage/lead-store.ts";
import { startPostgres } from "../postgres-server.ts";
import { startService, type ServiceProcess } from "../service-process.ts";
import { ensureSystemPackages } from "../system-packages.ts";
import { startSignedInSite } from "./signed-in-site.ts";
import { fillLeads, fillVisits } from "./traffic.ts";

const concurrencies = [1, 10, 50];
const seconds = Number(process.env.BENCH_LEAD_SECONDS ?? 5);
const samples = Number(process.env.BENCH_INBOX_SAMPLES ?? 30);
const leadCount = Number(process.env.BENCH_INBOX_LEADS ?? 100_000);
const visitsPerDay = 5_000;

type Rate = { perSecond: number; p50: number; p99: number; errors: number };
type Timing = { p50: number; p99: number };
export type InsightFigures = {
  database: string;
  endpoints: { clients: number; beacon: Rate; lead: Rate }[];
  visitRows: number;
  loadSeconds: number;
  /** `query` null: measured once, through the page only. */
  results: { name: string; query: Timing | null; page: Timing }[];
};

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const beaconBody = "p=%2Ftorres%2Falvear-tower&k=view&r=www.google.com&c=otono-2026";
const leadBody = new URLSearchParams({
  tipoPropiedad: "Departamento",
  direccion: "Juana Manso 1000, piso 3",
  superficie: "80",
  ambientes: "3 ambientes",
  nombre: "Visitante de prueba",
  telefono: "11 5555 0000",
  email: "prueba@example.com",
  _page: "/",
  _handoff: "tab-opened",
}).toString();

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
      for (const clients of concurrencies) {
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
            leadBody,
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

      const { dataDir, databaseUrl } = await fresh();
      const store = await LeadStore.open({ dataDir, databaseUrl });
      try {
        const started = performance.now();
        const now = new Date();
        const visitRows = await fillVisits(store, { days: 365, perDay: visitsPerDay, now });
        await fillLeads(store, { count: leadCount, days: 365, now });
        if (store.kind === "postgres") await sql`vacuum analyze`.execute(store.db);
        const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
        process.stderr.write(`insight: ${database}, a year of traffic stored in ${loadSeconds} s\n`);
        figures.push({
          database,
          endpoints,
          visitRows,
          loadSeconds,
          results: await measureResults(store, buildDir),
        });
      } finally {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await postgres.stop();
  }
  return figures;
}

async function measureResults(store: LeadStore, buildDir: string): Promise<InsightFigures["results"]> {
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

async function time(work: () => Promise<unknown>): Promise<Timing> {
  for (let warm = 0; warm < 3; warm++) await work();
  const latencies: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]! * 10) / 10;
}

export function printInsightTables(figures: InsightFigures[]): void {
  console.log(
    `\nVisit beacon beside the lead endpoint, same server process, ${seconds} s each, rate limit off (requests/s, ms):\n`,
  );
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((cell, index) =>
      Math.max(cell.length, ...rows.map((row) => row[index]!.length)),
    );
    const line = (row: string[]) =>
      `| ${row.map((cell, index) => cell.padEnd(widths[index]!)).join(" | ")} |`;
    console.log([line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n"));
  };
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
