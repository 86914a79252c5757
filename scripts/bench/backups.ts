/**
 * Off-site backup benchmark (part of `npm run bench`; alone: `node scripts/bench/backups.ts`),
 * decision 0019. Against moto (S3-compatible, loopback) with the real service process:
 * - lead throughput with backups off and on, at 1, 10 and 50 clients, on SQLite and PostgreSQL:
 *   a service with backups off and one with them on run side by side, measured in alternating
 *   windows BENCH_BACKUP_PASSES times (5), and the median of each off → on pair's change is
 *   reported; both are under load for BENCH_WARMUP_SECONDS (3) first, as in production (the copy's
 *   thread compiles its code in its first seconds, a cost a running service paid long ago);
 * - time from a lead's 201 to "everything up to it is off the machine" (health's newestCopyAt),
 *   p50/p99, one lead at a time while 10 clients keep posting;
 * - 100,000 leads and a year of visit counts backed up, then restored into a fresh folder by the
 *   restore command as the owner runs it: its time, its peak memory and the bucket's bytes per
 *   lead; then again with a planted gzip bomb (1 MB sealed to the owner's key, 1 GiB once
 *   decompressed), refused and with --up-to-last-good, its peak memory beside the normal one
 *   (decision 0036); and the same snapshot written whole, as every snapshot was before decision
 *   0045 (buckets still hold them), restored beside the one written as rows (decision 0045).
 * BENCH_BACKUP_DATABASES=sqlite measures SQLite alone; BENCH_BACKUP_MEASURES=restore (comma-separated,
 * default "throughput,offsite,restore") only those measures.
 */
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";

import {
  inspectSealed,
  seal,
  snapshotBatches,
  type Row,
  type Snapshot,
  type SnapshotEnd,
} from "../../server/backup/archive.ts";
import { BackupService } from "../../server/backup/backup-service.ts";
import { openTarget } from "../../server/backup/targets.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { Store } from "../../server/storage/store.ts";
import { sealedGzipBomb } from "../gzip-bomb.ts";
import { startPostgres, type PostgresServer } from "../postgres-server.ts";
import { runRestoreCommand } from "../restore-command.ts";
import { startS3Server, type S3Server } from "../s3-server.ts";
import { healthDetails, startService, type ServiceProcess } from "../service-process.ts";
import { benchLeadBody, httpLoad, percentile, type Throughput } from "./leads.ts";
import { fillLeads, fillVisits } from "./traffic.ts";

const concurrencies = [1, 10, 50];
const seconds = Number(process.env.BENCH_LEAD_SECONDS ?? 5);
const restoreLeads = Number(process.env.BENCH_BACKUP_LEADS ?? 100_000);
const offsiteSamples = 100;
/** Off/on pairs per setting (BENCH_BACKUP_PASSES). */
const passes = Number(process.env.BENCH_BACKUP_PASSES ?? 5);
/** Load before each measured pass, on both sides (BENCH_WARMUP_SECONDS). */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

export type BackupFigures = {
  database: string;
  /** Per number of clients: the median pass of each side, and every pass. */
  throughput: {
    clients: number;
    off: Throughput;
    on: Throughput;
    samples: { off: Throughput[]; on: Throughput[] };
  }[];
  offsite?: { p50: number; p99: number; samples: number };
  restore?: {
    leads: number;
    visitRows: number;
    backupSeconds: number;
    restoreSeconds: number;
    bytes: number;
    bytesPerLead: number;
    /** The restore command's runs: normal, then with a planted bomb (refused, then up to the last good). */
    runs: RestoreRun[];
  };
};

export type RestoreRun = {
  case: string;
  outcome: string;
  seconds: number;
  peakBytes: number;
};

/** The planted object: about 1 MB in the bucket, this much once decompressed (the audit's case). */
const bombExpandsTo = 1024 * 1024 * 1024;

