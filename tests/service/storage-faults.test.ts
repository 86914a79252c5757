import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { visitBeaconPath } from "../../app/lib/visit-beacon.ts";
import { Store, sqliteFileName } from "../../server/storage/store.ts";
import { startPostgres } from "../../scripts/postgres-server.ts";
import { healthDetails, startService, type ServiceProcess } from "../../scripts/service-process.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";

/**
 * Faults as an operator meets them: the database file deleted under the
 * running service, a read-only file, a full disk, a frozen PostgreSQL. Each
 * time, no lead is acknowledged that is not stored, /api/health says what is
 * wrong in one sentence, and the log names the cause of every 503.
 */
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 60_000);

const buildDir = writeFixtureBuild();
chmodSync(buildDir, 0o755); // readable by the unprivileged account below
cleanUp.push(() => rmSync(buildDir, { recursive: true, force: true }));

function folder(): string {
  const created = mkdtempSync(join(tmpdir(), "leads-faults-"));
  cleanUp.push(() => rmSync(created, { recursive: true, force: true }));
  return created;
}

async function service(env: Record<string, string>): Promise<ServiceProcess> {
  const started = await startService({ BUILD_DIR: buildDir, LEADS_RATE_LIMIT: "0", ...env });
  cleanUp.push(() => started.stop());
  return started;
}

const body = urlEncoded({
  tipoPropiedad: "Departamento",
  direccion: "Juana Manso 1000",
  superficie: "80",
  ambientes: "3 ambientes",
  nombre: "Ana Operaria",
  telefono: "11 5555 0000",
  email: "ana@example.com",
});
const submit = (target: ServiceProcess) =>
  send(`${target.baseUrl}/api/form/submit/express`, { headers: { ...formEncoded, ...json }, body });
const health = async (target: ServiceProcess) => {
  const response = await send(`${target.baseUrl}/api/health`, { headers: healthDetails });
  return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
};

