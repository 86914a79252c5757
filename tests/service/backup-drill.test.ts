import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Worker } from "node:worker_threads";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { backupRetentionDays } from "../../app/lib/backup-retention.ts";
import { inspectSealed, unseal, type ChangeSet } from "../../server/backup/archive.ts";
import { startBackupOnWorker } from "../../server/backup/backup-on-worker.ts";
import { BackupService } from "../../server/backup/backup-service.ts";
import type { BackupSchedule } from "../../server/backup/backup-state.ts";
import { restoreBackup } from "../../server/backup/restore.ts";
import { openTarget } from "../../server/backup/targets.ts";
import { smtpSender } from "../../server/leads/notify/email.ts";
import { Store } from "../../server/storage/store.ts";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { backupKit } from "./backup-kit.ts";
import { numberedExpressLeads } from "./express-lead.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";

/**
 * The backup's own logic in process, on a folder target: a restore to a moment before a deletion,
 * the drill and the owner's e-mail when it fails or copies fall behind, and two instances on one
 * PostgreSQL sharing the copies without doing them twice.
 */
const { keys, folder } = backupKit("leads-drill");
const cleanUp: (() => Promise<unknown>)[] = [];

// Registered after the kit's hooks, so it runs before the folders go (hooks unwind as a stack).
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 60_000);

/** A view of the home page, as the visit counter records it. */
const visit = { day: "2026-11-20", page: "/", lang: "es", referrer: "", campaign: "", kind: "view" } as const;

const newLead = numberedExpressLeads({
  name: "Rosa Restaurada",
  street: "Olga Cossettini",
  phone: "11 5000",
  email: "rosa",
});

/** A backup service whose cycles the test runs itself (never in the background). */
async function backupOf(
  store: Store,
  url: string,
  extra: { now?: () => Date; send?: ReturnType<typeof smtpSender>; schedule?: Partial<BackupSchedule> } = {},
) {
  const service = new BackupService({
    store,
    settings: { url, recipient: keys.recipient },
    site: async () => ({
      businessName: "Tasaciones",
      email: "avisos@example.com",
      siteUrl: "https://example.com",
    }),
    log: () => {},
    ...extra,
  });
  await service.start();
  await service.stop();
  return service;
}

/** The copy at `url` restored into a new folder: the restore's report, and the store on it (closed by the caller). */
async function restoredFrom(url: string) {
  const dataDir = join(folder("restored"), "datos");
  const report = await restoreBackup({ target: openTarget(url), identity: keys.identity, to: { dataDir } });
  return { report, copy: await Store.open({ dataDir }) };
}

async function startSmtp() {
  const catcher = await startSmtpCatcher();
  cleanUp.push(catcher.stop);
  return {
    received: catcher.messages,
    send: smtpSender(`smtp://127.0.0.1:${catcher.port}`, ["duenia@example.com"]),
  };
}

