/**
 * Inbox benchmark (part of `npm run bench`; alone: `node scripts/bench/inbox.ts`).
 * With 100,000 stored leads (24 months, the seven forms, every status), on
 * SQLite and on a throw-away PostgreSQL (fsync on, as in production): p50 and
 * p99 of what the owner waits for, each measured twice:
 * - query: the inbox service's calls a page makes (the list, and the counts on top);
 * - page: the whole server-rendered page over HTTP (session check, queries, React render).
 * Requests run one after another (one owner), after a warm-up. Traffic stays on 127.0.0.1.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "kysely";

import type { LeadQuery } from "#app/features/inbox/inbox-service.ts";
import { allFields, type LeadValues } from "#app/features/leads/forms/types.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { contactOf, installedFormTowers, serviceFormIds, serviceForms } from "../../server/leads/forms.ts";
import { Store, postgresPoolSize, randomId, type NewLead } from "../../server/storage/store.ts";
import { handoffOutcomes } from "../../server/storage/schema.ts";
import { startPostgres } from "../postgres-server.ts";
import { ensureSystemPackages } from "../system-packages.ts";
import { benchSite as site, startSignedInSite } from "./signed-in-site.ts";
import { hasBuild } from "./variants.ts";

const leadCount = Number(process.env.BENCH_INBOX_LEADS ?? 100_000);
const samples = Number(process.env.BENCH_INBOX_SAMPLES ?? 60);
const exportSamples = Math.max(1, Math.round(samples / 10));

export type Timing = { p50: number; p99: number };
export type InboxFigures = {
  database: string;
  leads: number;
  loadSeconds: number;
  rows: { name: string; query: Timing; page: Timing }[];
};

type Scenario = { name: string; path: string; query: LeadQuery; page?: number };

/** The pages the owner opens most, and the searches. */
function scenarios(): Scenario[] {
  return [
    { name: "list, first page", path: "/bandeja", query: {} },
    { name: "list, page 2,000", path: "/bandeja?pagina=2000", query: {}, page: 2000 },
    {
      name: "one form, status nuevo",
      path: "/bandeja?formulario=valuation&estado=nuevo",
      query: { formId: "valuation", status: "nuevo" },
    },
    { name: "to call back", path: "/bandeja?llamar=1", query: { toCallBack: true } },
    { name: "this week", path: "/bandeja?semana=1", query: { thisWeek: true } },
    { name: "search a surname", path: "/bandeja?q=gonz%C3%A1lez", query: { search: "gonzález" } },
    { name: "search phone digits", path: "/bandeja?q=55501234", query: { search: "55501234" } },
    { name: "search, no match", path: "/bandeja?q=zzzz", query: { search: "zzzz" } },
  ];
}

export async function measureInbox(buildDir = defaultBuildDir): Promise<InboxFigures[]> {
  ensureSystemPackages(["postgresql"]);
  const postgres = await startPostgres();
  const results: InboxFigures[] = [];
  try {
    for (const database of ["SQLite", "PostgreSQL"] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), "inbox-bench-"));
      const databaseUrl =
        database === "PostgreSQL"
          ? await postgres.createDatabase(`inbox_${randomId().slice(0, 8).toLowerCase()}`)
          : undefined;
      const store = await Store.open({ dataDir, databaseUrl });
      try {
        const started = performance.now();
        await fill(store, leadCount);
        const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
        process.stderr.write(`inbox: ${database}, ${leadCount} leads stored in ${loadSeconds} s\n`);
        // A database at rest, as autovacuum leaves it a minute after such a load in production:
        // the planner's statistics up to date, the visibility map set.
        if (store.kind === "postgres") await sql`vacuum analyze leads`.execute(store.db);
        results.push({ database, leads: leadCount, loadSeconds, rows: await measureStore(store, buildDir) });
      } finally {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await postgres.stop();
  }
  return results;
}

async function measureStore(store: Store, buildDir: string): Promise<InboxFigures["rows"]> {
  const { base, cookie, inbox, stop } = await startSignedInSite(store, buildDir);

  const rows: InboxFigures["rows"] = [];
  try {
    // The floor: what every signed-in page costs before it reads a lead (a trivial query; the
    // session check and the render of a page that lists nothing).
    rows.push({
      name: "floor: a page without leads",
      query: await time(() => sql`select 1`.execute(store.db)),
      page: await time(async () => {
        const status = await get(`${base}/bandeja/titular`, cookie);
        if (status !== 200) throw new Error(`/bandeja/titular: ${status}`);
      }),
    });
    for (const scenario of scenarios()) {
      const offset = ((scenario.page ?? 1) - 1) * 25;
      const query = await time(() =>
        Promise.all([inbox.list(scenario.query, { limit: 25, offset }), inbox.counts()]),
      );
      const page = await time(async () => {
        const status = await get(`${base}${scenario.path}`, cookie);
        if (status !== 200) throw new Error(`${scenario.path}: ${status}`);
      });
      rows.push({ name: scenario.name, query, page });
    }
    const since = new Date(Date.now() - 60_000).toISOString();
    rows.push({
      name: "live update (poll)",
      query: await time(() => Promise.all([inbox.receivedSince({}, since), inbox.counts()])),
      page: await time(() => get(`${base}/bandeja/novedades?desde=${since}`, cookie)),
    });
    // The heaviest thing the owner can ask for: every lead as one CSV (fewer samples: seconds each).
    rows.push({
      name: "CSV of every lead",
      query: await time(() => inbox.csv({ query: {} }), exportSamples),
      page: await time(() => get(`${base}/bandeja/exportar.csv`, cookie), exportSamples),
    });
  } finally {
    await stop();
  }
  return rows;
}

