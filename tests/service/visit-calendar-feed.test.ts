/**
 * The owner's private calendar feed (issue 46, decision 0041), attacked as a stranger would, on
 * a real SQLite file and a real PostgreSQL server through the service's real routes: no feed
 * before the owner makes one; her address answers text/calendar that a real iCalendar parser
 * (ical.js) reads, with her confirmed visits and nothing else (no cancelled visit, no lead
 * without one, no phone, e-mail, DNI or notes); a wrong secret, a malformed one and the old one
 * after a new address are the same 404 as an unknown /api/ path, byte for byte; the secret is
 * not in the database. The times each kind of refusal took are printed, not asserted.
 */
import { createServer, type Server } from "node:http";

import ICAL from "ical.js";
import { afterAll, describe, expect, test, vi } from "vitest";

import { storageBackends } from "../tools/storage-backends.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { confirmedAt, confirmVisit, morning, noon, openVisits, thursday } from "./visit-reminder-setup.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const catcher = await startSmtpCatcher();
afterAll(() => catcher.stop());

type Answer = { status: number; type: string | null; length: string | null; body: string };

async function get(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    length: response.headers.get("content-length"),
    body: await response.text(),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe.each(storageBackends("visit_feed"))("calendar feed on $name", (backend) => {
  test("her secret address gives her visits and only them; any other address is the same 404", async () => {
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => confirmedAt,
      smtpPort: catcher.port,
    });
    const server: Server = createServer((request, response) => {
      void opened.platform.paths.handle(request, response, new URL(request.url ?? "/", "http://localhost"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const onServer = (url: string) => `${origin}${new URL(url).pathname}`;
    try {
      const john = await confirmVisit(
        opened,
        { name: "John Smith", email: "john@example.com", phone: "+1 212 555 0100" },
        morning,
      );
      await confirmVisit(opened, { name: "Ana Pérez", email: null, phone: "11 5555-0101" }, noon);
      const carla = await confirmVisit(
        opened,
        { name: "Carla Gone", email: "carla@example.com", phone: null },
        thursday,
      );
      await opened.desk.cancel(carla.token);
      const onlyOffered = await opened.platform.store.leads.insert({
        receivedAt: confirmedAt,
        formId: "express",
        page: "/",
        values: {},
        handoff: "tab-opened",
        clientAddress: "127.0.0.9",
        userAgent: null,
        spam: false,
        contact: { name: "Olga Offered", email: "olga@example.com", phone: "11 5555-0999" },
        notify: [],
      });
      await opened.desk.offer(onlyOffered.id, "es", [thursday]);

      const unknown = await get(`${origin}/api/no-existe`);
      expect(unknown.status).toBe(404);
      const guess = `${origin}/api/calendario/${"A".repeat(43)}.ics`;
      // Before the owner makes an address, there is no feed at all.
      expect(await get(guess)).toEqual(unknown);

      const first = await opened.agenda.replaceCalendarFeed();
      expect(first.webcalUrl).toBe(first.httpsUrl.replace(/^https?:/, "webcal:"));
      const secret = /calendario\/([A-Za-z0-9_-]{43})\.ics$/.exec(first.httpsUrl)![1]!;
      // Stored hashed: the database holds no trace of the secret itself.
      const stored = JSON.stringify(await opened.platform.store.inspectionVisits.agenda("calendar-feed"));
      expect(stored).not.toContain(secret);

      // No session, no cookie: a calendar app's plain GET.
      const feed = await fetch(onServer(first.httpsUrl));
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(feed.headers.get("cache-control")).toBe("private, no-store");
      const text = await feed.text();
      const calendar = new ICAL.Component(ICAL.parse(text));
      const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
      expect(events.map((event) => [event.summary, event.startDate.toJSDate().toISOString()])).toEqual([
        ["Visita: John Smith", morning.startsAt],
        ["Visita: Ana Pérez", noon.startsAt],
      ]);
      expect(events[0]!.location).toBe("Alvear Tower, Piso 31, Unidad A, Puerto Madero, Buenos Aires");
      expect(events[0]!.description).toContain(
        "Personas a autorizar en la guardia: 1 (nombres y DNI en la bandeja)",
      );
      expect(events[0]!.description).toContain(`/bandeja/consulta/${john.lead.id}`);
      expect(events[0]!.uid).toMatch(new RegExp(`^${john.visit.id}@`));
      // Nothing a leaked address should give away, and nobody who has no visit.
      const unfolded = text.replace(/\r\n[ \t]/g, "");
      for (const secretThing of [
        "212 555 0100",
        "john@example.com",
        "5555-0101",
        "DNI 20.000.000",
        "Laura Ejemplo",
        "Carla",
        "Olga",
        "olga@example.com",
      ])
        expect(unfolded).not.toContain(secretThing);
      expect(calendar.getFirstPropertyValue("method")).toBeNull();

      // A stranger's tries: each the same 404 as a path that does not exist.
      const wrong = secret.slice(0, -1) + (secret.endsWith("A") ? "B" : "A");
      const tries = [
        `/api/calendario/${wrong}.ics`,
        `/api/calendario/${wrong}`,
        `/api/calendario/${secret.toLowerCase() === secret ? secret.toUpperCase() : secret.toLowerCase()}.ics`,
        `/api/calendario/${secret.slice(0, 42)}.ics`,
        `/api/calendario/${secret}x.ics`,
        `/api/calendario/%00${secret}.ics`,
        `/api/calendario/${"%2e%2e%2f".repeat(5)}`,
        `/api/calendario/${"A".repeat(5000)}.ics`,
        `/api/calendario/.ics`,
      ];
      for (const path of tries) expect(await get(`${origin}${path}`), path).toEqual(unknown);
      // Only reading: a POST is refused whatever the secret.
      expect((await fetch(onServer(first.httpsUrl), { method: "POST" })).status).toBe(405);

      // A new address: the old one is the same 404 from now on, the new one works.
      const second = await opened.agenda.replaceCalendarFeed();
      expect(second.httpsUrl).not.toBe(first.httpsUrl);
      expect(await get(onServer(first.httpsUrl))).toEqual(unknown);
      expect((await get(onServer(second.httpsUrl))).status).toBe(200);

      // Timing: the right address does real work (the calendar); the refusals do the same work
      // whatever was tried (one read, one hash, one constant-time comparison). Printed, for the
      // decision's numbers; a wall-clock bound here would only make the test flaky.
      const timings: Record<string, number[]> = {
        unknownPath: [],
        wrongSecret: [],
        oldSecret: [],
        malformed: [],
      };
      const paths = {
        unknownPath: `${origin}/api/no-existe`,
        wrongSecret: `${origin}/api/calendario/${wrong}.ics`,
        oldSecret: onServer(first.httpsUrl),
        malformed: `${origin}/api/calendario/x.ics`,
      };
      for (let round = 0; round < 200; round++)
        for (const [name, url] of Object.entries(paths)) {
          const started = process.hrtime.bigint();
          await (await fetch(url)).arrayBuffer();
          timings[name]!.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      console.log(
        `feed on ${backend.name}, median ms over 200: ${Object.entries(timings)
          .map(([name, values]) => `${name} ${median(values).toFixed(3)}`)
          .join(", ")}`,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.platform.close();
    }
  });
});
