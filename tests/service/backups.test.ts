import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { originFields } from "../../app/lib/visit-origin.ts";
import { Store, sqliteFileName } from "../../server/storage/store.ts";
import { healthDetails, startService, type ServiceProcess } from "../../scripts/service-process.ts";
import { startS3Server, type S3Server } from "../../scripts/s3-server.ts";
import { backupKit } from "./backup-kit.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";
import { runRestore } from "./restore-command.ts";

/**
 * Off-site copies against the real service process and a real S3-compatible server on loopback
 * (moto): a burst of leads with kill -9 in the middle, the data folder destroyed, the restore
 * command run, every acknowledged lead back with its answers, status and origin; the target down
 * and back; no personal data in any object's bytes.
 */
const buildDir = writeFixtureBuild();
const { keys, folder } = backupKit("leads-backup");
let s3: S3Server;
let identityFile: string;

beforeAll(async () => {
  s3 = await startS3Server();
  identityFile = join(folder("key"), "clave-copias.txt");
  writeFileSync(identityFile, `# public key: ${keys.recipient}\n${keys.identity}\n`);
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  rmSync(buildDir, { recursive: true, force: true });
});

type Health = {
  ok: boolean;
  backup: {
    state: string;
    newestCopyAt: string | null;
    pending: number;
    lastVerifiedRestore: unknown;
    problem?: string;
  };
};

async function health(service: ServiceProcess): Promise<Health> {
  return JSON.parse((await send(`${service.baseUrl}/api/health`, { headers: healthDetails })).body) as Health;
}

/**
 * A moment just past "now" on the service's own clock (its Date header, whole seconds): the
 * service may run at another time than this runner (libfaketime reaches only the runner).
 */
async function serviceNowOrLater(service: ServiceProcess): Promise<Date> {
  const { headers } = await send(`${service.baseUrl}/api/health`);
  return new Date(Date.parse(String(headers.date)) + 1000);
}

/** Waits until everything stored before `since` (the service's clock) is off the machine. */
async function copiedSince(service: ServiceProcess, since: Date): Promise<Health> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await health(service);
    const copied = answer.backup.newestCopyAt && new Date(answer.backup.newestCopyAt) > since;
    // The first drill runs right after the first copy: let it finish before playing with the target.
    if (copied && answer.backup.pending === 0 && answer.backup.lastVerifiedRestore) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never copied: ${JSON.stringify(await health(service))}`);
}

function leadBody(index: number, round: number) {
  return urlEncoded({
    tipoPropiedad: "Departamento",
    direccion: `Juana Manso ${1000 + index}, envío ${round}`,
    superficie: "80",
    ambientes: "3 ambientes",
    nombre: `Zulema Copiada ${index}-${round}`,
    telefono: `11 4${String(index).padStart(3, "0")} ${String(round).padStart(4, "0")}`,
    email: `zulema.${index}.${round}@correo-secreto.example`,
    [originFields.landing]: "/torres/alvear-tower",
    [originFields.referrer]: "l.instagram.com",
    [originFields.utmCampaign]: "otono-2026",
  });
}

describe("backups to S3 with kill -9 mid-burst", { timeout: 240_000 }, () => {
  test("every acknowledged lead comes back from the bucket, with answers, status and origin, and no object holds personal data", async () => {
    const dataDir = folder("data");
    const env = {
      BUILD_DIR: buildDir,
      LEADS_DATA_DIR: dataDir,
      LEADS_RATE_LIMIT: "0",
      LEADS_BACKUP_URL: `s3://${s3.bucket}/sitio`,
      LEADS_BACKUP_RECIPIENT: keys.recipient,
      ...s3.env,
    };
    const service = await startService(env);
    const acknowledged: string[] = [];
    let killed = false;
    async function client(index: number) {
      for (let round = 0; !killed; round++) {
        try {
          const response = await send(`${service.baseUrl}/api/form/submit/express`, {
            from: `127.0.0.${10 + index}`,
            headers: { ...formEncoded, ...json },
            body: leadBody(index, round),
          });
          if (response.status === 201) acknowledged.push((JSON.parse(response.body) as { id: string }).id);
        } catch {
          return; // the connection died with the process: not acknowledged
        }
        if (!killed && acknowledged.length >= 60) {
          killed = true;
          service.child.kill("SIGKILL");
        }
      }
    }
    await Promise.all(Array.from({ length: 12 }, (_, index) => client(index)));
    await service.stop();

    // The owner sets statuses (and deletes one) after the restart, from another connection: the
    // database's triggers queue them whatever writes.
    const restarted = await startService(env);
    const store = await Store.open({ dataDir });
    const [contacted, archived, deleted] = acknowledged;
    await store.leads.setStatus([contacted!], "contactado");
    await store.leads.setStatus([archived!], "archivado");
    await store.leads.deleteByIds([deleted!]);
    const originals = new Map(
      await Promise.all(acknowledged.map(async (id) => [id, await store.leads.get(id)] as const)),
    );
    // A lead stored just before the kill may have lost its 201 on the way: stored, never acknowledged.
    const stored = (await store.db.selectFrom("leads").select("id").execute()).length;
    expect(stored).toBeGreaterThanOrEqual(acknowledged.length - 1);
    await store.close();
    await copiedSince(restarted, await serviceNowOrLater(restarted));
    restarted.child.kill("SIGKILL");
    await restarted.stop();

    // The machine is lost.
    rmSync(dataDir, { recursive: true, force: true });

    const restoredDir = join(folder("restored"), "datos");
    const restore = await runRestore({ LEADS_BACKUP_URL: env.LEADS_BACKUP_URL, ...s3.env }, [
      "--identity",
      identityFile,
      "--to",
      restoredDir,
    ]);
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/verificado: integridad ok/);
    expect(restore.stdout).toMatch(new RegExp(`leads: ${stored} filas`));

    const restored = await Store.open({ dataDir: restoredDir });
    try {
      for (const id of acknowledged) {
        const lead = await restored.leads.get(id);
        if (id === deleted) {
          expect(lead).toBeUndefined();
          continue;
        }
        const original = originals.get(id)!;
        expect(lead).toEqual(original);
      }
      expect((await restored.leads.get(contacted!))?.status).toBe("contactado");
      expect((await restored.leads.get(archived!))?.status).toBe("archivado");
      expect((await restored.leads.get(acknowledged[5]!))?.origin.referrer).toBe("l.instagram.com");
    } finally {
      await restored.close();
    }

    // A leaked bucket reveals nothing: no name, e-mail, phone or answer in any object's bytes.
    const objects = await s3.objects();
    expect(objects.length).toBeGreaterThan(1);
    const secrets = [...originals.values()].flatMap((lead) =>
      lead
        ? [lead.contact.name!, lead.contact.email!, lead.contact.phone!, String(lead.values.direccion)]
        : [],
    );
    for (const { key, bytes } of objects) {
      const text = Buffer.from(bytes).toString("latin1");
      expect(text.startsWith("age-encryption.org/v1\n")).toBe(true);
      for (const secret of [...secrets, "Zulema", "correo-secreto", "Juana Manso"])
        expect(text.includes(secret), `${secret} in ${key}`).toBe(false);
      expect(key).toMatch(/^sitio\/(snapshots|changes)\/\d{8}T\d{9}Z-[0-9a-f]{6}\.age$/);
    }
  });
});

