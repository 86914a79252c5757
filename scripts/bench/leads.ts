/**
 * Lead service benchmark (part of `npm run bench`; alone: `node scripts/bench/leads.ts`).
 * On SQLite and on a throw-away PostgreSQL (fsync on, as in production):
 * - submissions per second and p50/p99 latency through HTTP (the real server
 *   process) at 1, 10 and 50 concurrent clients, next to the raw limit of the
 *   same database: plain inserts with the same durability settings, no HTTP;
 * - a flood: one address posting as fast as it can while legitimate visitors
 *   post from 127.0.0.2… under the default rate limit: how many of theirs were
 *   stored, and their p99.
 * Traffic stays on 127.0.0.0/8; every loop is bounded in time.
 */
import { execFileSync } from "node:child_process";
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

import pg from "pg";

import { Store, randomId } from "../../server/storage/store.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { startPostgres } from "../postgres-server.ts";
import { startService, type ServiceProcess } from "../service-process.ts";
import { ensureSystemPackages } from "../system-packages.ts";
import { hasBuild } from "./variants.ts";

const concurrencies = [1, 10, 50];
const seconds = Number(process.env.BENCH_LEAD_SECONDS ?? 5);
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);

export type Throughput = { perSecond: number; p50: number; p99: number; count: number; errors: number };
export type LeadFigures = {
  database: string;
  rows: { clients: number; http: Throughput; raw: Throughput }[];
  flood: {
    legitimateSent: number;
    legitimateStored: number;
    legitimateP99: number;
    floodSent: number;
    floodRefused: number;
    floodStored: number;
  };
};

/** One express-form lead, as the form posts it: every part of the benchmark sends the same. */
export const benchLeadBody = new URLSearchParams({
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

/** `buildDir`: an existing production build (the service serves it; the figures are for its API). */
export async function measureLeadService(buildDir: string): Promise<LeadFigures[]> {
  ensureSystemPackages(["postgresql"]);
  const postgres = await startPostgres();
  const results: LeadFigures[] = [];
  try {
    for (const database of ["SQLite", "PostgreSQL"] as const) {
      const fresh = async (): Promise<Record<string, string>> => {
        if (database === "SQLite") return { LEADS_DATA_DIR: mkdtempSync(join(tmpdir(), "leads-bench-")) };
        return {
          DATABASE_URL: await postgres.createDatabase(`bench_${randomId().slice(0, 8).toLowerCase()}`),
        };
      };
      const rows: LeadFigures["rows"] = [];
      const rawEnv = await fresh();
      for (const clients of concurrencies) {
        const raw = await rawInserts(rawEnv, clients);
        const service = await startService({
          BUILD_DIR: buildDir,
          LEADS_RATE_LIMIT: "0",
          ...(await fresh()),
        });
        try {
          const http = await httpLoad(service, clients, seconds);
          rows.push({ clients, http, raw });
        } finally {
          await service.stop();
        }
        process.stderr.write(`leads: ${database}, ${clients} clients measured\n`);
      }
      const floodEnv = await fresh();
      const flood = await measureFlood(buildDir, floodEnv);
      results.push({ database, rows, flood });
      for (const env of [floodEnv, rawEnv])
        if (env.LEADS_DATA_DIR) rmSync(env.LEADS_DATA_DIR, { recursive: true, force: true });
    }
  } finally {
    await postgres.stop();
  }
  return results;
}

/** Posts as fast as `clients` keep-alive connections allow, for `duration` seconds. */
export async function httpLoad(
  service: ServiceProcess,
  clients: number,
  duration: number,
): Promise<Throughput> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const agent = new Agent({
        keepAlive: true,
        maxSockets: 1,
        localAddress: `127.0.0.${2 + (index % 200)}`,
      });
      while (performance.now() < deadline) {
        const sent = performance.now();
        const status = await post(service, agent, benchLeadBody);
        if (status === 201) latencies.push(performance.now() - sent);
        else errors++;
      }
      agent.destroy();
    }),
  );
  return summary(latencies, errors, (performance.now() - started) / 1000);
}

/** The same durability, no HTTP and no application: one row per transaction. */
async function rawInserts(env: Record<string, string>, clients: number): Promise<Throughput> {
  const store = await Store.open({
    dataDir: env.LEADS_DATA_DIR ?? "unused",
    databaseUrl: env.DATABASE_URL,
  });
  await store.close(); // the schema, made by the service's own migrations
  const row = () => [
    randomId(),
    new Date().toISOString(),
    "express",
    "/",
    benchLeadBody,
    "tab-opened",
    "0".repeat(32),
    "bench",
    "nuevo",
    "not-configured",
    "Visitante",
    "prueba@example.com",
    "11 5555 0000",
    "prueba@example.com",
    "55550000",
    "visitante",
  ];
  const columns =
    "id, received_at, form_id, page, answers, handoff, client_ip_hash, user_agent, status, notification, " +
    "contact_name, contact_email, contact_phone, email_key, phone_key, search_text";
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + Math.max(2, seconds / 2) * 1000;
  if (env.LEADS_DATA_DIR) {
    // One connection, as the service has: concurrency changes nothing for a synchronous driver.
    const database = new DatabaseSync(join(env.LEADS_DATA_DIR, "leads.sqlite"));
    database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL");
    const insert = database.prepare(
      `insert into leads (${columns}) values (${Array(16).fill("?").join(", ")})`,
    );
    while (performance.now() < deadline) {
      const sent = performance.now();
      insert.run(...row());
      latencies.push(performance.now() - sent);
    }
    database.close();
  } else {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: clients });
    const text = `insert into leads (${columns}) values (${Array.from({ length: 16 }, (_, i) => `$${i + 1}`).join(", ")})`;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          const sent = performance.now();
          await pool.query(text, row());
          latencies.push(performance.now() - sent);
        }
      }),
    );
    await pool.end();
  }
  return summary(latencies, 0, (performance.now() - started) / 1000);
}