export async function measureBackups(buildDir = defaultBuildDir): Promise<BackupFigures[]> {
  const databases = (process.env.BENCH_BACKUP_DATABASES ?? "sqlite,postgres").split(",");
  const measures = (process.env.BENCH_BACKUP_MEASURES ?? "throughput,offsite,restore").split(",");
  const s3 = await startS3Server("bench");
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  let postgres: PostgresServer | undefined;
  let prefix = 0;
  const figures: BackupFigures[] = [];
  try {
    for (const database of databases) {
      if (database === "postgres") postgres ??= await startPostgres();
      const fresh = async () => {
        const dataDir = mkdtempSync(join(tmpdir(), "bench-backups-"));
        const databaseUrl =
          postgres && database === "postgres" ? await postgres.createDatabase(`b${++prefix}`) : undefined;
        return { dataDir, databaseUrl };
      };
      const environment = async (backups: boolean) => {
        const { dataDir, databaseUrl } = await fresh();
        return {
          dataDir,
          env: {
            BUILD_DIR: buildDir,
            LEADS_DATA_DIR: dataDir,
            LEADS_RATE_LIMIT: "0",
            LEADS_WEEKLY_SUMMARY: "off",
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
            ...(backups
              ? {
                  LEADS_BACKUP_URL: `s3://${s3.bucket}/p${++prefix}`,
                  LEADS_BACKUP_RECIPIENT: recipient,
                  ...s3.env,
                }
              : {}),
          },
        };
      };

      const throughput: BackupFigures["throughput"] = [];
      for (const clients of measures.includes("throughput") ? concurrencies : []) {
        // Both services run at once and are measured in turn, window after window: this machine's
        // speed drifts by 10-20 % within a minute, and windows seconds apart meet the same speed.
        const sides = { off: await environment(false), on: await environment(true) };
        const services = { off: await startService(sides.off.env), on: await startService(sides.on.env) };
        const samples = { off: [] as Throughput[], on: [] as Throughput[] };
        try {
          await copiedSince(services.on, new Date(0));
          for (const mode of ["off", "on"] as const)
            if (warmupSeconds > 0) await httpLoad(services[mode], clients, warmupSeconds);
          for (let pass = 0; pass < passes; pass++)
            for (const mode of ["off", "on"] as const) {
              samples[mode].push(await httpLoad(services[mode], clients, seconds));
              // The window's last leads are copied before the next window: its copy is not
              // charged to the other side.
              if (mode === "on") await drained(services.on);
            }
        } finally {
          for (const mode of ["off", "on"] as const) {
            await services[mode].stop();
            rmSync(sides[mode].dataDir, { recursive: true, force: true });
          }
        }
        throughput.push({ clients, off: median(samples.off), on: median(samples.on), samples });
        process.stderr.write(`backups: ${database}, ${clients} clients measured\n`);
      }

      const offsite = measures.includes("offsite")
        ? await measureOffsite(await environment(true))
        : undefined;
      process.stderr.write(`backups: ${database}, time to off-site measured\n`);
      const restore = measures.includes("restore")
        ? await measureRestore(await fresh(), s3, recipient, identity, `r${++prefix}`)
        : undefined;
      process.stderr.write(`backups: ${database}, restore of ${restoreLeads} leads measured\n`);
      figures.push({ database, throughput, offsite, restore });
    }
  } finally {
    await postgres?.stop();
    await s3.stop();
  }
  return figures;
}

/** One lead at a time while 10 clients keep posting: 201 → health says it is off the machine. */
async function measureOffsite({ dataDir, env }: { dataDir: string; env: Record<string, string> }) {
  const service = await startService(env);
  const latencies: number[] = [];
  try {
    await copiedSince(service, new Date(0));
    let loading = true;
    const background = httpLoadUntil(service, 10, () => loading);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let sample = 0; sample < offsiteSamples; sample++) {
      const status = await postOne(service, agent);
      if (status !== 201) continue;
      const acknowledged = new Date();
      const started = performance.now();
      await copiedSince(service, acknowledged);
      latencies.push(performance.now() - started);
    }
    loading = false;
    await background;
    agent.destroy();
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), samples: latencies.length };
}

