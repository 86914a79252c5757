/**
 * The owner's side of the visit (issue 46, decision 0039) on a real SQLite file and a real SMTP
 * server: the agenda saved and read back, windows outside it or inside the minimum notice
 * refused in her words, and an offer to an English lead sent as a wa.me message in English and
 * an e-mail in English; a Spanish lead without e-mail gets the WhatsApp message only.
 */
import { rmSync } from "node:fs";

import { afterAll, expect, test, vi } from "vitest";

import { loadSiteConfig } from "#app/config/site-config.ts";
import type { NewLead } from "../../server/storage/store.ts";
import { startRefusingMailServer, startSmtpCatcher } from "./smtp-catcher.ts";
import { startVisitPlatform } from "./visit-platform.ts";

vi.setConfig({ testTimeout: 60_000 });

const site = loadSiteConfig({}).config;
// Monday 7 December 2026, 09:00 in Buenos Aires.
const now = new Date("2026-12-07T12:00:00.000Z");
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function lead(page: string, email: string | null): NewLead {
  return {
    receivedAt: now,
    formId: "express",
    page,
    values: {},
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: null,
    spam: false,
    contact: { name: "Jane Smith", phone: "+1 212 555 0100", email },
    notify: [],
  };
}

test("the agenda bounds the offers; the offer goes out in the lead's language by WhatsApp and e-mail", async () => {
  const catcher = await startSmtpCatcher();
  const { platform, agenda } = await startVisitPlatform({
    site,
    now: () => now,
    smtpPort: catcher.port,
    folders,
  });
  try {
    // Defaults: Monday to Friday 09:00-18:00, 30 min buffer, 12 h notice, 60 min, 48 h offers.
    const start = await agenda.agenda();
    expect(start.days.filter((day) => day.on).map((day) => day.name)).toEqual([
      "Lunes",
      "Martes",
      "Miércoles",
      "Jueves",
      "Viernes",
    ]);
    expect([start.bufferMinutes, start.noticeHours, start.durationMinutes, start.offerHours]).toEqual([
      30, 12, 60, 48,
    ]);
    expect(
      await agenda.saveAgenda({ "dia-1": "si", "desde-1": "18:00", "hasta-1": "09:00", buffer: "30" }),
    ).toEqual({ problem: "Lunes: el horario de inicio tiene que ser anterior al de fin." });
    expect(
      await agenda.saveAgenda({
        "dia-2": "si",
        "desde-2": "10:00",
        "hasta-2": "13:00",
        "dia-3": "si",
        "desde-3": "09:00",
        "hasta-3": "18:00",
        buffer: "45",
        aviso: "48",
        duracion: "90",
        vigencia: "24",
        excepciones: "2026-12-09 cerrado\n2026-12-16 10:00-12:00",
      }),
    ).toEqual({});
    const saved = await agenda.agenda();
    expect(saved.days.filter((day) => day.on).map((day) => `${day.name} ${day.opens}-${day.closes}`)).toEqual(
      ["Martes 10:00-13:00", "Miércoles 09:00-18:00"],
    );
    expect(saved.exceptions).toBe("2026-12-09 cerrado\n2026-12-16 10:00-12:00");

    const english = await platform.store.leads.insert(lead("/en/property-valuation", "jane@example.com"));
    // Tuesday 8th, 10:00: less than the 48 h notice.
    expect(await agenda.propose(english.id, [{ date: "2026-12-08", start: "10:00", minutes: 60 }])).toEqual({
      problem: "Horario 1: falta menos que el aviso mínimo (48 h).",
    });
    // Wednesday 9th is closed by its exception; Tuesday 15th at 12:30 runs past 13:00.
    for (const window of [
      { date: "2026-12-09", start: "10:00", minutes: 60 },
      { date: "2026-12-15", start: "12:30", minutes: 60 },
    ])
      expect(await agenda.propose(english.id, [window])).toMatchObject({
        problem: expect.stringContaining("fuera de tu agenda"),
      });
    const made = await agenda.propose(english.id, [
      { date: "2026-12-15", start: "10:00", minutes: 90 },
      { date: "2026-12-16", start: "10:00", minutes: 90 },
    ]);
    expect(made).toMatchObject({
      emailed: "sent",
      windows: ["martes, 15 de diciembre, 10:00 a 11:30", expect.any(String)],
    });
    if ("problem" in made) throw new Error(made.problem);
    expect(made.link).toMatch(/^https:\/\/www\.tasaciones-madero\.example\/api\/visita\/[A-Za-z0-9_-]{43}$/);
    const whatsapp = new URL(made.whatsappUrl!);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/12125550100");
    expect(whatsapp.searchParams.get("text")).toMatch(
      /^Hello, this is .* choose the time that suits you best/,
    );
    expect(whatsapp.searchParams.get("text")).toContain(made.link);
    await vi.waitFor(() => expect(catcher.received).toHaveLength(1), { timeout: 30_000, interval: 50 });
    expect(catcher.received[0]!.to).toEqual(["jane@example.com"]);
    expect(catcher.received[0]!.message.headers.get("subject")).toMatch(/: choose a time for the visit$/);
    expect(catcher.received[0]!.message.text).toContain("Tuesday 15 December at 10:00 to 11:30");
    expect(catcher.received[0]!.message.text).toContain(made.link);

    // A Spanish lead without e-mail: WhatsApp only, in Spanish; the first lead's windows are listed as offered.
    const spanish = await platform.store.leads.insert({
      ...lead("/", null),
      contact: { name: "Ana", phone: "11 5555-0001", email: null },
    });
    const view = await agenda.forLead(spanish.id);
    expect(view?.offeredElsewhere).toEqual([
      "martes, 15 de diciembre, 10:00 a 11:30",
      "miércoles, 16 de diciembre, 10:00 a 11:30",
    ]);
    const second = await agenda.propose(spanish.id, [{ date: "2026-12-15", start: "10:00", minutes: 90 }]);
    if ("problem" in second) throw new Error(second.problem);
    expect(second.emailed).toBe("no-address");
    expect(new URL(second.whatsappUrl!).searchParams.get("text")).toMatch(
      /^Hola, soy de .* elegí el horario/,
    );
    expect(catcher.received).toHaveLength(1);
  } finally {
    await platform.close();
    await catcher.stop();
  }
});

