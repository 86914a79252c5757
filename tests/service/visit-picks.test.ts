/**
 * Never two visits at once (issue 46, decision 0039), on a real SQLite file and a real
 * PostgreSQL server, through the client's real link: 50 leads each get an offer of the same
 * window, and all 50 pick it at the same moment. Exactly one visit is confirmed; the other 49
 * are told «Ese horario ya no está disponible» and shown the window still free. The guard is
 * the database's own (an exclusion constraint, a trigger): the same test also writes an
 * overlapping visit straight into the table and sees it refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { BlockList } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test, vi } from "vitest";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { Jobs } from "../../server/jobs.ts";
import { Platform } from "../../server/platform/platform.ts";
import type { NewLead, StorageOptions } from "../../server/storage/store.ts";
import { visitsFeature } from "../../server/visits/door.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const site = loadSiteConfig({}).config;
// Monday 7 December 2026, 09:00 in Buenos Aires.
const now = new Date("2026-12-07T12:00:00.000Z");
// Wednesday 10:00-11:00 and 12:30-13:30 in Buenos Aires: 90 minutes apart, more than the 30-minute buffer.
const contested = { startsAt: "2026-12-09T13:00:00.000Z", endsAt: "2026-12-09T14:00:00.000Z" };
const later = { startsAt: "2026-12-09T15:30:00.000Z", endsAt: "2026-12-09T16:30:00.000Z" };

let postgres: PostgresServer | undefined;
const folders: string[] = [];
afterAll(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const backends: { name: string; storage: () => Promise<StorageOptions> }[] = [
  {
    name: "SQLite",
    storage: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "visit-picks-"));
      folders.push(dataDir);
      return { dataDir };
    },
  },
  {
    name: "PostgreSQL",
    storage: async () => {
      postgres ??= await startPostgres({ durable: false });
      return {
        dataDir: "unused",
        databaseUrl: await postgres.createDatabase(`visits_${folders.length}_${Date.now()}`),
      };
    },
  },
];

function lead(index: number): NewLead {
  const name = `Cliente ${index}`;
  const phone = `11 5555-${String(index).padStart(4, "0")}`;
  return {
    receivedAt: new Date(now.getTime() - 3_600_000),
    formId: "express",
    page: "/",
    values: { nombre: name, telefono: phone, edificio: "Torre Mulieris" },
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: "Mozilla/5.0 (prueba)",
    spam: false,
    contact: { name, phone, email: null },
    notify: [],
  };
}

async function startLinks(storage: StorageOptions) {
  const platform = await Platform.open({
    storage,
    features: [visitsFeature],
    jobs: new Jobs(),
    site,
    now: () => now,
  });
  const { desk } = await platform.start(visitsFeature, {
    config: { rateLimitPerMinute: 0, trustedProxies: new BlockList() },
    published: () => ({
      site: { ...site, whatsappNumber: "5491100000000" },
      buildingAccess: () => undefined,
    }),
    stylesheets: [],
  });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    void platform.paths.handle(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    platform,
    desk,
    origin,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.close();
    },
  };
}

function pickBody(window: { startsAt: string }) {
  return new URLSearchParams({
    accion: "elegir",
    ventana: window.startsAt,
    torre: "Torre Mulieris",
    piso: "12",
    unidad: "B",
    abre: "owner",
    notas: "",
  }).toString();
}

describe.each(backends)("visits on $name", (backend) => {
  test("50 simultaneous picks of one window from 50 leads' links confirm exactly one", async () => {
    const links = await startLinks(await backend.storage());
    try {
      const tokens: string[] = [];
      for (let index = 0; index < 50; index++) {
        const stored = await links.platform.store.leads.insert(lead(index));
        tokens.push((await links.desk.offer(stored.id, "es", [contested, later])).token);
      }
      const answers = await Promise.all(
        tokens.map(async (token) => {
          const response = await fetch(`${links.origin}/api/visita/${token}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: links.origin },
            body: pickBody(contested),
          });
          return { status: response.status, body: await response.text() };
        }),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([303, ...Array<number>(49).fill(409)]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body).toContain("Ese horario ya no está disponible");
        // What is left: the later window is offered again, the taken one is not.
        expect(refused.body).toContain(`value="${later.startsAt}"`);
        expect(refused.body).not.toContain(`value="${contested.startsAt}"`);
      }
      const visits = await links.platform.store.inspectionVisits.confirmedBetween(
        "2026-12-09T00:00:00.000Z",
        "2026-12-10T00:00:00.000Z",
      );
      expect(visits.map((visit) => visit.startsAt)).toEqual([contested.startsAt]);

      // The winner's link now shows the visit; a loser can still take the later window.
      const winner = tokens[answers.findIndex((answer) => answer.status === 303)]!;
      const shown = await (await fetch(`${links.origin}/api/visita/${winner}`)).text();
      expect(shown).toContain("Visita confirmada");
      expect(shown).toContain("Torre Mulieris, Piso 12, Unidad B");
      const loser = tokens.find((token) => token !== winner)!;
      const second = await fetch(`${links.origin}/api/visita/${loser}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: links.origin },
        body: pickBody(later),
      });
      expect(second.status).toBe(303);
    } finally {
      await links.close();
    }
  });

  test("the database itself refuses an overlapping visit, buffer included, whoever writes it", async () => {
    const links = await startLinks(await backend.storage());
    try {
      const offers = [];
      for (let index = 0; index < 3; index++) {
        const stored = await links.platform.store.leads.insert(lead(index));
        offers.push((await links.desk.offer(stored.id, "es", [contested])).offer);
      }
      const rows = links.platform.store.inspectionVisits;
      const visit = (id: string, window: typeof contested) => ({
        id,
        window,
        bufferMinutes: 30,
        property: {},
        access: {},
      });
      expect((await rows.confirm(offers[0]!.id, visit("a", contested), now.toISOString())).outcome).toBe(
        "confirmed",
      );
      // Starts 20 minutes after the first ends: inside the 30-minute travel buffer.
      const tooClose = { startsAt: "2026-12-09T14:20:00.000Z", endsAt: "2026-12-09T15:20:00.000Z" };
      expect((await rows.confirm(offers[1]!.id, visit("b", tooClose), now.toISOString())).outcome).toBe(
        "taken",
      );
      // Nothing was written for the refused pick: its offer is still open.
      expect((await rows.openOffers(now.toISOString())).map((offer) => offer.id).sort()).toEqual(
        [offers[1]!.id, offers[2]!.id].sort(),
      );
      // Exactly the buffer apart is allowed.
      const justAfter = { startsAt: "2026-12-09T14:30:00.000Z", endsAt: "2026-12-09T15:30:00.000Z" };
      expect((await rows.confirm(offers[2]!.id, visit("c", justAfter), now.toISOString())).outcome).toBe(
        "confirmed",
      );
      // Moving a visit onto another is refused too; cancelling frees its time.
      expect(await rows.reschedule("c", contested, 30, now.toISOString())).toBe("taken");
      expect(await rows.settle("a", "cancelled", now.toISOString())).toBe(true);
      expect(await rows.reschedule("c", contested, 30, now.toISOString())).toBe("moved");
      expect((await rows.visit("c"))?.sequence).toBe(1);
    } finally {
      await links.close();
    }
  });
});