async function measureFlood(buildDir: string, env: Record<string, string>): Promise<LeadFigures["flood"]> {
  // The default limit (10 a minute per address) is what production runs.
  const service = await startService({ BUILD_DIR: buildDir, ...env });
  const legitimate: { latency: number; id?: string }[] = [];
  let floodSent = 0;
  let floodRefused = 0;
  const deadline = performance.now() + floodSeconds * 1000;
  try {
    const flooder = new Agent({ keepAlive: true, maxSockets: 20, localAddress: "127.0.0.250" });
    const flood = Array.from({ length: 20 }, async () => {
      while (performance.now() < deadline) {
        const status = await post(service, flooder, benchLeadBody);
        floodSent++;
        if (status !== 201) floodRefused++; // 429, or the connection the service closed after it
      }
    });
    // 20 visitors, each posting every 2 s: 5 in 10 s, well within their own limit.
    const visitors = Array.from({ length: 20 }, async (_, index) => {
      const agent = new Agent({ keepAlive: false, localAddress: `127.0.0.${2 + index}` });
      await new Promise((resolve) => setTimeout(resolve, index * 100));
      while (performance.now() < deadline) {
        const sent = performance.now();
        const answer = await postForId(service, agent);
        legitimate.push({ latency: performance.now() - sent, id: answer });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    });
    await Promise.all([...flood, ...visitors]);
    flooder.destroy();
  } finally {
    await service.stop();
  }
  const store = await Store.open({
    dataDir: env.LEADS_DATA_DIR ?? "unused",
    databaseUrl: env.DATABASE_URL,
  });
  try {
    let legitimateStored = 0;
    for (const { id } of legitimate) if (id && (await store.leads.get(id))) legitimateStored++;
    const { total } = await store.leads.list({}, { limit: 1, offset: 0 });
    const latencies = legitimate.map((entry) => entry.latency);
    return {
      legitimateSent: legitimate.length,
      legitimateStored,
      legitimateP99: percentile(latencies, 0.99),
      floodSent,
      floodRefused,
      floodStored: total - legitimateStored,
    };
  } finally {
    await store.close();
  }
}

function post(service: ServiceProcess, agent: Agent, payload: string): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${service.baseUrl}/api/form/submit/express`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
          "Content-Length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(payload);
  });
}

function postForId(service: ServiceProcess, agent: Agent): Promise<string | undefined> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${service.baseUrl}/api/form/submit/express`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve(response.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : undefined),
        );
      },
    );
    outgoing.on("error", () => resolve(undefined));
    outgoing.end(benchLeadBody);
  });
}

function summary(latencies: number[], errors: number, elapsedSeconds: number): Throughput {
  return {
    perSecond: Math.round(latencies.length / elapsedSeconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    count: latencies.length,
    errors,
  };
}

/** The value below which `fraction` of `values` fall, to 0.1 (NaN for none): every part's p50 and p99. */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]! * 10) / 10;
}

export function printLeadTables(results: LeadFigures[]): void {
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((_, column) =>
      Math.max(...[header, ...rows].map((row) => row[column]!.length)),
    );
    const line = (row: string[]) =>
      `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
    console.log(line(header));
    console.log(line(widths.map((width) => "-".repeat(width))));
    for (const row of rows) console.log(line(row));
  };
  console.log(
    `\nLead submissions (POST /api/form/submit/express, 201 after commit), ${seconds} s per row; ` +
      `raw = plain inserts, same durability, no HTTP. Load average when done: ${loadavg()[0]!.toFixed(1)} ` +
      `(2 cores; other work on the machine slows every figure)\n`,
  );
  table(
    [
      "database",
      "clients",
      "HTTP leads/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "raw inserts/s",
      "raw p50",
      "raw p99",
    ],
    results.flatMap((result) =>
      result.rows.map((row) => [
        result.database,
        String(row.clients),
        String(row.http.perSecond),
        String(row.http.p50),
        String(row.http.p99),
        String(row.http.errors),
        String(row.raw.perSecond),
        String(row.raw.p50),
        String(row.raw.p99),
      ]),
    ),
  );
  console.log(
    `\nFlood: 127.0.0.250 posting on 20 connections for ${floodSeconds} s (limit 10/min) while 20 visitors ` +
      `(127.0.0.2…21) post every 2 s\n`,
  );
  table(
    ["database", "legit sent", "legit stored", "legit p99 ms", "flood sent", "flood refused", "flood stored"],
    results.map(({ database, flood }) => [
      database,
      String(flood.legitimateSent),
      String(flood.legitimateStored),
      String(flood.legitimateP99),
      String(flood.floodSent),
      String(flood.floodRefused),
      String(flood.floodStored),
    ]),
  );
}

if (import.meta.main) {
  if (!hasBuild(defaultBuildDir)) execFileSync(process.execPath, ["scripts/build.ts"], { stdio: "inherit" });
  printLeadTables(await measureLeadService(defaultBuildDir));
}
