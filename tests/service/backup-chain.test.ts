import { existsSync, readdirSync, statSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { BackupService } from "../../server/backup/backup-service.ts";
import { restoreBackup, type RestoreDestination } from "../../server/backup/restore.ts";
import { ObjectExists, openTarget } from "../../server/backup/targets.ts";
import { Store, sqliteFileName } from "../../server/storage/store.ts";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { startS3Server, type S3Server } from "../../scripts/s3-server.ts";
import { numberedExpressLeads } from "./express-lead.ts";
import { sealedGzipBomb } from "../../scripts/gzip-bomb.ts";
import { backupKit } from "./backup-kit.ts";
import { runRestore } from "./restore-command.ts";

/**
 * The audit's attacks on the backups (issue 36), each with the real S3 server on loopback (moto)
 * and the key the service holds: objects corrupted, copied under newer names, brought from another
 * installation, deleted and replaced. Each test fails if the attack works: a restore that brings
 * back an erased lead, a foreign lead, or fewer leads than ours without saying so.
 */
let s3: S3Server;
let postgres: PostgresServer;
const { keys, folder } = backupKit("leads-chain");
let identityFile: string;
const cleanUp: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  [s3, postgres] = await Promise.all([startS3Server(), startPostgres({ durable: false })]);
  // The service and the restore in this process reach moto the way the deployed ones reach S3.
  Object.assign(process.env, s3.env);
  identityFile = join(folder("key"), "clave.txt");
  writeFileSync(identityFile, `${keys.identity}\n`);
}, 180_000);

afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
  await s3?.stop();
  await postgres?.stop();
}, 60_000);

const newLead = numberedExpressLeads({
  name: "Rosa Encadenada",
  street: "Azucena Villaflor",
  phone: "11 6000",
  email: "cadena",
});

type Database = "sqlite" | "postgres";
let databaseNumber = 0;

async function openStore(database: Database): Promise<Store> {
  const store =
    database === "sqlite"
      ? await Store.open({ dataDir: folder("data") })
      : await Store.open({
          dataDir: ".",
          databaseUrl: await postgres.createDatabase(`chain${++databaseNumber}`),
        });
  cleanUp.push(() => store.close());
  return store;
}

/** A service whose rounds the test runs, on a clock the test moves: names are times. */
async function copier(store: Store, prefix: string, clock: { now: number }) {
  const backup = new BackupService({
    store,
    settings: { url: `s3://${s3.bucket}/${prefix}`, recipient: keys.recipient },
    now: () => new Date(clock.now),
    log: () => {},
  });
  await backup.start();
  await backup.stop();
  return backup;
}

/**
 * Our installation: 14 leads copied one change set each, then one erased at the data subject's
 * request (its deletion copied too). Returns the ids and, per lead, the change set that holds it.
 */
async function ourHistory(database: Database, prefix: string) {
  const store = await openStore(database);
  const clock = { now: Date.parse("2026-11-20T10:00:00.000Z") };
  const backup = await copier(store, prefix, clock);
  await backup.cycle();
  const ids: string[] = [];
  const setOf = new Map<string, string>();
  for (let n = 0; n < 14; n++) {
    clock.now += 60_000;
    ids.push((await store.leads.insert(newLead())).id);
    await backup.cycle();
    setOf.set(ids.at(-1)!, (await names(prefix, "changes")).at(-1)!);
  }
  const erased = ids[3]!;
  clock.now += 60_000;
  await store.leads.deleteByIds([erased]);
  await backup.cycle();
  return { store, backup, clock, ids, erased, setOf };
}

async function names(prefix: string, kind: "snapshots" | "changes"): Promise<string[]> {
  return (await openTarget(`s3://${s3.bucket}/${prefix}`).list(kind)).sort();
}

async function getObject(key: string): Promise<Uint8Array> {
  const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return answer.Body!.transformToByteArray();
}

