/**
 * Each building's access, once (issue 46 item 6, decision 0044), on real SQLite and PostgreSQL
 * with a real SMTP server: the owner's access edit is a draft the visits do not see; published,
 * the visits read it through the published site (the site's door), never the site's tables:
 * the client's pick page shows what the building asks and requires the names and DNI, the offer
 * form refuses a window outside the building's hours, the confirmed page, the e-mail and
 * `visita.ics` (read back by ical.js) carry the rules and the reception's phone, the pick page
 * never the phone; the public build is never handed the access; an undo takes it back.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { BlockList } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import ICAL from "ical.js";
import { afterAll, describe, expect, it, vi } from "vitest";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import { Jobs } from "../../server/jobs.ts";
import { Platform } from "../../server/platform/platform.ts";
import { followPublications, PublishedSiteSource } from "../../server/site/published-site.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { SitePublisher } from "../../server/site/site-publisher.ts";
import { createTowerEditor } from "../../server/site/tower-editor.ts";
import { visitsFeature } from "../../server/visits/door.ts";
import { smtpHeldMailer } from "../../server/visits/held-mail.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const backends = storageBackends("tower-access");
const site = loadSiteConfig({}).config;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

/** Monday 7 December 2026, 09:00 in Buenos Aires. */
let now = new Date("2026-12-07T12:00:00.000Z");
const phone = "+54 11 4312-0000";

