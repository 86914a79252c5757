import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { composeMessage } from "../../app/features/leads/compose-message.ts";
import { expressForm } from "../../app/features/leads/markup/site-forms.ts";
import { Store } from "../../server/storage/store.ts";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { healthDetails, startService, type ServiceProcess } from "../../scripts/service-process.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";

/**
 * The service under abuse and failure: rate limits per address (and what a
 * forged X-Forwarded-For does), a database that goes away, a port already
 * taken, a shutdown with a submission in flight. Real processes, real databases.
 */
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 60_000);

const buildDir = writeFixtureBuild();
cleanUp.push(() => rmSync(buildDir, { recursive: true, force: true }));

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "leads-operations-"));
  cleanUp.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function service(env: Record<string, string>): Promise<ServiceProcess> {
  const started = await startService({ BUILD_DIR: buildDir, LEADS_DATA_DIR: dataDir(), ...env });
  cleanUp.push(() => started.stop());
  return started;
}

const values = {
  tipoPropiedad: "Departamento",
  direccion: "Juana Manso 1000",
  superficie: "80",
  ambientes: "3 ambientes",
  nombre: "Ana & Luis <i>",
  telefono: "11 5555 0000",
  email: "ana@example.com",
};
const body = urlEncoded(values);
const submit = (target: ServiceProcess, options: { from?: string; headers?: Record<string, string> } = {}) =>
  send(`${target.baseUrl}/api/form/submit/express`, {
    from: options.from,
    headers: { ...formEncoded, ...json, ...options.headers },
    body,
  });
/** What deploy/install.sh writes as LEADS_PROXY_SECRET (openssl rand -hex 32). */
const proxySecret = "5f0c2a9e4b7d1e3f6a8c0b2d4e6f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d1f";
const idOf = (response: { body: string }) => (JSON.parse(response.body) as { id: string }).id;

