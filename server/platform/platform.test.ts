import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { Jobs } from "../jobs.ts";
import { sendJson } from "../http/reply.ts";
import type { Feature } from "./feature.ts";
import { Platform } from "./platform.ts";

const site = loadSiteConfig({}).config;
const folders: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDir() {
  const folder = mkdtempSync(join(tmpdir(), "platform-"));
  folders.push(folder);
  return folder;
}

const closed: string[] = [];
const notes: Feature<{ greeting: string }, { said: string }> = {
  name: "Notas",
  tables: () => ({
    "notas-0001": {
      async up(db) {
        await db.schema
          .createTable("notas")
          .addColumn("id", "text", (column) => column.primaryKey())
          .execute();
      },
    },
  }),
  async start(_platform, needs) {
    return {
      said: needs.greeting,
      routes: [
        { path: "/api/notas", handle: async (_request, response) => sendJson(response, 200, { ok: true }) },
      ],
      jobs: ["Notas"],
      close: async () => void closed.push("Notas"),
    };
  },
};
const echo: Feature<{ said: string }> = {
  name: "Eco",
  async start(_platform, needs) {
    return {
      routes: [
        {
          path: /^\/eco\/[a-z]+$/,
          handle: async (_request, response) => sendJson(response, 200, { said: needs.said }),
        },
      ],
      close: async () => void closed.push("Eco"),
    };
  },
};

test("a feature's tables are migrated, its routes answered, and features close last first", async () => {
  closed.length = 0;
  const platform = await Platform.open({
    storage: { dataDir: dataDir() },
    features: [notes, echo],
    jobs: new Jobs(),
    site,
  });
  const { said } = await platform.start(notes, { greeting: "hola" });
  await platform.start(echo, { said });

  // The table exists in the database the store opened.
  const tables = await sql<{ name: string }>`select name from sqlite_master where name = 'notas'`.execute(
    platform.store.db,
  );
  expect(tables.rows).toEqual([{ name: "notas" }]);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (platform.paths.claims(url.pathname)) void platform.paths.handle(request, response, url);
    else response.writeHead(418).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  expect(await (await fetch(`${base}/api/notas`)).json()).toEqual({ ok: true });
  expect(await (await fetch(`${base}/eco/abc`)).json()).toEqual({ said: "hola" });
  // Every /api/ path is the service's: one no feature registered is a 404, never the static site.
  expect((await fetch(`${base}/api/nada`)).status).toBe(404);
  expect((await fetch(`${base}/eco/ABC`)).status).toBe(418);

  expect(platform.registrations()).toEqual([
    { name: "Notas", routes: ["/api/notas"], jobs: ["Notas"], inboxPages: [], emails: [] },
    { name: "Eco", routes: ["/^\\/eco\\/[a-z]+$/"], jobs: [], inboxPages: [], emails: [] },
  ]);
  await platform.close();
  expect(closed).toEqual(["Eco", "Notas"]);
});

test("two features cannot register one route or one name", async () => {
  await expect(
    Platform.open({ storage: { dataDir: dataDir() }, features: [notes, notes], jobs: new Jobs(), site }),
  ).rejects.toThrow("«Notas» está registrada dos veces");
  const platform = await Platform.open({
    storage: { dataDir: dataDir() },
    features: [notes],
    jobs: new Jobs(),
    site,
  });
  await platform.start(notes, { greeting: "hola" });
  await expect(platform.start({ ...notes, name: "Otra" }, { greeting: "chau" })).rejects.toThrow(
    "La ruta /api/notas ya la registró otra función.",
  );
  await platform.close();
});
