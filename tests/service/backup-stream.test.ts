import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  inspectSealed,
  objectDigest,
  seal,
  sealSnapshot,
  snapshotBatches,
  unseal,
  type Row,
  type Snapshot,
  type SnapshotEnd,
} from "../../server/backup/archive.ts";
import { BackupService } from "../../server/backup/backup-service.ts";
import { chainKeys } from "../../server/backup/chain.ts";
import { restoreBackup, type RestoreDestination } from "../../server/backup/restore.ts";
import { openTarget, type BackupTarget } from "../../server/backup/targets.ts";
import { Store } from "../../server/storage/store.ts";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { backupKit } from "./backup-kit.ts";
import { numberedExpressLeads } from "./express-lead.ts";

/**
 * Snapshots written and read as rows (decision 0045), on SQLite and PostgreSQL with a folder
 * target: a chain that starts at a snapshot written whole, as every snapshot was before, still
 * restores; a snapshot that grows past its ceiling, or changes, while the restore writes it is
 * refused and leaves nothing behind (no folder beside --to, no rows in the database).
 */
const { keys, folder } = backupKit("leads-stream");
let postgres: PostgresServer;
const cleanUp: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  postgres = await startPostgres({ durable: false });
}, 180_000);

afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
  await postgres?.stop();
}, 60_000);

const newLead = numberedExpressLeads({
  name: "Rosa Fluida",
  street: "Juana Manso",
  phone: "11 7000",
  email: "fluida",
});

type Database = "sqlite" | "postgres";
let databaseNumber = 0;

async function databaseUrl(): Promise<string> {
  return postgres.createDatabase(`stream${++databaseNumber}`);
}

async function openStore(database: Database): Promise<Store> {
  const store =
    database === "sqlite"
      ? await Store.open({ dataDir: folder("data") })
      : await Store.open({ dataDir: ".", databaseUrl: await databaseUrl() });
  cleanUp.push(() => store.close());
  return store;
}

/** A store with `leads` leads copied to a folder target: one snapshot, then its change sets. */
async function copied(database: Database, leads: number) {
  const store = await openStore(database);
  const target = folder("target");
  const clock = { now: Date.parse("2026-11-20T10:00:00.000Z") };
  const backup = new BackupService({
    store,
    settings: { url: pathToFileURL(target).href, recipient: keys.recipient },
    now: () => new Date(clock.now),
    log: () => {},
  });
  await backup.start();
  await backup.stop();
  const ids: string[] = [];
  for (let n = 0; n < leads; n++) ids.push((await store.leads.insert(newLead())).id);
  clock.now += 60_000;
  await backup.cycle();
  return { store, target, backup, clock, ids };
}

/** The chain's newest snapshot (the drill's turn writes one in the same minute as the first). */
async function newestSnapshot(target: string): Promise<string> {
  let newest: { name: string; sequence: number } | undefined;
  for (const file of readdirSync(join(target, "snapshots"))) {
    const name = `snapshots/${file}`;
    const { seal } = await inspectSealed(
      new Blob([readFileSync(join(target, name))]).stream(),
      keys.identity,
    );
    if (!newest || seal!.sequence > newest.sequence) newest = { name, sequence: seal!.sequence };
  }
  return newest!.name;
}

async function snapshotRows(
  bytes: Uint8Array,
): Promise<{ tables: Record<string, Row[]>; end: Partial<SnapshotEnd> }> {
  const end: Partial<SnapshotEnd> = {};
  const tables: Record<string, Row[]> = {};
  for await (const { table, rows } of snapshotBatches(
    new Blob([new Uint8Array(bytes)]).stream(),
    keys.identity,
    end,
  ))
    (tables[table] ??= []).push(...rows);
  return { tables, end };
}

async function destination(database: Database): Promise<{ to: RestoreDestination; parent?: string }> {
  if (database === "postgres") return { to: { databaseUrl: await databaseUrl() } };
  const parent = folder("restored");
  return { to: { dataDir: join(parent, "datos") }, parent };
}

/** What a restore destination holds afterwards: leads and rows per backed-up table, or no folder. */
async function leftIn({ to, parent }: { to: RestoreDestination; parent?: string }) {
  if (parent) return { files: readdirSync(parent) };
  const store = await Store.open({ dataDir: ".", databaseUrl: (to as { databaseUrl: string }).databaseUrl });
  try {
    const leads = await store.db.selectFrom("leads").select("id").execute();
    const visits = await store.db.selectFrom("visit_pages").selectAll().execute();
    return { leads: leads.length, visits: visits.length };
  } finally {
    await store.close();
  }
}