async function httpLoadUntil(service: ServiceProcess, clients: number, going: () => boolean): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + index}` });
      while (going()) await postOne(service, agent);
      agent.destroy();
    }),
  );
}

async function measureRestore(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
  s3: S3Server,
  recipient: string,
  identity: string,
  prefix: string,
): Promise<BackupFigures["restore"]> {
  const url = `s3://${s3.bucket}/${prefix}`;
  Object.assign(process.env, s3.env);
  const store = await Store.open({ dataDir, databaseUrl });
  const restoredDir = mkdtempSync(join(tmpdir(), "bench-restored-"));
  try {
    const now = new Date();
    const visitRows = await fillVisits(store, { days: 365, perDay: 5_000, now });
    await fillLeads(store, { count: restoreLeads, days: 365, now });
    const backup = new BackupService({ store, settings: { url, recipient }, log: () => {} });
    await backup.start();
    await backup.stop();
    const backupStarted = performance.now();
    await backup.snapshot();
    const backupSeconds = (performance.now() - backupStarted) / 1000;
    const identityFile = join(restoredDir, "clave.txt");
    writeFileSync(identityFile, `${identity}\n`, { mode: 0o600 });
    const env = { LEADS_BACKUP_URL: url, ...s3.env };
    const restore = async (name: string, extra: string[] = [], other: Record<string, string> = {}) => {
      const run = await runRestoreCommand({ ...env, ...other }, [
        "--identity",
        identityFile,
        "--to",
        join(restoredDir, name),
        ...extra,
      ]);
      const leads = /leads: ([\d.]+) filas/.exec(run.stdout)?.[1]?.replaceAll(".", "");
      const outcome =
        run.status === 0
          ? `${Number(leads).toLocaleString("en")} leads restored`
          : `refused: ${/se descomprime a más de \d+ MB/.exec(run.stderr)?.[0] ?? run.stderr.trim().slice(0, 120)}`;
      return { run, leads: Number(leads), outcome };
    };
    const normal = await restore("datos");
    if (normal.leads !== restoreLeads)
      throw new Error(`restored ${normal.leads} leads of ${restoreLeads}: ${normal.run.stderr}`);
    const bytes = Number(/([\d.]+) bytes/.exec(normal.run.stdout)![1]!.replaceAll(".", ""));

    // The same snapshot as the service wrote it before decision 0045, in a prefix of its own.
    const wholeUrl = `${url}-entero`;
    const [snapshotName] = await openTarget(url).list("snapshots");
    await openTarget(wholeUrl).put(
      snapshotName!,
      await wholeSnapshot(await openTarget(url).get(snapshotName!), identity, recipient),
    );
    const whole = await restore("entero", [], { LEADS_BACKUP_URL: wholeUrl });
    if (whole.leads !== restoreLeads)
      throw new Error(
        `restored ${whole.leads} leads of ${restoreLeads} from the whole snapshot: ${whole.run.stderr}`,
      );

    const bomb = await sealedGzipBomb(recipient, bombExpandsTo);
    await openTarget(url).put(`changes/${new Date().toISOString().replace(/[-:.]/g, "")}-b0b0b0.age`, bomb);
    const refused = await restore("con-bomba");
    const lastGood = await restore("con-bomba-hasta-lo-verificado", ["--up-to-last-good"]);
    if (refused.run.status === 0 || lastGood.leads !== restoreLeads)
      throw new Error(
        `the planted object was not refused, or --up-to-last-good lost leads: ${lastGood.run.stderr}`,
      );
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const planted = `bomb planted (${megabytes(bomb.byteLength)} MB → ${megabytes(bombExpandsTo)} MB)`;
    const runs: RestoreRun[] = [
      { case: "normal (snapshot written as rows)", ...normal },
      { case: "snapshot written whole (before decision 0045)", ...whole },
      { case: planted, ...refused },
      { case: `${planted}, --up-to-last-good`, ...lastGood },
    ].map(({ case: name, run, outcome }) => ({
      case: name,
      outcome,
      seconds: round(run.seconds),
      peakBytes: run.peakBytes ?? 0,
    }));
    return {
      leads: restoreLeads,
      visitRows,
      backupSeconds: round(backupSeconds),
      restoreSeconds: runs[0]!.seconds,
      bytes,
      bytesPerLead: Math.round(bytes / restoreLeads),
      runs,
    };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoredDir, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 10) / 10;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A snapshot written as rows, sealed again whole, with the same seal: what buckets hold from before. */
async function wholeSnapshot(streamed: Uint8Array, identity: string, recipient: string): Promise<Uint8Array> {
  const { seal: chainSeal } = await inspectSealed(new Blob([new Uint8Array(streamed)]).stream(), identity);
  const end: Partial<SnapshotEnd> = {};
  const tables: Record<string, Row[]> = {};
  for await (const { table, rows } of snapshotBatches(
    new Blob([new Uint8Array(streamed)]).stream(),
    identity,
    end,
  ))
    for (const row of rows) (tables[table] ??= []).push(row);
  const content: Snapshot = {
    kind: "snapshot",
    takenAt: new Date().toISOString(),
    tables,
    tally: end.tally!,
    seal: chainSeal!,
  };
  return seal(content, [recipient]);
}

/** The pass with the median rate. */
function median(runs: readonly Throughput[]): Throughput {
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
}