const nobody = () => {
  const id = (flag: string) => Number(spawnSync("id", [flag, "nobody"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
};
const runningAsRoot = process.getuid?.() === 0;

describe("SQLite", { timeout: 90_000 }, () => {
  test("the database file deleted while running: 503 (never a 201 for a lead no one will read), health and log say why", async () => {
    const dataDir = folder();
    const target = await service({ LEADS_DATA_DIR: dataDir });
    expect((await submit(target)).status).toBe(201);
    expect(await health(target)).toEqual({
      status: 200,
      body: { ok: true, database: "ok", backup: { state: "off" } },
    });

    for (const suffix of ["", "-wal", "-shm"])
      rmSync(join(dataDir, sqliteFileName + suffix), { force: true });
    const after = await submit(target);
    expect(after.status).toBe(503);
    expect(JSON.parse(after.body)).toMatchObject({ ok: false });
    const reported = await health(target);
    expect(reported.status).toBe(503);
    expect(reported.body).toMatchObject({ ok: false, database: "unavailable" });
    expect(String(reported.body.cause)).toMatch(/ya no existe/);
    expect(target.output()).toMatch(
      /POST \/api\/form\/submit\/express 503: el archivo .*leads\.sqlite ya no existe/,
    );

    // Restarted, the service makes a new file and takes leads again.
    await target.stop();
    const restarted = await service({ LEADS_DATA_DIR: dataDir });
    expect((await submit(restarted)).status).toBe(201);
    expect((await health(restarted)).status).toBe(200);
  });

  test("the database file deleted while running: the visit counter answers 503 like leads do, never 204", async () => {
    const dataDir = folder();
    const target = await service({ LEADS_DATA_DIR: dataDir });
    const count = () =>
      send(`${target.baseUrl}${visitBeaconPath}`, {
        headers: {
          "Content-Type": "text/plain;charset=UTF-8",
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0",
          Origin: target.baseUrl,
        },
        body: urlEncoded({ p: "/", k: "view" }),
      });
    expect((await count()).status).toBe(204);
    for (const suffix of ["", "-wal", "-shm"])
      rmSync(join(dataDir, sqliteFileName + suffix), { force: true });
    expect((await count()).status).toBe(503);
    expect((await submit(target)).status).toBe(503);
  });

  test.runIf(runningAsRoot)(
    "a database file the service user cannot write: start-up refuses it in one sentence naming the cause",
    async () => {
      const dataDir = folder();
      chmodSync(dataDir, 0o711); // the other account reaches the file, cannot list the folder
      const store = await Store.open({ dataDir });
      await store.close();
      chmodSync(join(dataDir, sqliteFileName), 0o444); // root-owned, read-only: as the audit found it
      const refused = await startService(
        { BUILD_DIR: buildDir, LEADS_DATA_DIR: dataDir },
        undefined,
        nobody(),
      ).then(
        (started) => started.stop().then(() => started.output()),
        (error: Error) => error.message,
      );
      expect(refused).toMatch(
        /No se pudo abrir la base de leads: la base de leads es de solo lectura para este servicio/,
      );
      expect(refused).not.toMatch(/^\s+at /m); // one sentence, no stack trace
      expect(refused).not.toContain("Sitio disponible");
    },
  );

  test.runIf(runningAsRoot)(
    "a full disk: health proves it with a real write (503, 'lleno'), leads get 503, and both recover when space is back",
    async () => {
      const dataDir = folder();
      const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", dataDir]);
      if (mounted.status !== 0) throw new Error(`cannot mount a tmpfs: ${mounted.stderr.toString()}`);
      cleanUp.push(() => spawnSync("umount", ["-l", dataDir]));
      const target = await service({ LEADS_DATA_DIR: dataDir });
      expect((await submit(target)).status).toBe(201);

      // Fill every byte that is left, then ask for writes that need new pages.
      const filler = join(dataDir, "filler");
      spawnSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=64k"]);
      let refused = 0;
      for (let attempt = 0; attempt < 40 && refused === 0; attempt++) {
        const status = (await submit(target)).status;
        if (status === 503) refused++;
        else expect(status).toBe(201);
      }
      expect(refused).toBe(1);
      const reported = await health(target);
      expect(reported.status).toBe(503);
      expect(String(reported.body.cause)).toMatch(/disco de la base de leads está lleno/);
      expect(target.output()).toMatch(/503: el disco de la base de leads está lleno/);

      unlinkSync(filler);
      expect((await health(target)).status).toBe(200);
      expect((await submit(target)).status).toBe(201);
    },
  );
});

describe("PostgreSQL", { timeout: 90_000 }, () => {
  test("frozen (SIGSTOP, connections open, nothing answers): 503 within the 2-second deadline, health says so; thawed, leads are stored again", async () => {
    const postgres = await startPostgres({ durable: false });
    cleanUp.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase("frozen");
    const target = await service({ LEADS_DATA_DIR: folder(), DATABASE_URL: databaseUrl });
    expect((await submit(target)).status).toBe(201);

    postgres.freeze();
    cleanUp.push(() => postgres.thaw());
    const started = performance.now();
    const refused = await submit(target);
    const waited = performance.now() - started;
    expect(refused.status).toBe(503);
    // The deadline (2 s), not the pool's 10-second query timeout, gave the answer.
    expect(waited).toBeLessThan(6_000);
    const reported = await health(target);
    expect(reported.status).toBe(503);
    // Either 2-second limit may speak first: the store's deadline or the pool's wait for a
    // connection, which node-postgres words two ways (waiting for a free one, or opening a new one).
    expect(String(reported.body.cause)).toMatch(
      /no respondió en 2 s|timeout exceeded when trying to connect|terminated due to connection timeout/,
    );

    postgres.thaw();
    let stored = 0;
    for (let attempt = 0; attempt < 20 && stored === 0; attempt++) {
      if ((await submit(target)).status === 201) stored++;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(stored).toBe(1);
    expect((await health(target)).status).toBe(200);
  });
});

describe("the server's sockets", { timeout: 60_000 }, () => {
  test("POST /api/health gets 405 with Allow, not 404", async () => {
    const target = await service({ LEADS_DATA_DIR: folder() });
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await send(`${target.baseUrl}/api/health`, { method, body: "" });
      expect(response.status, method).toBe(405);
      expect(response.headers["allow"]).toBe("GET, HEAD");
    }
  });

  test("a client that never finishes its headers or its body is answered and closed, not held", async () => {
    const target = await service({ LEADS_DATA_DIR: folder() });
    const held = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(target.port, "127.0.0.1", () => socket.write(request));
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("close", () => resolve(answer));
      });
    const [slowHeaders, slowBody] = await Promise.all([
      held("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
      held(
        "POST /api/form/submit/express HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nnombre=A",
      ),
    ]);
    // Both sockets were closed by the server (the promises resolved), with a 408 where it could answer.
    expect(slowHeaders).toMatch(/^HTTP\/1\.1 408|^$/);
    expect(slowBody).toMatch(/^HTTP\/1\.1 408/);
  });
});