test("a server whose mail is not configured says so to the owner, not that the lead left no e-mail", async () => {
  const { platform, agenda } = await startVisitPlatform({ site, now: () => now, folders });
  try {
    await agenda.saveAgenda({ "dia-2": "si", "desde-2": "09:00", "hasta-2": "18:00", buffer: "30" });
    const jane = await platform.store.leads.insert(lead("/", "jane@example.com"));
    const made = await agenda.propose(jane.id, [{ date: "2026-12-15", start: "10:00", minutes: 60 }]);
    if ("problem" in made) throw new Error(made.problem);
    expect(made.emailed).toBe("no-mail-server");
    expect(new URL(made.whatsappUrl!).searchParams.get("text")).toContain(made.link);
  } finally {
    await platform.close();
  }
});

test("a mail server that cannot be reached never fails the offer: the owner is told to send it by WhatsApp", async () => {
  const refusing = await startRefusingMailServer();
  const { platform, agenda } = await startVisitPlatform({
    site,
    now: () => now,
    smtpPort: refusing.port,
    folders,
  });
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await agenda.saveAgenda({ "dia-2": "si", "desde-2": "09:00", "hasta-2": "18:00", buffer: "30" });
    const jane = await platform.store.leads.insert(lead("/", "jane@example.com"));
    const made = await agenda.propose(jane.id, [{ date: "2026-12-15", start: "10:00", minutes: 60 }]);
    if ("problem" in made) throw new Error(made.problem);
    expect(made.emailed).toBe("failed");
    expect(new URL(made.whatsappUrl!).searchParams.get("text")).toContain(made.link);
    expect((await agenda.forLead(jane.id))?.offers).toHaveLength(1);
    expect(errors.mock.calls.flat().join(" ")).toMatch(/no se pudo enviar la propuesta por e-mail/);
  } finally {
    errors.mockRestore();
    await platform.close();
    await refusing.stop();
  }
});