/** Until the copy has nothing waiting. */
async function drained(service: ServiceProcess): Promise<void> {
  for (let attempt = 0; attempt < 12_000; attempt++) {
    const health = JSON.parse(await get(`${service.baseUrl}/api/health`)) as { backup: { pending: number } };
    if (health.backup.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the copy never caught up");
}

/** Waits until everything stored before `since` is off the machine, and the first drill is over. */
async function copiedSince(service: ServiceProcess, since: Date): Promise<void> {
  for (let attempt = 0; attempt < 12_000; attempt++) {
    const health = JSON.parse(await get(`${service.baseUrl}/api/health`)) as {
      backup: { newestCopyAt: string | null; lastVerifiedRestore: unknown };
    };
    const copied = health.backup.newestCopyAt && new Date(health.backup.newestCopyAt) > since;
    // The drill that follows the first copy would otherwise run inside the measurement.
    if (copied && health.backup.lastVerifiedRestore) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("never copied off the machine");
}

/** GET with health's details (the doctor's header). */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { headers: healthDetails }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve(text));
    })
      .on("error", reject)
      .end();
  });
}

function postOne(service: ServiceProcess, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${service.baseUrl}/api/form/submit/express`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", () => resolve(0));
    outgoing.end(benchLeadBody);
  });
}

/** The median of each off window and the on window after it, as a change in percent. */
function pairedChange(samples: { off: Throughput[]; on: Throughput[] }): number {
  const changes = samples.off.map(
    (off, index) => ((samples.on[index]!.perSecond - off.perSecond) / off.perSecond) * 100,
  );
  return percentile(changes, 0.5);
}

export function printBackupTables(figures: BackupFigures[]): void {
  for (const { database, throughput, offsite, restore } of figures) {
    if (throughput.length > 0) {
      console.log(
        `\nOff-site backups, ${database}: leads per second (p99 ms), backups off → on, both services up, ${throughput[0]?.samples.off.length ?? 0} alternating windows of ${seconds} s each after ${warmupSeconds} s of load; off and on: median window; change: median of the windows' pairs`,
      );
      console.log("clients | off            | on             | change  | limit  | every window, off / on");
    }
    for (const { clients, off, on, samples } of throughput) {
      const rates = (runs: Throughput[]) => runs.map((run) => run.perSecond).join(" ");
      console.log(
        `${String(clients).padStart(7)} | ${`${off.perSecond}/s (${off.p99})`.padEnd(14)} | ${`${on.perSecond}/s (${on.p99})`.padEnd(14)} | ${`${pairedChange(samples).toFixed(1)} %`.padEnd(7)} | -10 %  | ${rates(samples.off)} / ${rates(samples.on)}`,
      );
    }
    if (offsite)
      console.log(
        `201 → off the machine (10 clients posting meanwhile, ${offsite.samples} leads): p50 ${offsite.p50} ms, p99 ${offsite.p99} ms`,
      );
    if (!restore) continue;
    console.log(
      `${restore.leads.toLocaleString("en")} leads and ${restore.visitRows.toLocaleString("en")} visit-count rows: snapshot ${restore.backupSeconds} s, restore (download, decrypt, write, verify) ${restore.restoreSeconds} s, ${restore.bytes.toLocaleString("en")} bytes in the bucket (${restore.bytesPerLead} bytes per lead)`,
    );
    console.log(
      `\nThe restore command, ${database}, ${restore.leads.toLocaleString("en")} leads: peak memory (the process's maxRSS) without and with a planted gzip bomb`,
    );
    console.log(`${"case".padEnd(52)} | ${"outcome".padEnd(41)} | seconds | peak memory`);
    for (const run of restore.runs)
      console.log(
        `${run.case.padEnd(52)} | ${run.outcome.padEnd(41)} | ${String(run.seconds).padStart(7)} | ${mb(run.peakBytes).padStart(11)}`,
      );
    // Side by side: the snapshot as the service writes it now, and as buckets hold it from before.
    const [rows, whole, refused, lastGood] = restore.runs as [RestoreRun, RestoreRun, RestoreRun, RestoreRun];
    console.log(
      `
leads   | peak, snapshot as rows (s) | peak, snapshot whole (s) | bomb planted: refused (s) | bomb planted: --up-to-last-good (s)`,
    );
    const cell = (run: RestoreRun, width: number) => `${mb(run.peakBytes)} (${run.seconds})`.padEnd(width);
    console.log(
      `${restore.leads.toLocaleString("en").padEnd(7)} | ${cell(rows, 26)} | ${cell(whole, 24)} | ${cell(refused, 25)} | ${cell(lastGood, 35)}`,
    );
  }
}

if (import.meta.main) printBackupTables(await measureBackups());