describe("a target that is down", { timeout: 120_000 }, () => {
  test("leads are still accepted, health says the copies wait, and they are copied when it is back", async () => {
    const dataDir = folder("down");
    const env = {
      BUILD_DIR: buildDir,
      LEADS_DATA_DIR: dataDir,
      LEADS_RATE_LIMIT: "0",
      LEADS_BACKUP_URL: `s3://${s3.bucket}/caida`,
      LEADS_BACKUP_RECIPIENT: keys.recipient,
      ...s3.env,
    };
    const service = await startService(env);
    try {
      await copiedSince(service, new Date(0));
      await s3.down();
      const stored: string[] = [];
      for (let round = 0; round < 5; round++) {
        const response = await send(`${service.baseUrl}/api/form/submit/express`, {
          headers: { ...formEncoded, ...json },
          body: leadBody(99, round),
        });
        expect(response.status).toBe(201);
        stored.push((JSON.parse(response.body) as { id: string }).id);
      }
      let waiting: Health | undefined;
      for (let attempt = 0; attempt < 300 && waiting?.backup.state !== "retrying"; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        waiting = await health(service);
      }
      expect(waiting?.ok).toBe(true);
      expect(waiting?.backup.state, JSON.stringify(waiting)).toBe("retrying");
      expect(waiting?.backup.pending).toBeGreaterThanOrEqual(5);
      const downSince = await serviceNowOrLater(service);
      await s3.up();
      await copiedSince(service, downSince);
      await service.stop();

      const restoredDir = join(folder("down-restored"), "datos");
      const restore = await runRestore({ LEADS_BACKUP_URL: env.LEADS_BACKUP_URL, ...s3.env }, [
        "--identity",
        identityFile,
        "--to",
        restoredDir,
      ]);
      expect(restore.status, restore.stderr).toBe(0);
      const restored = await Store.open({ dataDir: restoredDir });
      for (const id of stored)
        expect((await restored.leads.get(id))?.contact.name).toMatch(/^Zulema Copiada 99-/);
      await restored.close();
    } finally {
      await s3.up().catch(() => {});
      await service.stop();
    }
  });
});

test("the restore command refuses a folder that already holds a database, in one sentence", async () => {
  const dataDir = folder("existing");
  writeFileSync(join(dataDir, sqliteFileName), "");
  const restore = await runRestore({ LEADS_BACKUP_URL: `s3://${s3.bucket}/sitio`, ...s3.env }, [
    "--identity",
    identityFile,
    "--to",
    dataDir,
  ]);
  expect(restore.status).toBe(1);
  expect(restore.stderr.trim()).toBe(
    `${join(dataDir, sqliteFileName)} ya existe: restaure en una carpeta nueva.`,
  );
  expect(readFileSync(join(dataDir, sqliteFileName), "utf8")).toBe("");
});