/** Rows ever inserted into `leads` in that database, committed or not, once the statistics arrive. */
async function insertedLeads(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await client.query<{ inserted: string }>(
        "select n_tup_ins as inserted from pg_stat_user_tables where relname = 'leads'",
      );
      const inserted = Number(rows[0]?.inserted ?? 0);
      if (inserted > 0 || attempt === 50) return inserted;
      await client.query("select pg_stat_clear_snapshot()");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

describe.each(["sqlite", "postgres"] as const)("%s", { timeout: 180_000 }, (database) => {
  test("a chain whose snapshot was written whole, as before decision 0045, still restores, with the change sets after it", async () => {
    const { store, target, backup, clock, ids } = await copied(database, 6);
    // A snapshot as the previous version wrote it: one JSON object, sealed whole. The head moves
    // to it, so the change sets after it link to its digest, as they did.
    clock.now += 60_000;
    await backup.snapshot();
    const name = await newestSnapshot(target);
    const streamed = readFileSync(join(target, name));
    const { seal: chainSeal } = await inspectSealed(
      new Blob([new Uint8Array(streamed)]).stream(),
      keys.identity,
    );
    const { tables, end } = await snapshotRows(streamed);
    const old: Snapshot = {
      kind: "snapshot",
      takenAt: new Date(clock.now).toISOString(),
      tables,
      tally: end.tally!,
      seal: chainSeal!,
    };
    const whole = await seal(old, [keys.recipient]);
    writeFileSync(join(target, name), whole);
    await store.backups.setState(chainKeys.head, {
      sequence: chainSeal!.sequence,
      name,
      digest: objectDigest(whole),
    });
    // Written whole indeed: it parses as one JSON object, which a streamed one does not.
    expect((await unseal<Snapshot>(whole, keys.identity)).tables.leads).toHaveLength(6);
    await expect(unseal(streamed, keys.identity)).rejects.toThrow();

    clock.now += 60_000;
    ids.push((await store.leads.insert(newLead())).id);
    await store.leads.deleteByIds([ids[0]!]);
    await backup.cycle();

    const place = await destination(database);
    const report = await restoreBackup({
      target: openTarget(pathToFileURL(target).href),
      identity: keys.identity,
      to: place.to,
    });
    expect(report.snapshotAt.toISOString()).toBe(old.takenAt);
    expect(report.changeSets).toBeGreaterThan(0);
    expect(report.rows.leads).toBe(6);
    const restored =
      "dataDir" in place.to
        ? await Store.open({ dataDir: place.to.dataDir })
        : await Store.open({ dataDir: ".", databaseUrl: place.to.databaseUrl });
    cleanUp.push(() => restored.close());
    const leads = await restored.db.selectFrom("leads").select("id").execute();
    expect(leads.map((row) => row.id).sort()).toEqual(ids.slice(1).sort());
  });

  test("a snapshot that grows past its ceiling while the restore writes it is refused by name, mid-way, and leaves nothing; one that changed is refused the same way", async () => {
    const { target, ids } = await copied(database, 5);
    const name = await newestSnapshot(target);
    const original = readFileSync(join(target, name));
    const { seal: chainSeal } = await inspectSealed(
      new Blob([new Uint8Array(original)]).stream(),
      keys.identity,
    );
    const { tables } = await snapshotRows(original);
    expect(tables.leads).toHaveLength(5);

    /** The same snapshot with `extra` more leads: what whoever may put objects swaps in mid-restore. */
    const grown = (extra: number) =>
      sealSnapshot(
        { takenAt: "2026-11-20T10:01:00.000Z", seal: chainSeal! },
        (async function* () {
          for (const [table, rows] of Object.entries(tables)) {
            yield { table, rows };
            if (table !== "leads") continue;
            const more = Array.from({ length: extra }, (_, n) => ({ ...rows[0]!, id: `intruso-${n}` }));
            for (let start = 0; start < more.length; start += 500)
              yield { table, rows: more.slice(start, start + 500) };
          }
        })(),
        [keys.recipient],
      );
    // The first read (judging the chain) gets the object as it was; the restore's own read, the swap.
    const swapping = (swapped: Uint8Array): BackupTarget => {
      const real = openTarget(pathToFileURL(target).href);
      let reads = 0;
      return {
        ...real,
        read: async (object) =>
          object === name && reads++ > 0 ? new Blob([new Uint8Array(swapped)]).stream() : real.read(object),
      };
    };
    const ceilings = { whole: 256 * 1024 * 1024, streamed: 1024 * 1024 };
    const large = await grown(4000);

    const beyond = await destination(database);
    await expect(
      restoreBackup({ target: swapping(large), identity: keys.identity, to: beyond.to, ceilings }),
    ).rejects.toThrow(`${name} se descomprime a más de 1 MB, más que cualquier copia de este servicio`);
    expect(await leftIn(beyond)).toEqual(database === "sqlite" ? { files: [] } : { leads: 0, visits: 0 });
    if (database === "postgres") {
      // Mid-way indeed: rows were written, then rolled back (PostgreSQL counts rolled-back inserts).
      const inserted = await insertedLeads((beyond.to as { databaseUrl: string }).databaseUrl);
      expect(inserted).toBeGreaterThan(tables.leads!.length);
      expect(inserted).toBeLessThan(tables.leads!.length + 4000);
    }

    const changed = await destination(database);
    await expect(
      restoreBackup({ target: swapping(await grown(1)), identity: keys.identity, to: changed.to, ceilings }),
    ).rejects.toThrow(`${name} cambió durante la restauración`);
    expect(await leftIn(changed)).toEqual(database === "sqlite" ? { files: [] } : { leads: 0, visits: 0 });

    // Untouched, the same restore, under the same ceilings, brings back our five.
    const plain = await destination(database);
    const report = await restoreBackup({
      target: openTarget(pathToFileURL(target).href),
      identity: keys.identity,
      to: plain.to,
      ceilings,
    });
    expect(report.rows.leads).toBe(ids.length);
    if (plain.parent) expect(existsSync(join(plain.parent, "datos"))).toBe(true);
  });
});
