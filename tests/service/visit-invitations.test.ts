/**
 * Calendars without accounts (issue 46, decision 0039): a client's pick, reschedule and
 * cancellation through the real link, on a real SQLite file, each e-mailed through a real SMTP
 * server to the owner and the client with `visita.ics`, read back by a real iCalendar parser
 * (ical.js): one UID for the visit's life, SEQUENCE rising, DTSTART/DTEND in UTC, LOCATION with
 * floor and unit, ORGANIZER and ATTENDEE, and METHOD:CANCEL with STATUS:CANCELLED at the end;
 * the link refused after the cancellation. The invitation and the page's times are the same
 * under TZ=UTC, Asia/Tokyo and America/New_York.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { BlockList } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import ICAL from "ical.js";
import { afterAll, expect, test, vi } from "vitest";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { Jobs } from "../../server/jobs.ts";
import { Platform } from "../../server/platform/platform.ts";
import { visitsFeature } from "../../server/visits/door.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { startVisitPlatform } from "./visit-platform.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const site = loadSiteConfig({}).config;
let now = new Date("2026-12-07T12:00:00.000Z");
const first = { startsAt: "2026-12-09T13:00:00.000Z", endsAt: "2026-12-09T14:00:00.000Z" };
const second = { startsAt: "2026-12-10T17:00:00.000Z", endsAt: "2026-12-10T18:00:00.000Z" };
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Parsed = {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  event: ICAL.Event;
  raw: string;
};

function parse(calendar: string): Parsed {
  const component = new ICAL.Component(ICAL.parse(calendar));
  const vevent = component.getFirstSubcomponent("vevent")!;
  return {
    method: String(component.getFirstPropertyValue("method")),
    uid: String(vevent.getFirstPropertyValue("uid")),
    sequence: Number(vevent.getFirstPropertyValue("sequence")),
    status: String(vevent.getFirstPropertyValue("status")),
    event: new ICAL.Event(vevent),
    raw: calendar,
  };
}

test("pick, reschedule and cancel each send visita.ics to owner and client; the link ends after the cancellation", async () => {
  const catcher = await startSmtpCatcher();
  const { platform, desk } = await startVisitPlatform({
    site,
    now: () => now,
    smtpPort: catcher.port,
    folders,
    ownerAddresses: ["duena@example.com"],
  });
  const server: Server = createServer((request, response) => {
    void platform.paths.handle(request, response, new URL(request.url ?? "/", "http://localhost"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const lead = await platform.store.leads.insert({
      receivedAt: new Date(now.getTime() - 3_600_000),
      formId: "express",
      page: "/en/property-valuation",
      values: { nombre: "John Smith", telefono: "+1 212 555 0100", email: "john@example.com" },
      handoff: "tab-opened",
      clientAddress: "127.0.0.2",
      userAgent: null,
      spam: false,
      contact: { name: "John Smith", phone: "+1 212 555 0100", email: "john@example.com" },
      notify: [],
    });
    const { token } = await desk.offer(lead.id, "en", [first, second]);
    const post = (body: Record<string, string>) =>
      fetch(`${origin}/api/visita/${token}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: new URLSearchParams(body).toString(),
      });

    // A post from another site (no Origin of this host) changes nothing: the inbox's CSRF rule.
    const forged = await fetch(`${origin}/api/visita/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({
        accion: "elegir",
        ventana: first.startsAt,
        calle: "Av. Falsa 123",
      }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await platform.store.inspectionVisits.confirmedBetween(first.startsAt, second.endsAt)).toEqual([]);

    expect(
      (
        await post({
          accion: "elegir",
          ventana: first.startsAt,
          torre: "Alvear Tower",
          piso: "31",
          unidad: "A",
          abre: "staff",
          autorizados: "Laura Ejemplo, DNI 20.000.000",
          cochera: "si",
          notas: "Ring the concierge",
        })
      ).status,
    ).toBe(303);
    await vi.waitFor(() => expect(catcher.received).toHaveLength(2), { timeout: 30_000, interval: 50 });
    const confirmed = catcher.received.map((mail) => ({
      to: mail.to,
      ics: parse(mail.message.parts["text/calendar"]!),
    }));
    expect(confirmed.map((mail) => mail.to).sort()).toEqual([["duena@example.com"], ["john@example.com"]]);
    for (const { ics } of confirmed) {
      expect(ics.method).toBe("REQUEST");
      expect(ics.sequence).toBe(0);
      expect(ics.status).toBe("CONFIRMED");
      expect(ics.event.startDate.toJSDate().toISOString()).toBe(first.startsAt);
      expect(ics.event.endDate.toJSDate().toISOString()).toBe(first.endsAt);
      expect(ics.raw).toMatch(/DTSTART:20261209T130000Z/);
      expect(ics.event.location).toBe("Alvear Tower, Floor 31, Unit A, Puerto Madero, Buenos Aires");
      expect(ics.event.description).toContain("Laura Ejemplo, DNI 20.000.000");
      expect(ics.event.description).toContain(`/api/visita/${token}`);
      expect(ics.event.organizer).toBe(`mailto:${site.email}`);
      expect(ics.event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
        "mailto:john@example.com",
      ]);
    }
    const uid = confirmed[0]!.ics.uid;
    expect(confirmed[1]!.ics.uid).toBe(uid);
    // The client's copy is in English, the owner's in Spanish.
    const clientMail = catcher.received.find((mail) => mail.to[0] === "john@example.com")!;
    expect(clientMail.message.headers.get("subject")).toMatch(/^Visit confirmed: Wednesday/);
    console.log(`visita.ics (confirmed):\n${confirmed[0]!.ics.raw}`);

    // Reschedule: same UID, SEQUENCE 1, the new time.
    expect((await post({ accion: "reprogramar", ventana: second.startsAt })).status).toBe(303);
    await vi.waitFor(() => expect(catcher.received).toHaveLength(4), { timeout: 30_000, interval: 50 });
    const moved = parse(catcher.received[2]!.message.parts["text/calendar"]!);
    expect([moved.method, moved.uid, moved.sequence]).toEqual(["REQUEST", uid, 1]);
    expect(moved.event.startDate.toJSDate().toISOString()).toBe(second.startsAt);

    // Cancel: METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 2.
    expect((await post({ accion: "cancelar" })).status).toBe(303);
    await vi.waitFor(() => expect(catcher.received).toHaveLength(6), { timeout: 30_000, interval: 50 });
    const cancelled = parse(catcher.received[4]!.message.parts["text/calendar"]!);
    expect([cancelled.method, cancelled.uid, cancelled.sequence, cancelled.status]).toEqual([
      "CANCEL",
      uid,
      2,
      "CANCELLED",
    ]);
    console.log(`visita.ics (cancelled):\n${cancelled.raw}`);

    // The link no longer works: 410 to a look and to a new pick.
    expect((await fetch(`${origin}/api/visita/${token}`)).status).toBe(410);
    expect(
      (await post({ accion: "elegir", ventana: first.startsAt, calle: "Av. Siempreviva 742" })).status,
    ).toBe(410);
    // An unknown or malformed token is a 404 whatever its shape.
    expect((await fetch(`${origin}/api/visita/${"A".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${origin}/api/visita/1`)).status).toBe(404);

    // A link after its visit: a second lead picks, the clock passes the visit's end, the link is 410.
    const other = await platform.store.leads.insert({
      ...lead,
      receivedAt: lead.receivedAt,
      notify: [],
      values: {},
      contact: { name: "Ana", phone: null, email: null },
      clientAddress: "127.0.0.3",
      handoff: "tab-opened",
      formId: "express",
      page: "/",
      userAgent: null,
      spam: false,
    });
    const later = await desk.offer(other.id, "es", [first]);
    expect(
      (
        await fetch(`${origin}/api/visita/${later.token}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: new URLSearchParams({
            accion: "elegir",
            ventana: first.startsAt,
            calle: "Juana Manso 1000",
          }).toString(),
        })
      ).status,
    ).toBe(303);
    expect((await fetch(`${origin}/api/visita/${later.token}`)).status).toBe(200);
    now = new Date(Date.parse(first.endsAt) + 1);
    expect((await fetch(`${origin}/api/visita/${later.token}`)).status).toBe(410);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.close();
    await catcher.stop();
  }
});

test("the invitation and the page's times are the same under TZ=UTC, Asia/Tokyo and America/New_York", () => {
  const script = `
    import { visitInvitation } from "./server/visits/invitation.ts";
    import { windowText } from "./server/visits/pick-page.ts";
    const visit = { id: "v1", offerId: "o1", leadId: "l1", sequence: 3, startsAt: "2026-12-09T13:00:00.000Z",
      endsAt: "2026-12-09T14:00:00.000Z", state: "confirmed", createdAt: "2026-12-07T12:00:00.000Z",
      updatedAt: "2026-12-07T12:00:00.000Z",
      property: { tower: "Alvear Tower", floor: "31", unit: "A", street: "" },
      access: { opener: "owner", guestList: "", parking: false, occupied: true, notes: "" } };
    const parties = { business: { name: "Madero", email: "hola@madero.example", siteUrl: "https://www.madero.example" },
      client: { name: "Ana", email: "ana@example.com" } };
    process.stdout.write(JSON.stringify({
      ics: visitInvitation(visit, parties, { lang: "es", link: "https://www.madero.example/api/visita/x" }).content,
      es: windowText("es", visit), en: windowText("en", visit) }));
  `;
  const outputs = ["UTC", "Asia/Tokyo", "America/New_York"].map((zone) =>
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: join(import.meta.dirname, "..", ".."),
      env: { ...process.env, TZ: zone },
      encoding: "utf8",
    }),
  );
  expect(outputs[1]).toBe(outputs[0]);
  expect(outputs[2]).toBe(outputs[0]);
  const { ics, es, en } = JSON.parse(outputs[0]!) as { ics: string; es: string; en: string };
  expect(es).toBe("miércoles, 9 de diciembre, 10:00 a 11:00");
  expect(en).toBe("Wednesday 9 December at 10:00 to 11:00");
  expect(ics).toContain("DTSTART:20261209T130000Z");
});

test("guessing links is rate-limited per address: past the limit, 429 before any token is looked up", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "visit-guess-"));
  folders.push(dataDir);
  const platform = await Platform.open({
    storage: { dataDir },
    features: [visitsFeature],
    jobs: new Jobs(),
    site,
  });
  await platform.start(visitsFeature, {
    config: { rateLimitPerMinute: 3, trustedProxies: new BlockList() },
    published: () => ({ site, buildingAccess: () => undefined }),
    stylesheets: [],
  });
  const server: Server = createServer((request, response) => {
    void platform.paths.handle(request, response, new URL(request.url ?? "/", "http://localhost"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const statuses = [];
    for (let guess = 0; guess < 5; guess++)
      statuses.push((await fetch(`${origin}/api/visita/${String(guess).padStart(43, "x")}`)).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.close();
  }
});