/** What an attacker with the service's bucket key does: a plain put, which replaces. */
async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes }));
}

/** A name after every object in the prefix, as the service would write it. */
function newerName(kind: "snapshots" | "changes", minutesAfter: number): string {
  const at = new Date(Date.parse("2026-11-20T12:00:00.000Z") + minutesAfter * 60_000);
  return `${kind}/${at.toISOString().replace(/[-:.]/g, "")}-abcdef.age`;
}

async function restoreTo(
  prefix: string,
  options: { upToLastGood?: boolean; database?: Database; installation?: string } = {},
) {
  const to: RestoreDestination =
    options.database === "postgres"
      ? { databaseUrl: await postgres.createDatabase(`restored${++databaseNumber}`) }
      : { dataDir: join(folder("restored"), "datos") };
  const report = await restoreBackup({
    target: openTarget(`s3://${s3.bucket}/${prefix}`),
    identity: keys.identity,
    to,
    upToLastGood: options.upToLastGood,
    installation: options.installation,
  });
  const store = await Store.open("dataDir" in to ? to : { dataDir: ".", databaseUrl: to.databaseUrl });
  cleanUp.push(() => store.close());
  const rows = await store.db.selectFrom("leads").select(["id", "contact_name"]).execute();
  return { report, to, leads: new Map(rows.map((row) => [row.id, row.contact_name])) };
}