/** One GET on a connection of its own (a kept-alive one may be closed by the server between rows). */
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

/** Runs `work` a few times to warm up, then `count` times one after another. */
async function time(work: () => Promise<unknown>, count = samples): Promise<Timing> {
  for (let warm = 0; warm < Math.min(3, count); warm++) await work();
  const latencies: number[] = [];
  for (let sample = 0; sample < count; sample++) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

const firstNames = [
  "María",
  "José",
  "Lucía",
  "Martín",
  "Sofía",
  "Juan",
  "Valentina",
  "Diego",
  "Camila",
  "Nicolás",
];
const surnames = [
  "González",
  "Rodríguez",
  "Fernández",
  "López",
  "Martínez",
  "Pérez",
  "Gómez",
  "Díaz",
  "Sánchez",
  "Romero",
];
const day = 24 * 60 * 60_000;

/**
 * Stores `count` leads spread over 700 days (inside the retention period),
 * through the store (`insertMany`: the rows `insert` would write), 500 to a
 * transaction; one in seven is spam. Then, as an owner would leave them: the
 * last week new, the weeks before contacted, the rest archived.
 */
async function fill(store: Store, count: number): Promise<void> {
  const forms = serviceForms(site, installedFormTowers);
  const formIds = serviceFormIds(site);
  const now = Date.now();
  const span = 700 * day;
  const batch = 500;
  const newLead = (n: number): NewLead => {
    const formId = formIds[n % formIds.length]!;
    const definition = forms(formId)!.definition;
    const values: LeadValues = Object.fromEntries(
      allFields(definition).map((field) => {
        if (field.autoComplete === "name")
          return [field.name, `${firstNames[n % 10]} ${surnames[Math.floor(n / 10) % 10]} ${n}`];
        if (field.type === "tel")
          return [field.name, `11 ${5550 + (n % 10)}-${String(n % 10_000).padStart(4, "0")}`];
        if (field.type === "email") return [field.name, `persona${n}@example.com`];
        if (field.type === "select") return [field.name, field.options![n % field.options!.length]!];
        if (field.type === "checkboxes") return [field.name, field.options!.slice(0, n % 3)];
        if (field.type === "number") return [field.name, String(40 + (n % 200))];
        if (field.type === "textarea")
          return [field.name, n % 4 === 0 ? "Quisiera saber el valor de mi propiedad." : ""];
        return [field.name, `Calle ${n % 900} ${n}`];
      }),
    );
    return {
      receivedAt: new Date(now - Math.floor(((count - n) / count) * span)),
      formId,
      page: "/",
      values,
      handoff: handoffOutcomes[n % handoffOutcomes.length]!,
      clientAddress: `203.0.113.${n % 250}`,
      userAgent: "Benchmark/1.0",
      spam: n % 7 === 6,
      contact: contactOf(definition, values),
      notify: [],
    };
  };
  // A few transactions at a time on PostgreSQL, never more than the store's pool hands out (the
  // rest would wait past its connect timeout); SQLite has one connection, so one at a time.
  const parallel = store.kind === "postgres" ? Math.min(4, postgresPoolSize) : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const start = next;
        next = Math.min(count, start + batch);
        await store.leads.insertMany(
          Array.from({ length: next - start }, (_, offset) => newLead(start + offset)),
        );
      }
    }),
  );
  const before = (days: number) => new Date(now - days * day).toISOString();
  // One pass, each row rewritten once: older than a week contacted, older than 60 days archived.
  await store.db
    .updateTable("leads")
    .set((eb) => ({
      status: eb
        .case()
        .when("received_at", "<", before(60))
        .then("archivado" as const)
        .else("contactado" as const)
        .end(),
    }))
    .where("status", "=", "nuevo")
    .where("received_at", "<", before(7))
    .execute();
}

export function printInboxTable(figures: InboxFigures[]): void {
  console.log(
    `\nInbox: ${samples} requests per row, one after another, after 3 warm-ups. query = the inbox service's calls ` +
      `for the page (list + counts); page = the server-rendered page over HTTP on 127.0.0.1 (ms).\n`,
  );
  const header = ["database", "what the owner opens", "query p50", "query p99", "page p50", "page p99"];
  const rows = figures.flatMap((figure) =>
    figure.rows.map((row) => [
      `${figure.database} (${figure.leads.toLocaleString("en")} leads)`,
      row.name,
      `${row.query.p50}`,
      `${row.query.p99}`,
      `${row.page.p50}`,
      `${row.page.p99}`,
    ]),
  );
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

if (import.meta.main) {
  if (!hasBuild(defaultBuildDir)) execFileSync(process.execPath, ["scripts/build.ts"], { stdio: "inherit" });
  printInboxTable(await measureInbox(defaultBuildDir));
}