describe.each(backends)("a building's access on $name", (backend) => {
  it("a draft is the owner's; published, the visits show it, require it and send it; undone, it is gone", async () => {
    const catcher = await startSmtpCatcher();
    const platform = await Platform.open({
      storage: await backend.options(),
      features: [visitsFeature],
      jobs: new Jobs(),
      site,
      now: () => now,
    });
    // What each build was handed as the towers' overrides: the public pages' only input about towers.
    const builtWith: string[] = [];
    const build: SiteBuilder = async (env, outDir) => {
      const file = env.SITE_TOWER_OVERRIDES_FILE;
      builtWith.push(file ? readFileSync(file, "utf8") : "");
      mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
      writeFileSync(join(clientDirOf(outDir), "index.html"), "construida");
    };
    const installed = tempDir("access-installed-");
    mkdirSync(join(installed, "client", "assets"), { recursive: true });
    writeFileSync(join(installed, "client", "index.html"), "instalada");
    const versions = platform.store.siteVersions;
    const publisher = new SitePublisher({
      store: versions,
      env: {},
      versionsDir: tempDir("access-versions-"),
      installedBuildDir: installed,
      build,
      log: () => {},
    });
    await publisher.start();
    const published = new PublishedSiteSource({}, () => now);
    await followPublications(published, publisher, versions);
    const visits = await platform.start(visitsFeature, {
      config: { rateLimitPerMinute: 0, trustedProxies: new BlockList() },
      published: () => published.current(),
      stylesheets: [],
      mailer: smtpHeldMailer(`smtp://127.0.0.1:${catcher.port}`),
      ownerAddresses: ["duena@example.com"],
    });
    const editor = createTowerEditor({ publisher, store: versions, now: () => now });
    const server: Server = createServer((request, response) => {
      void platform.paths.handle(request, response, new URL(request.url ?? "/", "http://localhost"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      // A refused edit stores nothing and names the fields in the owner's words.
      const refused = await editor.editTower("alvear-tower", {
        kind: "acceso",
        values: { "acceso-horario": "de mañana", "acceso-telefono": "<script>" },
      });
      expect(refused).toEqual({
        ok: false,
        message: "Para guardar, corregí «Horario de visitas del edificio» y «Teléfono de la recepción».",
        problems: {
          visitHours: "escribilo como 09:00-18:00 (hora de inicio y de fin)",
          receptionPhone: "solo texto, sin los signos < > { } \\ `",
        },
      });
      expect(await versions.towerDrafts()).toEqual({});

      expect(
        await editor.editTower("alvear-tower", {
          kind: "acceso",
          values: {
            "acceso-dni": "si",
            "acceso-horario": "9-12",
            "acceso-estacionamiento": `Cocheras "de cortesía" & valet`,
            "acceso-telefono": phone,
          },
        }),
      ).toEqual({ ok: true, slug: "alvear-tower" });
      expect((await editor.tower("alvear-tower"))?.access.map((field) => field.value)).toEqual([
        "si",
        "09:00-12:00",
        `Cocheras "de cortesía" & valet`,
        phone,
      ]);
      // A draft: the visits still read what is published (nothing).
      expect(published.current().buildingAccess("Alvear Tower")).toBeUndefined();

      const version = await publisher.publish("titular@ejemplo.com");
      expect(version.towerChanges.map((change) => change.fact)).toEqual([
        "guestListRequired",
        "visitHours",
        "parking",
        "receptionPhone",
      ]);
      // The public build was never handed the access, the reception's phone least of all.
      expect(builtWith.at(-1)).not.toContain("4312");
      expect(builtWith.at(-1)).not.toContain("access");
      expect(published.current().buildingAccess("torre alvear tower")).toMatchObject({
        slug: "alvear-tower",
        access: { guestListRequired: true, visitHours: { opens: "09:00", closes: "12:00" } },
      });

      const lead = await platform.store.leads.insert({
        receivedAt: new Date(now.getTime() - 3_600_000),
        formId: "valuation",
        page: "/tasacion-de-propiedades",
        values: { torre: "Alvear Tower", nombre: "Marta Gómez" },
        handoff: "tab-opened",
        clientAddress: "127.0.0.2",
        userAgent: null,
        spam: false,
        contact: { name: "Marta Gómez", phone: "11 5555-5555", email: "marta@example.com" },
        notify: [],
      });

      // The offer form: a window outside the building's hours is refused, naming them.
      expect(
        await visits.agenda.propose(lead.id, [{ date: "2026-12-09", start: "11:30", minutes: 60 }]),
      ).toEqual({
        problem:
          "Horario 1: Alvear Tower permite visitas de 09:00 a 12:00; elegí un horario dentro de ese rango.",
      });
      const offered = await visits.agenda.propose(lead.id, [
        { date: "2026-12-09", start: "10:00", minutes: 60 },
      ]);
      expect("link" in offered && offered.link).toBeTruthy();
      const path = new URL((offered as { link: string }).link).pathname;

      // The client's page: the tower prefilled, what the building asks, the names required, no phone.
      const pickHtml = await (await fetch(`${origin}${path}`)).text();
      expect(pickHtml).toContain('value="Alvear Tower"');
      expect(pickHtml).toContain("La guardia pide por adelantado los nombres y DNI");
      expect(pickHtml).toContain("El edificio permite visitas de 09:00 a 12:00");
      expect(pickHtml).toContain(
        "Estacionamiento para visitas: Cocheras &quot;de cortesía&quot; &amp; valet",
      );
      expect(pickHtml).toMatch(
        /<textarea id="autorizados" name="autorizados" rows="3" maxlength="500" required/,
      );
      expect(pickHtml).toMatch(/name="cochera" value="si" class="size-5" checked/);
      expect(pickHtml).not.toContain("4312");

      const post = (body: Record<string, string>) =>
        fetch(`${origin}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: new URLSearchParams(body).toString(),
        });
      const window = "2026-12-09T13:00:00.000Z";
      const answers = { accion: "elegir", ventana: window, torre: "Alvear Tower", piso: "31", unidad: "B" };
      // Without the names the building asks for, nothing is booked and what was typed stays.
      const missing = await post({ ...answers, autorizados: " " });
      expect(missing.status).toBe(422);
      const missingHtml = await missing.text();
      expect(missingHtml).toContain("El edificio pide nombres y DNI por adelantado: escribí al menos uno.");
      expect(missingHtml).toContain('value="31"');
      expect(
        await platform.store.inspectionVisits.confirmedBetween(window, "2026-12-10T00:00:00.000Z"),
      ).toEqual([]);

      expect((await post({ ...answers, autorizados: "Marta Gómez, DNI 20.000.000" })).status).toBe(303);
      const confirmedHtml = await (await fetch(`${origin}${path}`)).text();
      expect(confirmedHtml).toContain(`Recepción del edificio: ${phone}`);
      expect(confirmedHtml).toContain("El edificio permite visitas de 09:00 a 12:00");

      // The offer's e-mail first, then the confirmation to the owner and to the client, each with visita.ics.
      const invitations = () => catcher.received.filter((mail) => mail.message.parts["text/calendar"]);
      await vi.waitFor(() => expect(invitations()).toHaveLength(2), { timeout: 30_000, interval: 50 });
      for (const mail of invitations()) {
        const calendar = new ICAL.Component(ICAL.parse(mail.message.parts["text/calendar"]!));
        const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
        expect(event.description).toContain("Lo que pide el edificio (Alvear Tower):");
        expect(event.description).toContain("La guardia pide por adelantado los nombres y DNI");
        expect(event.description).toContain("El edificio permite visitas de 09:00 a 12:00");
        expect(event.description).toContain(`Estacionamiento para visitas: Cocheras "de cortesía" & valet`);
        expect(event.description).toContain(`Recepción del edificio: ${phone}`);
        expect(mail.message.parts["text/plain"]).toContain(`Recepción del edificio: ${phone}`);
        // In the e-mail's HTML the owner's text is text: its quotes and ampersand escaped.
        expect(mail.message.parts["text/html"]).toContain("Cocheras &quot;de cortesía&quot; &amp; valet");
      }

      // The owner's calendar feed carries the same rules, with the reception's phone.
      const feedPath = new URL((await visits.agenda.replaceCalendarFeed()).httpsUrl).pathname;
      const feed = new ICAL.Component(ICAL.parse(await (await fetch(`${origin}${feedPath}`)).text()));
      const feedEvent = new ICAL.Event(feed.getFirstSubcomponent("vevent")!);
      expect(feedEvent.description).toContain("El edificio permite visitas de 09:00 a 12:00");
      expect(feedEvent.description).toContain(`Recepción del edificio: ${phone}`);
      // And so do the reminders: at 07:30 in Buenos Aires the owner's day and the client's 24 h one.
      const confirmedAt = now;
      now = new Date("2026-12-09T10:30:00.000Z");
      const before = catcher.received.length;
      expect((await visits.reminders!.runDue()).sent).toBe(2);
      const reminders = catcher.received.slice(before);
      expect(reminders.map((mail) => mail.message.headers.get("subject"))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Tus visitas de hoy: 1/),
          expect.stringMatching(/^Recordatorio/),
        ]),
      );
      for (const mail of reminders) {
        expect(mail.message.text).toContain("El edificio permite visitas de 09:00 a 12:00");
        expect(mail.message.text).toContain(`Recepción del edificio: ${phone}`);
      }
      now = confirmedAt;

      // A second publication changes the hours and drops the phone; undoing it brings the first back.
      await editor.editTower("alvear-tower", {
        kind: "acceso",
        values: { "acceso-dni": "si", "acceso-horario": "10:00-17:00" },
      });
      await publisher.publish("titular@ejemplo.com");
      expect(published.current().buildingAccess("Alvear Tower")?.access).toEqual({
        guestListRequired: true,
        visitHours: { opens: "10:00", closes: "17:00" },
      });
      await publisher.undo(version.number, "titular@ejemplo.com");
      expect(published.current().buildingAccess("Alvear Tower")?.access).toMatchObject({
        visitHours: { opens: "09:00", closes: "12:00" },
        receptionPhone: phone,
      });

      // Everything undone: the visits read no access any more.
      await publisher.restoreInstalled("titular@ejemplo.com");
      expect(published.current().buildingAccess("Alvear Tower")).toBeUndefined();
      const again = await visits.agenda.propose(lead.id, [
        { date: "2026-12-10", start: "15:00", minutes: 60 },
      ]);
      const againHtml = await (
        await fetch(new URL(new URL((again as { link: string }).link).pathname, origin))
      ).text();
      expect(againHtml).toContain('value="Alvear Tower"');
      expect(againHtml).not.toContain("La guardia pide");
      expect(againHtml).not.toMatch(/name="autorizados" rows="3" maxlength="500" required/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await platform.close();
      publisher.stop();
      await catcher.stop();
    }
  });
});