describe("SQLite, folder target", { timeout: 60_000 }, () => {
  test("a restore to a moment before a deletion brings the lead back; without --at it stays deleted", async () => {
    const url = `file://${folder("target")}`;
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    const backup = await backupOf(store, url);
    await backup.cycle();
    const [kept, deleted] = [await store.leads.insert(newLead()), await store.leads.insert(newLead())];
    await store.leads.setStatus([kept.id], "contactado");
    for (let n = 0; n < 3; n++) await store.visits.record(visit);
    await backup.cycle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const beforeDeletion = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.leads.deleteByIds([deleted.id]);
    await backup.cycle();

    const target = openTarget(url);
    const earlier = join(folder("earlier"), "datos");
    await restoreBackup({ target, identity: keys.identity, to: { dataDir: earlier }, at: beforeDeletion });
    const latest = join(folder("latest"), "datos");
    const report = await restoreBackup({ target, identity: keys.identity, to: { dataDir: latest } });
    expect(report.integrity).toBe("ok");
    expect(report.rows.leads).toBe(1);

    const [earlierStore, latestStore] = await Promise.all([
      Store.open({ dataDir: earlier }),
      Store.open({ dataDir: latest }),
    ]);
    try {
      expect(await earlierStore.leads.get(deleted.id)).toEqual(deleted);
      expect((await earlierStore.leads.get(kept.id))?.status).toBe("contactado");
      expect(await latestStore.leads.get(deleted.id)).toBeUndefined();
      expect(await latestStore.leads.get(kept.id)).toEqual({ ...kept, status: "contactado" });
      // The visit counts come back as they were: the page's three views, and their source.
      for (const table of ["visit_pages", "visit_sources"] as const)
        expect(await latestStore.db.selectFrom(table).selectAll().execute()).toEqual(
          await store.db.selectFrom(table).selectAll().execute(),
        );
      expect(await latestStore.db.selectFrom("visit_pages").select("count").execute()).toEqual([
        { count: 3 },
      ]);
    } finally {
      await Promise.all([earlierStore.close(), latestStore.close()]);
    }
  });

  test("a clock that steps back (a restart before the server's clock is set) never breaks the chain: every lead comes back", async () => {
    const url = `file://${folder("target")}`;
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    let now = new Date("2026-12-06T18:30:00.000Z");
    const backup = await backupOf(store, url, { now: () => now });
    await backup.cycle();
    const before = await store.leads.insert(newLead());
    now = new Date("2026-12-06T18:31:00.000Z");
    await backup.cycle();
    // Two minutes back, as after a reboot whose clock was not yet set: before the newest object.
    now = new Date("2026-12-06T18:29:00.000Z");
    const after = await store.leads.insert(newLead());
    await backup.cycle();
    // The service's own drill judges the chain as the restore does.
    expect(await backup.drill()).toMatchObject({ ok: true });

    const { report, copy: back } = await restoredFrom(url);
    try {
      expect(report.integrity).toBe("ok");
      expect(report.rows.leads).toBe(2);
      expect(await back.leads.get(before.id)).toEqual(before);
      expect(await back.leads.get(after.id)).toEqual(after);
    } finally {
      await back.close();
    }
  });

  test("a database from before the queue lost AUTOINCREMENT keeps its queued changes through the upgrade, and copies them", async () => {
    const url = `file://${folder("target")}`;
    const dataDir = folder("data");
    const store = await Store.open({ dataDir });
    const backup = await backupOf(store, url);
    await backup.cycle();
    const queued = await store.leads.insert(newLead());
    await store.close();
    // The queue as the version before it left it: AUTOINCREMENT ids, its triggers, one change waiting.
    const file = new DatabaseSync(join(dataDir, "leads.sqlite"));
    file.exec(`
      pragma legacy_alter_table = on;
      create table backup_changes_old (id integer primary key autoincrement, table_name text not null, row_key text not null);
      insert into backup_changes_old select * from backup_changes;
      drop table backup_changes;
      alter table backup_changes_old rename to backup_changes;
      delete from kysely_migration where name = '0013-backup-queue-ids';
    `);
    expect(
      file.prepare("select count(*) as n from sqlite_sequence where name = 'backup_changes'").get(),
    ).toEqual({ n: 1 });
    file.close();

    const upgraded = await Store.open({ dataDir });
    cleanUp.push(() => upgraded.close());
    expect((await upgraded.backups.queuedChanges(10, 1_000)).map((change) => change.key)).toEqual([
      [queued.id],
    ]);
    const again = await backupOf(upgraded, url);
    const after = await upgraded.leads.insert(newLead());
    expect(await upgraded.backups.pendingChanges()).toBe(2);
    await again.cycle();
    expect(await upgraded.backups.pendingChanges()).toBe(0);
    const check = new DatabaseSync(join(dataDir, "leads.sqlite"), { readOnly: true });
    expect(
      check.prepare("select count(*) as n from sqlite_sequence where name = 'backup_changes'").get(),
    ).toEqual({ n: 0 });
    check.close();

    const { copy: restoredStore } = await restoredFrom(url);
    try {
      expect(await restoredStore.leads.get(queued.id)).toEqual(queued);
      expect(await restoredStore.leads.get(after.id)).toEqual(after);
    } finally {
      await restoredStore.close();
    }
  });

  test("a copy thread that dies is started again and copies what was stored meanwhile; asking the dead thread fails at once", async () => {
    const url = `file://${folder("target")}`;
    const dataDir = folder("data");
    const store = await Store.open({ dataDir });
    cleanUp.push(() => store.close());
    const threads: Worker[] = [];
    const lines: string[] = [];
    const runner = await startBackupOnWorker(
      { storage: { dataDir }, settings: { url, recipient: keys.recipient } },
      store,
      {
        log: (line) => lines.push(line),
        restartAfterMs: 200,
        onThread: (thread) => threads.push(thread),
      },
    );
    cleanUp.push(() => runner.stop());
    await runner.cycle();

    await threads[0]!.terminate();
    const stored = await store.leads.insert(newLead());
    runner.kick();
    await expect(runner.cycle()).rejects.toThrow("se detuvo");
    await vi.waitFor(async () => expect(await store.backups.pendingChanges()).toBe(0), {
      timeout: 30_000,
      interval: 50,
    });
    expect(threads).toHaveLength(2);
    expect(lines.join("\n")).toContain("vuelve a empezar");

    const { copy: restoredStore } = await restoredFrom(url);
    try {
      expect(await restoredStore.leads.get(stored.id)).toEqual(stored);
    } finally {
      await restoredStore.close();
    }
  });

  test("what the owner publishes comes back: versions with their facts and towers, the photos' bytes, the drafts", async () => {
    const url = `file://${folder("published")}`;
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    const backup = await backupOf(store, url);
    await backup.cycle();
    // A photo's master: every byte value, so a blob that passed through text would not compare equal.
    const bytes = new Uint8Array(4096).map((_, index) => (index * 7) % 256);
    const at = new Date().toISOString();
    await store.db
      .insertInto("site_photo_files")
      .values({ hash: "f".repeat(64), bytes, width: 1600, height: 1000, created_at: at })
      .execute();
    await store.db
      .insertInto("site_versions")
      .values({
        id: "v1",
        number: 1,
        created_at: at,
        published_by: "titular@example.com",
        kind: "publicación",
        restored_number: null,
        facts: JSON.stringify({ SITE_WHATSAPP_NUMBER: "5491155550000" }),
        changes: "[]",
        build_id: "v1",
        state: "ready",
        towers: JSON.stringify({ "alvear-tower": { floors: [55], toConfirm: [] } }),
        tower_changes: "[]",
      })
      .execute();
    await store.db
      .insertInto("site_version_photos")
      .values({
        version_id: "v1",
        photos: JSON.stringify({
          "tower/alvear-tower": { hash: "f".repeat(64), altEs: "Frente", altEn: "Front" },
        }),
        changes: "[]",
      })
      .execute();
    await store.db
      .insertInto("site_tower_drafts")
      .values({ slug: "mulieris", value: JSON.stringify({ retired: true }), updated_at: at })
      .execute();
    await backup.cycle();
    await backup.snapshot();

    const { report, copy } = await restoredFrom(url);
    try {
      expect(report.integrity).toBe("ok");
      for (const table of ["site_versions", "site_version_photos", "site_tower_drafts"] as const)
        expect(await copy.db.selectFrom(table).selectAll().execute()).toEqual(
          await store.db.selectFrom(table).selectAll().execute(),
        );
      const [photo] = await copy.db.selectFrom("site_photo_files").selectAll().execute();
      expect(Buffer.from(photo!.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(photo).toMatchObject({ width: 1600, height: 1000 });
    } finally {
      await copy.close();
    }
  });

  test("the drill restores and verifies the latest copy; a tampered object fails it, and the owner gets an e-mail", async () => {
    const targetFolder = folder("tampered");
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    const smtp = await startSmtp();
    const backup = await backupOf(store, `file://${targetFolder}`, { send: smtp.send });
    await backup.cycle();
    for (let n = 0; n < 3; n++) await store.leads.insert(newLead());
    await backup.cycle();

    const passed = await backup.drill();
    expect(passed).toMatchObject({ ok: true, leads: 3 });
    expect((await backup.status()).lastVerifiedRestore).toEqual({ at: passed.at, leads: 3 });
    expect(smtp.received).toHaveLength(0);

    // One byte of the newest change set flipped in the bucket: age's authentication refuses it.
    await store.leads.insert(newLead());
    await backup.cycle();
    const changeFile = join(
      targetFolder,
      "changes",
      readdirSync(join(targetFolder, "changes")).sort().at(-1)!,
    );
    const bytes = readFileSync(changeFile);
    bytes[bytes.length - 5]! ^= 1;
    writeFileSync(changeFile, bytes);
    const failed = await backup.drill();
    expect(failed.ok).toBe(false);
    const status = await backup.status();
    expect(status.state).toBe("drill-failed");
    // The last verified restore is still the one that passed.
    expect(status.lastVerifiedRestore).toEqual({ at: passed.at, leads: 3 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.headers.get("subject")).toBe(
      "Copias de seguridad: la restauración de prueba falló",
    );
    expect(smtp.received[0]!.text).toContain(`changes/${basename(changeFile)} está dañado`);
    expect(smtp.received[0]!.html).toMatch(/<p style="white-space:pre-wrap">La restauración de prueba/);
  });

  test("after a verified drill the server's key reads only what came after: the copies before it open with the owner's key alone", async () => {
    const targetFolder = folder("turned");
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    const backup = await backupOf(store, `file://${targetFolder}`);
    // The first round drills an empty copy and turns the key once; this is the key after it.
    await backup.cycle();
    await store.leads.insert(newLead());
    await backup.cycle();
    const objects = (kind: string) =>
      readdirSync(join(targetFolder, kind))
        .sort()
        .map((name) => readFileSync(join(targetFolder, kind, name)));
    const before = [...objects("snapshots"), ...objects("changes")];
    const firstKey = (await store.backups.state<string>("drill-identity"))!;
    await unseal(objects("changes").at(-1)!, firstKey);

    expect(await backup.drill()).toMatchObject({ ok: true, leads: 1 });
    const secondKey = (await store.backups.state<string>("drill-identity"))!;
    expect(secondKey).not.toBe(firstKey);
    // The first key is gone from the service's database; what it sealed, the new key cannot open.
    const stateRows = await store.db.selectFrom("backup_state").select("value").execute();
    expect(stateRows.some((row) => row.value.includes(firstKey))).toBe(false);
    // Opened as the restore opens them (a snapshot is written as rows, decision 0045).
    const opened = (object: Uint8Array, key: string) =>
      inspectSealed(new Blob([new Uint8Array(object)]).stream(), key);
    for (const object of before) {
      expect(await opened(object, secondKey)).toMatchObject({ failure: "others" });
      expect((await opened(object, keys.identity)).failure).toBeUndefined();
    }

    // The next copies are sealed to the new key, and the next drill reads them.
    await store.leads.insert(newLead());
    await backup.cycle();
    const newest = objects("changes").at(-1)!;
    expect((await unseal<ChangeSet>(newest, secondKey)).entries).toHaveLength(1);
    expect(await backup.drill()).toMatchObject({ ok: true, leads: 2 });
  });

  test("copies behind by more than an hour e-mail the owner once, while leads are still stored", async () => {
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    const smtp = await startSmtp();
    let clock = Date.now();
    // A target that cannot be written: a path below a file.
    const blocker = join(folder("blocked"), "archivo");
    writeFileSync(blocker, "");
    const backup = await backupOf(store, `file://${blocker}/copias`, {
      send: smtp.send,
      now: () => new Date(clock),
    });
    await store.leads.insert(newLead());
    await backup.cycle();
    expect((await backup.status()).state).toBe("retrying");
    expect(smtp.received).toHaveLength(0);
    clock += 61 * 60_000;
    await store.leads.insert(newLead());
    await backup.cycle();
    await backup.cycle();
    const status = await backup.status();
    expect(status).toMatchObject({ state: "behind", newestCopyAt: null, pending: 2 });
    expect(status.problem).toMatch(/ENOTDIR/);
    expect(smtp.received.map((mail) => mail.headers.get("subject"))).toEqual([
      "Copias de seguridad atrasadas",
    ]);
  });
});

test(
  "a deleted lead leaves every backup within the period /privacidad states: older snapshots and change sets are removed",
  { timeout: 60_000 },
  async () => {
    const targetFolder = folder("retention");
    const store = await Store.open({ dataDir: folder("data") });
    cleanUp.push(() => store.close());
    let clock = Date.now();
    const backup = await backupOf(store, `file://${targetFolder}`, { now: () => new Date(clock) });
    const lead = await store.leads.insert(newLead());
    await backup.cycle();
    await store.leads.deleteByIds([lead.id]);
    const objectsWithTheLead = [
      ...readdirSync(join(targetFolder, "snapshots")),
      ...readdirSync(join(targetFolder, "changes")),
    ];
    expect(objectsWithTheLead.length).toBeGreaterThanOrEqual(2);

    clock += (backupRetentionDays - 1) * 24 * 60 * 60_000;
    await backup.cycle();
    const left = () => [
      ...readdirSync(join(targetFolder, "snapshots")),
      ...readdirSync(join(targetFolder, "changes")),
    ];
    for (const name of objectsWithTheLead) expect(left()).toContain(name);

    clock += 2 * 24 * 60 * 60_000;
    await backup.cycle();
    for (const name of objectsWithTheLead) expect(left()).not.toContain(name);
    // What remains restores to a database without the lead.
    const report = await restoreBackup({
      target: openTarget(`file://${targetFolder}`),
      identity: keys.identity,
      to: { dataDir: join(folder("after"), "datos") },
    });
    expect(report.rows.leads).toBe(0);
  },
);

describe("PostgreSQL", { timeout: 120_000 }, () => {
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres({ durable: false });
    cleanUp.push(() => postgres.stop());
  }, 60_000);

  test("a lead whose transaction commits after a round looked is copied by the next round; every insert, status, deletion and visit count exactly once", async () => {
    const databaseUrl = await postgres.createDatabase("stamps");
    const url = `file://${folder("stamps")}`;
    const store = await Store.open({ dataDir: ".", databaseUrl });
    cleanUp.push(() => store.close());
    // Stored before backups were on: in the first snapshot, and in no change set.
    const earlier = await store.leads.insert(newLead());
    const backup = await backupOf(store, url);
    await backup.cycle();
    const [kept, deleted] = [await store.leads.insert(newLead()), await store.leads.insert(newLead())];

    // A writer that takes its transaction id first and commits last, after the round has looked.
    const late = new pg.Client(databaseUrl);
    await late.connect();
    cleanUp.push(() => late.end());
    const { rows: columnRows } = await late.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'leads' and column_name not in ('id', 'backup_xid')",
    );
    const columns = columnRows.map((row) => row.column_name).join(", ");
    await late.query("begin");
    await late.query(`insert into leads (id, ${columns}) select $1, ${columns} from leads where id = $2`, [
      "entrada-tardia",
      kept.id,
    ]);
    const early = await store.leads.insert(newLead());
    await store.leads.setStatus([kept.id], "contactado");
    for (let n = 0; n < 2; n++) await store.visits.record(visit);
    await store.leads.deleteByIds([deleted.id]);
    await backup.cycle();
    await late.query("commit");
    expect((await backup.status()).pending).toBe(1);
    await backup.cycle();
    expect((await backup.status()).pending).toBe(0);
    await backup.cycle();

    const target = openTarget(url);
    const copied: string[] = [];
    for (const name of (await target.list("changes")).sort()) {
      const changes = await unseal<ChangeSet>(await target.get(name), keys.identity);
      for (const entry of changes.entries) {
        expect(entry.row ?? {}).not.toHaveProperty("backup_xid");
        copied.push(`${entry.table} ${entry.key.join(" ")}${entry.row ? "" : " (borrada)"}`);
      }
    }
    expect(copied.sort()).toEqual(
      [
        `leads ${kept.id}`,
        `leads ${deleted.id} (borrada)`,
        `leads ${early.id}`,
        "leads entrada-tardia",
        "visit_pages 2026-11-20 / view",
        "visit_sources 2026-11-20 view  ",
      ].sort(),
    );

    const restoredUrl = await postgres.createDatabase("stamps_restored");
    const report = await restoreBackup({ target, identity: keys.identity, to: { databaseUrl: restoredUrl } });
    expect(report.rows.leads).toBe(4);
    const restored = await Store.open({ dataDir: ".", databaseUrl: restoredUrl });
    try {
      for (const id of [earlier.id, kept.id, early.id, "entrada-tardia"])
        expect(await restored.leads.get(id)).toEqual(await store.leads.get(id));
      expect((await restored.leads.get(kept.id))?.status).toBe("contactado");
      expect(await restored.leads.get(deleted.id)).toBeUndefined();
      expect(await restored.db.selectFrom("visit_pages").select("count").execute()).toEqual([{ count: 2 }]);
    } finally {
      await restored.close();
    }
  });

  test("two instances share the copies without doing any twice, and the copy restores into an empty PostgreSQL database", async () => {
    const databaseUrl = await postgres.createDatabase("leads");
    const url = `file://${folder("shared")}`;
    const [first, second] = await Promise.all([
      Store.open({ dataDir: ".", databaseUrl }),
      Store.open({ dataDir: ".", databaseUrl }),
    ]);
    cleanUp.push(
      () => first.close(),
      () => second.close(),
    );
    const [backupA, backupB] = [await backupOf(first, url), await backupOf(second, url)];
    const stored: string[] = [];
    for (let round = 0; round < 10; round++) {
      const leads = await Promise.all([
        first.leads.insert(newLead()),
        second.leads.insert(newLead()),
        first.leads.insert(newLead()),
      ]);
      stored.push(...leads.map((lead) => lead.id));
      await Promise.all([backupA.cycle(), backupB.cycle()]);
    }
    await Promise.all([backupA.cycle(), backupB.cycle()]);
    expect((await backupB.status()).pending).toBe(0);

    const target = openTarget(url);
    const copied: string[] = [];
    for (const name of await target.list("changes")) {
      const changes = await unseal<ChangeSet>(await target.get(name), keys.identity);
      copied.push(
        ...changes.entries.filter((entry) => entry.table === "leads").map((entry) => String(entry.key[0])),
      );
    }
    expect(copied.sort()).toEqual([...stored].sort());
    // The first snapshot and the one sealed to the drill key turned by the first drill: once each.
    expect(await target.list("snapshots")).toHaveLength(2);

    const restoredUrl = await postgres.createDatabase("restored");
    const report = await restoreBackup({ target, identity: keys.identity, to: { databaseUrl: restoredUrl } });
    expect(report.rows.leads).toBe(30);
    const restored = await Store.open({ dataDir: ".", databaseUrl: restoredUrl });
    try {
      for (const id of stored) expect(await restored.leads.get(id)).toEqual(await first.leads.get(id));
    } finally {
      await restored.close();
    }
  });
});