describe.each(["sqlite", "postgres"] as const)(
  "attacks on the copies, %s",
  { timeout: 120_000 },
  (database) => {
    test("untouched, the restore verifies the chain and brings back our 13 leads, not the erased one", async () => {
      const prefix = `intacta-${database}`;
      const { ids, erased } = await ourHistory(database, prefix);
      const { report, leads } = await restoreTo(prefix, { database });
      expect(report.leftOut).toEqual([]);
      expect([...leads.keys()].sort()).toEqual(ids.filter((id) => id !== erased).sort());
    });

    test("an old change set copied under a newer name (the erased lead's) is refused by name; up to the last good point the lead stays erased", async () => {
      const prefix = `repeticion-${database}`;
      const { ids, erased, setOf } = await ourHistory(database, prefix);
      const replayed = newerName("changes", 5);
      await putObject(`${prefix}/${replayed}`, await getObject(`${prefix}/${setOf.get(erased)!}`));

      await expect(restoreTo(prefix, { database })).rejects.toThrow(
        `${replayed} es una copia de ${setOf.get(erased)!} con otro nombre`,
      );
      const { leads, report } = await restoreTo(prefix, { database, upToLastGood: true });
      expect(leads.has(erased)).toBe(false);
      expect(leads.size).toBe(13);
      expect(report.leftOut).toHaveLength(1);
      expect([...leads.keys()].sort()).toEqual(ids.filter((id) => id !== erased).sort());
    });

    test("another installation's objects sealed to the same owner key: its lead is never restored, in the middle or as the newest", async () => {
      const prefix = `ajena-${database}`;
      const { ids, erased, store } = await ourHistory(database, prefix);
      // Another installation, same owner key, one lead, writing at times among ours and after.
      const otherPrefix = `otra-${database}`;
      const other = await openStore(database);
      const clock = { now: Date.parse("2026-11-20T10:05:30.000Z") };
      const otherBackup = await copier(other, otherPrefix, clock);
      await otherBackup.cycle();
      clock.now += 60_000;
      const foreign = await other.leads.insert(newLead("Intrusa"));
      await otherBackup.cycle();
      const foreignSet = (await names(otherPrefix, "changes")).at(-1)!;

      // Its change set in the middle of ours: a 15th, foreign lead.
      await putObject(`${prefix}/${foreignSet}`, await getObject(`${otherPrefix}/${foreignSet}`));
      await expect(restoreTo(prefix, { database })).rejects.toThrow(`${foreignSet} es de otra instalación`);
      let restored = await restoreTo(prefix, { database, upToLastGood: true });
      expect(restored.leads.has(foreign.id)).toBe(false);
      expect(restored.leads.size).toBe(13);

      // Its snapshot copied as the newest object: its one lead instead of our 13.
      const otherSnapshots = await names(otherPrefix, "snapshots");
      clock.now = Date.parse("2026-11-20T12:30:00.000Z");
      await otherBackup.snapshot();
      const newestForeign = (await names(otherPrefix, "snapshots")).find(
        (name) => !otherSnapshots.includes(name),
      )!;
      await putObject(`${prefix}/${newestForeign}`, await getObject(`${otherPrefix}/${newestForeign}`));
      // With its snapshot, that installation restores on its own: two chains, so no guess (not
      // even --up-to-last-good) until the owner names ours.
      const ours = (await store.backups.state<string>("chain-deployment"))!.slice(0, 8);
      const theirs = (await other.backups.state<string>("chain-deployment"))!.slice(0, 8);
      for (const upToLastGood of [false, true])
        await expect(restoreTo(prefix, { database, upToLastGood })).rejects.toThrow(
          new RegExp(
            `instalación ${ours} .*13 consultas.*instalación ${theirs} .*1 consultas.*--installation ${ours}`,
          ),
        );
      restored = await restoreTo(prefix, { database, installation: ours });
      expect([...restored.leads.keys()].sort()).toEqual(ids.filter((id) => id !== erased).sort());
      expect(restored.report.setAside).toEqual([expect.stringContaining(`de la instalación ${theirs}`)]);
    });

    test("an older snapshot copied as the newest is refused by name, not restored with its missing leads", async () => {
      const prefix = `instantanea-${database}`;
      const { ids, erased } = await ourHistory(database, prefix);
      const oldest = (await names(prefix, "snapshots"))[0]!;
      const disguised = newerName("snapshots", 10);
      await putObject(`${prefix}/${disguised}`, await getObject(`${prefix}/${oldest}`));
      await expect(restoreTo(prefix, { database })).rejects.toThrow(
        `${disguised} es una copia de ${oldest} con otro nombre`,
      );
      const { leads } = await restoreTo(prefix, { database, upToLastGood: true });
      expect([...leads.keys()].sort()).toEqual(ids.filter((id) => id !== erased).sort());
    });

    test("a deleted change set in the middle is named as missing; the restore goes up to the one before it, and says so", async () => {
      const prefix = `hueco-${database}`;
      const { ids, setOf } = await ourHistory(database, prefix);
      const removed = setOf.get(ids[9]!)!;
      await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${removed}` }));
      await expect(restoreTo(prefix, { database })).rejects.toThrow(`falta ${removed}`);
      const { leads, report } = await restoreTo(prefix, { database, upToLastGood: true });
      // Leads 1-9 (the one copied in the missing set and after it cannot be verified).
      expect([...leads.keys()].sort()).toEqual(ids.slice(0, 9).sort());
      expect(report.last).toBe(setOf.get(ids[8]!));
      expect(report.leftOut.join(" ")).toMatch(`falta ${removed}`);
    });

    test("a corrupted or replaced object is named; nothing after it is taken on trust", async () => {
      const prefix = `reemplazo-${database}`;
      const { ids, setOf } = await ourHistory(database, prefix);
      const corrupted = setOf.get(ids[5]!)!;
      const bytes = await getObject(`${prefix}/${corrupted}`);
      bytes[bytes.length - 3]! ^= 1;
      await putObject(`${prefix}/${corrupted}`, bytes);
      await expect(restoreTo(prefix, { database })).rejects.toThrow(`${corrupted} está dañado`);

      // Replaced by another of our own objects (intact, decryptable, correctly sealed for its name).
      const replaced = setOf.get(ids[10]!)!;
      await putObject(`${prefix}/${replaced}`, await getObject(`${prefix}/${setOf.get(ids[1]!)!}`));
      await expect(restoreTo(prefix, { database })).rejects.toThrow(
        `${replaced} es una copia de ${setOf.get(ids[1]!)!} con otro nombre`,
      );
      const { leads } = await restoreTo(prefix, { database, upToLastGood: true });
      expect([...leads.keys()].sort()).toEqual(ids.slice(0, 5).sort());
    });
  },
);

describe("the restore's folder and the chain after it", { timeout: 120_000 }, () => {
  test("a refused restore leaves nothing at --to, so a rerun works; the restored folder is 0700 and its files 0600", async () => {
    const prefix = "carpeta";
    const { ids, erased, setOf } = await ourHistory("sqlite", prefix);
    await putObject(
      `${prefix}/${newerName("changes", 1)}`,
      await getObject(`${prefix}/${setOf.get(erased)!}`),
    );
    const to = join(folder("cli"), "datos");
    const env = { LEADS_BACKUP_URL: `s3://${s3.bucket}/${prefix}`, ...s3.env };
    const refused = await runRestore(env, ["--identity", identityFile, "--to", to]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/es una copia de .* con otro nombre.*--up-to-last-good/s);
    expect(existsSync(to)).toBe(false);
    expect(readdirSync(join(to, ".."))).toEqual([]);

    const restored = await runRestore(env, ["--identity", identityFile, "--to", to, "--up-to-last-good"]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/quedó afuera \(--up-to-last-good\):\n\s+changes\/\S+ es una copia de/);
    expect(restored.stdout).toMatch(/leads: 13 filas/);
    expect(statSync(to).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(to)) expect(statSync(join(to, file)).mode & 0o777).toBe(0o600);
    const store = await Store.open({ dataDir: to });
    cleanUp.push(() => store.close());
    expect((await store.leads.get(erased))?.id).toBeUndefined();
    expect((await store.leads.get(ids[0]!))?.id).toBe(ids[0]);
    expect(existsSync(join(to, sqliteFileName))).toBe(true);
  });

  test("a service started on a restored folder continues the same chain: the next restore verifies it whole", async () => {
    const prefix = "continua";
    const { ids, erased } = await ourHistory("sqlite", prefix);
    const { to } = await restoreTo(prefix);
    const store = await Store.open(to as { dataDir: string });
    cleanUp.push(() => store.close());
    const backup = await copier(store, prefix, { now: Date.parse("2026-11-21T09:00:00.000Z") });
    const later = await store.leads.insert(newLead());
    await backup.cycle();
    const { report, leads } = await restoreTo(prefix);
    expect(report.leftOut).toEqual([]);
    expect([...leads.keys()].sort()).toEqual([...ids.filter((id) => id !== erased), later.id].sort());
  });

  test("the service writes only new names: a put on a taken name is refused by the bucket and the object stays as it was", async () => {
    const target = openTarget(`s3://${s3.bucket}/condicional`);
    await target.put("changes/20261120T100000000Z-000001.age", new TextEncoder().encode("primero"));
    await expect(
      target.put("changes/20261120T100000000Z-000001.age", new TextEncoder().encode("segundo")),
    ).rejects.toBeInstanceOf(ObjectExists);
    expect(new TextDecoder().decode(await target.get("changes/20261120T100000000Z-000001.age"))).toBe(
      "primero",
    );
    const folderTarget = openTarget(`file://${folder("condicional")}`);
    await folderTarget.put("changes/a.age", new TextEncoder().encode("primero"));
    await expect(
      folderTarget.put("changes/a.age", new TextEncoder().encode("segundo")),
    ).rejects.toBeInstanceOf(ObjectExists);
    expect(new TextDecoder().decode(await folderTarget.get("changes/a.age"))).toBe("primero");
  });
});