describe("rate limit per client address", { timeout: 60_000 }, () => {
  test("the fourth submission in a minute from one address gets 429 with Retry-After; other addresses go on", async () => {
    const limited = await service({ LEADS_RATE_LIMIT: "3" });
    for (let index = 0; index < 3; index++)
      expect((await submit(limited, { from: "127.0.0.3" })).status).toBe(201);
    const refused = await submit(limited, { from: "127.0.0.3" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false });
    expect((await submit(limited, { from: "127.0.0.4" })).status).toBe(201);

    // Without JavaScript the refusal is a page whose WhatsApp link carries the answers.
    const native = await send(`${limited.baseUrl}/api/form/submit/express`, {
      from: "127.0.0.3",
      headers: formEncoded,
      body,
    });
    expect(native.status).toBe(429);
    const href = /<a href="(https:\/\/wa\.me\/[^"]*)"/.exec(native.body)![1]!.replace(/&amp;/g, "&");
    expect(new URL(href).searchParams.get("text")).toBe(composeMessage(expressForm, values));
  });

  test("two instances on one PostgreSQL share the limit: from one address, the configured rate in all, not twice it", async () => {
    const postgres = await startPostgres({ durable: false });
    cleanUp.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase("shared-limit");
    const first = await service({ LEADS_RATE_LIMIT: "4", DATABASE_URL: databaseUrl });
    const second = await service({ LEADS_RATE_LIMIT: "4", DATABASE_URL: databaseUrl });
    // Eight at once, alternating instances, all from one address.
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => submit(index % 2 ? second : first, { from: "127.0.0.8" })),
    ).then((responses) => responses.map((response) => response.status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    // Another address has its own bucket, on either instance.
    expect((await submit(second, { from: "127.0.0.9" })).status).toBe(201);
    const store = await Store.open({ dataDir: "unused", databaseUrl });
    try {
      expect((await store.leads.list({}, { limit: 20, offset: 0 })).total).toBe(5);
    } finally {
      await store.close();
    }
  });

  test("X-Forwarded-For from an address that is not a trusted proxy changes nothing", async () => {
    const limited = await service({ LEADS_RATE_LIMIT: "3" });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await submit(limited, {
        from: "127.0.0.5",
        headers: { "X-Forwarded-For": `198.51.100.${index}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  test("a local process that writes X-Forwarded-For is counted by its own address, as installed servers are configured", async () => {
    // What deploy/install.sh wrote before decision 0040 (loopback listed) beside the secret it writes now.
    const limited = await service({
      LEADS_RATE_LIMIT: "3",
      LEADS_TRUSTED_PROXIES: "127.0.0.1",
      LEADS_PROXY_SECRET: proxySecret,
    });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const forged = { "X-Forwarded-For": `198.51.100.${index}`, "X-Proxy-Secret": index ? "guess" : "" };
      statuses.push((await submit(limited, { headers: forged })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  test("behind our nginx (the secret) each forwarded client has its own limit, and a prepended address is ignored", async () => {
    const limited = await service({
      LEADS_RATE_LIMIT: "3",
      LEADS_TRUSTED_PROXIES: "10.0.0.0/8",
      LEADS_PROXY_SECRET: proxySecret,
    });
    const viaNginx = (forwardedFor: string) => ({
      headers: { "X-Forwarded-For": forwardedFor, "X-Proxy-Secret": proxySecret },
    });
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await submit(limited, viaNginx("203.0.113.10"));
      expect(response.status).toBe(201);
      ids.push(idOf(response));
    }
    // The visitor writes their own X-Forwarded-For; the proxy appends the address it really saw.
    const spoofed = await submit(limited, viaNginx("198.51.100.77, 203.0.113.10"));
    expect(spoofed.status).toBe(429);
    const viaTwoProxies = await submit(limited, viaNginx("203.0.113.10, 10.1.2.3"));
    expect(viaTwoProxies.status).toBe(429);
    const other = await submit(limited, viaNginx("203.0.113.11"));
    expect(other.status).toBe(201);

    const store = await Store.open({ dataDir: limited.env.LEADS_DATA_DIR! });
    try {
      const [first, second] = await Promise.all([store.leads.get(ids[0]!), store.leads.get(ids[1]!)]);
      const third = await store.leads.get(idOf(other));
      expect(first!.clientIpHash).toBe(second!.clientIpHash);
      expect(third!.clientIpHash).not.toBe(first!.clientIpHash);
    } finally {
      await store.close();
    }
  });

  test("LEADS_RATE_LIMIT=0 turns the limit off", async () => {
    const unlimited = await service({ LEADS_RATE_LIMIT: "0" });
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () => submit(unlimited, { from: "127.0.0.6" })),
    );
    expect(statuses.map((response) => response.status)).toEqual(Array(15).fill(201));
  });
});

describe("a database that goes away", { timeout: 60_000 }, () => {
  let postgres: PostgresServer;

  test("PostgreSQL down: submit answers 503 at once (JSON and page), health says so; back up: leads are stored again", async () => {
    postgres = await startPostgres({ durable: false });
    cleanUp.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase("leads");
    const target = await service({ DATABASE_URL: databaseUrl });

    const before = await submit(target);
    expect(before.status).toBe(201);

    await postgres.pause();
    const down = await submit(target);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({
      ok: false,
      error: "El servicio no está disponible en este momento.",
    });
    const native = await send(`${target.baseUrl}/api/form/submit/express`, { headers: formEncoded, body });
    expect(native.status).toBe(503);
    const href = /<a href="(https:\/\/wa\.me\/[^"]*)"/.exec(native.body)![1]!.replace(/&amp;/g, "&");
    expect(new URL(href).searchParams.get("text")).toBe(composeMessage(expressForm, values));
    const health = await send(`${target.baseUrl}/api/health`, { headers: healthDetails });
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ ok: false, database: "unavailable" });
    expect(JSON.parse(health.body).cause).toMatch(/la base de leads no responde/);

    await postgres.resume();
    const after = await submit(target);
    expect(after.status).toBe(201);
    const store = await Store.open({ dataDir: "unused", databaseUrl });
    try {
      expect(await store.leads.get(idOf(before))).toBeDefined();
      expect(await store.leads.get(idOf(after))).toBeDefined();
      expect((await store.leads.list({}, { limit: 10, offset: 0 })).total).toBe(2);
    } finally {
      await store.close();
    }
  }, 90_000);
});

describe("starting and stopping", { timeout: 60_000 }, () => {
  test("a port already in use gets one Spanish line, no stack trace", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    cleanUp.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as { port: number }).port;
    const result = spawnSync(process.execPath, ["--disable-warning=ExperimentalWarning", "server/serve.ts"], {
      env: {
        PATH: process.env.PATH,
        HOST: "127.0.0.1",
        PORT: String(port),
        BUILD_DIR: buildDir,
        LEADS_DATA_DIR: dataDir(),
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `El puerto ${port} ya está en uso en 127.0.0.1: cerrá el otro programa o elegí otro, por ejemplo PORT=${port + 1} npm start`,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  test("SIGTERM lets a submission in flight finish and be stored, refuses new connections, then exits 0", async () => {
    const target = await service({});
    const head = [
      "POST /api/form/submit/express HTTP/1.1",
      `Host: 127.0.0.1:${target.port}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Accept: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "",
      "",
    ].join("\r\n");
    const socket = connect({ host: "127.0.0.1", port: target.port });
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(head + body.slice(0, 10));
    // A request answered after ours was written: the server has read our headers by then.
    expect((await send(`${target.baseUrl}/api/health`)).status).toBe(200);

    const exitCode = target.stop("SIGTERM");
    await expect
      .poll(async () => {
        try {
          await send(`${target.baseUrl}/api/health`);
          return "accepted";
        } catch (error) {
          return (error as NodeJS.ErrnoException).code;
        }
      })
      .toBe("ECONNREFUSED");

    socket.end(body.slice(10));
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(await exitCode).toBe(0);

    const id = /"id":"([^"]+)"/.exec(received)![1]!;
    const store = await Store.open({ dataDir: target.env.LEADS_DATA_DIR! });
    try {
      expect((await store.leads.get(id))?.values).toEqual({ ...values, edificio: "" });
    } finally {
      await store.close();
    }
  });
});