/**
 * Another installation of the service, same owner key, writing to its own prefix a day before
 * ours began: a snapshot and three leads, a complete chain from its beginning (issue 44, item 3).
 */
async function olderInstallation(prefix: string) {
  const store = await openStore("sqlite");
  const clock = { now: Date.parse("2026-11-19T10:00:00.000Z") };
  const backup = await copier(store, prefix, clock);
  await backup.cycle();
  const ids: string[] = [];
  for (let n = 0; n < 3; n++) {
    clock.now += 60_000;
    ids.push((await store.leads.insert(newLead("Ajena"))).id);
    await backup.cycle();
  }
  return { ids, deployment: (await store.backups.state<string>("chain-deployment"))! };
}

async function copyPrefix(from: string, to: string): Promise<number> {
  const all = [...(await names(from, "snapshots")), ...(await names(from, "changes"))];
  for (const name of all) await putObject(`${to}/${name}`, await getObject(`${from}/${name}`));
  return all.length;
}

describe(
  "issue 44: two installations in one prefix, a planted bomb, a killed restore",
  { timeout: 180_000 },
  () => {
    test("another installation's older, complete chain is refused with both named (dates, counts) and --installation; --up-to-last-good never crosses to it", async () => {
      const prefix = "dos-instalaciones";
      const ours = await ourHistory("sqlite", prefix);
      const deployment = (await ours.store.backups.state<string>("chain-deployment"))!;
      const theirs = await olderInstallation("otra-completa");
      const copied = await copyPrefix("otra-completa", prefix);
      expect(copied).toBeGreaterThan(3);

      const both = new RegExp(
        `${deployment.slice(0, 8)}.*13 consultas.*${theirs.deployment.slice(0, 8)}.*3 consultas|${theirs.deployment.slice(0, 8)}.*3 consultas.*${deployment.slice(0, 8)}.*13 consultas`,
        "s",
      );
      await expect(restoreTo(prefix)).rejects.toThrow(both);
      await expect(restoreTo(prefix)).rejects.toThrow(/--installation/);
      await expect(restoreTo(prefix)).rejects.toThrow(
        /2026-11-19T10:00:00\.000Z.*2026-11-20T10:00:00\.000Z|2026-11-20T10:00:00\.000Z.*2026-11-19T10:00:00\.000Z/s,
      );
      // The audit's path: the hint restored the other installation's 3 leads instead of our 13.
      await expect(restoreTo(prefix, { upToLastGood: true })).rejects.toThrow(both);

      const mine = await restoreTo(prefix, { installation: deployment.slice(0, 8) });
      expect([...mine.leads.keys()].sort()).toEqual(ours.ids.filter((id) => id !== ours.erased).sort());
      expect(mine.report.leftOut).toEqual([]);
      expect(mine.report.setAside.join(" ")).toContain(theirs.deployment.slice(0, 8));
      const other = await restoreTo(prefix, { installation: theirs.deployment.slice(0, 8) });
      expect([...other.leads.keys()].sort()).toEqual([...theirs.ids].sort());
      await expect(restoreTo(prefix, { installation: "0123abcd" })).rejects.toThrow(/0123abcd/);

      // The command the owner runs: refused, both named, how to choose; then chosen.
      const to = join(folder("dos"), "datos");
      const env = { LEADS_BACKUP_URL: `s3://${s3.bucket}/${prefix}`, ...s3.env };
      const refused = await runRestore(env, ["--identity", identityFile, "--to", to, "--up-to-last-good"]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(both);
      expect(refused.stderr).toMatch(`--installation ${deployment.slice(0, 8)}`);
      expect(refused.stderr).not.toMatch(/Restaurado/);
      expect(existsSync(to)).toBe(false);
      const chosen = await runRestore(env, [
        "--identity",
        identityFile,
        "--to",
        to,
        "--installation",
        deployment.slice(0, 8),
      ]);
      expect(chosen.status, chosen.stderr).toBe(0);
      expect(chosen.stdout).toMatch(/leads: 13 filas/);
      expect(chosen.stdout).toMatch(new RegExp(`instalación ${deployment.slice(0, 8)}`));
      expect(chosen.stdout).toMatch(new RegExp(`dejad[oa]s? de lado.*${theirs.deployment.slice(0, 8)}`, "s"));
    });

    test("a gzip bomb sealed to the owner's key is refused by name, and the restore's peak memory stays within 300 MB", async () => {
      const prefix = "bomba";
      const ours = await ourHistory("sqlite", prefix);
      const env = { LEADS_BACKUP_URL: `s3://${s3.bucket}/${prefix}`, ...s3.env };
      const normal = await runRestore(env, [
        "--identity",
        identityFile,
        "--to",
        join(folder("sin-bomba"), "datos"),
      ]);
      expect(normal.status, normal.stderr).toBe(0);

      // 1 MB in the bucket that gunzips to 1 GiB: the audit's 2.26 GB.
      const bomb = newerName("changes", 20);
      const sealed = await sealedGzipBomb(keys.recipient, 1024 * 1024 * 1024);
      expect(sealed.byteLength).toBeLessThan(1_200_000);
      await putObject(`${prefix}/${bomb}`, sealed);
      const budget = 300 * 1024 * 1024;

      const refused = await runRestore(env, [
        "--identity",
        identityFile,
        "--to",
        join(folder("bomba"), "datos"),
      ]);
      expect(refused.peakBytes).toBeDefined();
      expect(refused.peakBytes!, `peak ${refused.peakBytes} bytes, normal ${normal.peakBytes}`).toBeLessThan(
        budget,
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(`${bomb} se descomprime a más de`);

      const to = join(folder("bomba-ultimo"), "datos");
      const lastGood = await runRestore(env, ["--identity", identityFile, "--to", to, "--up-to-last-good"]);
      expect(lastGood.status, lastGood.stderr).toBe(0);
      expect(lastGood.stdout).toMatch(/leads: 13 filas/);
      expect(lastGood.stdout).toMatch(`${bomb} se descomprime a más de`);
      expect(lastGood.peakBytes!).toBeLessThan(budget);
      const store = await Store.open({ dataDir: to });
      cleanUp.push(() => store.close());
      const restored = await store.db.selectFrom("leads").select("id").execute();
      expect(restored.map((row) => row.id).sort()).toEqual(
        ours.ids.filter((id) => id !== ours.erased).sort(),
      );
      console.log(
        `restore peak memory: normal ${normal.peakBytes} bytes, bomb planted ${refused.peakBytes}, --up-to-last-good ${lastGood.peakBytes}`,
      );
    });

    test("a restore killed with SIGKILL mid-way leaves its hidden folder only until the next run, which removes it and says so", async () => {
      const prefix = "interrumpida";
      await ourHistory("sqlite", prefix);
      const parent = folder("interrumpida");
      const to = join(parent, "datos");
      const env = { LEADS_BACKUP_URL: `s3://${s3.bucket}/${prefix}`, ...s3.env };
      let partial: string | undefined;
      const killed = await runRestore(env, ["--identity", identityFile, "--to", to], {
        whileRunning(child) {
          // The moment the restore makes its folder beside --to, it is killed.
          const watcher = watch(parent, (_event, name) => {
            if (!name?.startsWith(".datos.restaurando-")) return;
            partial = name;
            child.kill("SIGKILL");
            watcher.close();
          });
          child.once("close", () => watcher.close());
        },
      });
      expect(killed.signal).toBe("SIGKILL");
      expect(partial).toBeDefined();
      expect(existsSync(to)).toBe(false);

      const rerun = await runRestore(env, ["--identity", identityFile, "--to", to]);
      expect(rerun.status, rerun.stderr).toBe(0);
      expect(rerun.stdout + rerun.stderr).toContain(`${partial}`);
      expect(rerun.stdout + rerun.stderr).toMatch(/restauración interrumpida/);
      expect(readdirSync(parent)).toEqual(["datos"]);
    });
  },
);
