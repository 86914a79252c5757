import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { smtpSender } from "../../server/leads/notify/email.ts";
import { WeeklySummaryJob } from "../../server/leads/notify/weekly-summary.ts";
import { loadServiceConfig, ServiceConfigError } from "../../server/leads/service-config.ts";
import { Store, type NewLead } from "../../server/storage/store.ts";
import { freePort } from "../../scripts/postgres-server.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { phoneVisit } from "../tools/campaign-visit.ts";

/**
 * The owner's Monday summary, received by a real SMTP server (smtp-server), on
 * a fixed clock that only the test moves: not before Monday 08:00 in Buenos
 * Aires, retried while SMTP is down, sent once.
 */
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 30_000);

const site = {
  businessName: "Madero Tasaciones",
  email: "contacto@tasaciones.example",
  siteUrl: "https://www.tasaciones.example",
};
const owner = "duenio@example.com";

async function startSmtp(port: number) {
  const catcher = await startSmtpCatcher(port);
  return { received: catcher.messages, stop: catcher.stop };
}

describe("the weekly summary", { timeout: 60_000 }, () => {
  test("Monday 08:00 in Buenos Aires, last week's numbers, retried while SMTP is down, sent once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weekly-"));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = await Store.open({ dataDir });
    cleanUp.push(() => store.close());

    // Last week: Monday 4 to Sunday 10 May 2026.
    const visit = { lang: "es", campaign: "", kind: "view" as const };
    for (let index = 0; index < 8; index += 1)
      await store.visits.record({
        ...visit,
        day: "2026-05-05",
        page: "/tasaciones",
        referrer: "www.google.com",
      });
    for (let index = 0; index < 4; index += 1)
      await store.visits.record({
        ...visit,
        day: "2026-05-10",
        page: "/torres/alvear-tower",
        referrer: "l.instagram.com",
      });
    // This week's visit is not last week's.
    await store.visits.record({ ...visit, day: "2026-05-11", page: "/tasaciones", referrer: "" });
    const lead = (receivedAt: string, page: string, name: string, referrer: string | null): NewLead => ({
      receivedAt: new Date(receivedAt),
      formId: "express",
      page,
      values: { nombre: name },
      handoff: "tab-opened",
      clientAddress: "127.0.0.2",
      userAgent: null,
      spam: false,
      contact: { name, email: null, phone: null },
      origin: {
        landing: page,
        referrer,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        lang: "es",
        device: "phone",
      },
      notify: [],
    });
    await store.leads.insert(lead("2026-05-05T15:00:00Z", "/tasaciones", "Ana Semana", "www.google.com"));
    await store.leads.insert(lead("2026-05-10T15:00:00Z", "/tasaciones", "Bruno Semana", "www.google.com"));
    await store.leads.insert(
      lead("2026-05-10T16:00:00Z", "/torres/alvear-tower", "Carla Semana", "l.instagram.com"),
    );

    const port = await freePort();
    let now = new Date("2026-05-11T10:59:00Z"); // Monday 07:59 in Buenos Aires
    const job = new WeeklySummaryJob({
      store,
      send: smtpSender(`smtp://127.0.0.1:${port}`, [owner]),
      site: () => site,
      backoff: { firstDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 15 },
      now: () => now,
    });
    await job.tick();
    expect(await store.db.selectFrom("weekly_summaries").selectAll().execute()).toEqual([]);

    // 08:00, SMTP down: queued, the attempt fails and is scheduled again.
    now = new Date("2026-05-11T11:00:00Z");
    await job.tick();
    const [failed] = await store.db.selectFrom("weekly_summaries").selectAll().execute();
    expect(failed).toMatchObject({ week: "2026-05-11", attempts: 1, sent_at: null, given_up_at: null });
    expect(failed!.last_error).toBeTruthy();

    const smtp = await startSmtp(port);
    now = new Date("2026-05-11T11:00:20Z");
    await job.tick();
    expect(smtp.received).toHaveLength(0); // the retry's time has not come
    now = new Date("2026-05-11T11:00:31Z");
    await job.tick();
    await job.tick();
    now = new Date("2026-05-11T15:00:00Z");
    await job.tick();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.headers.get("to")).toBe(owner);
    expect(mail!.headers.get("subject")).toBe(
      "Resumen semanal: 12 visitas, 3 consultas (04/05/2026 al 10/05/2026)",
    );
    const text = mail!.text;
    for (const line of [
      "Resumen de la semana del 04/05/2026 al 10/05/2026 (días de Buenos Aires).",
      "- Visitas: 12",
      "- Consultas: 3 (a WhatsApp: 3)",
      "- Conversión (consultas / visitas): 25%",
      "- /tasaciones: 2 consultas de 8 visitas (25%)",
      "- /torres/alvear-tower: 1 consulta de 4 visitas (25%)",
      // A host's dots are one-dot leaders: it looks the same, and no mail program makes it a link.
      "- www\u2024google\u2024com: 2 consultas de 8 visitas (25%)",
      "- l\u2024instagram\u2024com: 1 consulta de 4 visitas (25%)",
      // Ana's lead (Tuesday) is past 48 h on Monday; Sunday's two are not.
      "Consultas sin contactar después de 48 h: 1",
      "Todo, semana por semana: https://www.tasaciones.example/bandeja/resultados",
    ])
      expect(text).toContain(line);
    expect(text).toMatch(
      /- Ana Semana, recibida el 05\/05\/2026 12:00: https:\/\/www\.tasaciones\.example\/bandeja\/consulta\/[\w-]{22}/,
    );
    expect(mail!.html).toContain("<li>Visitas: 12</li>");
    // In the HTML part a waiting lead is a link to its page in the inbox.
    expect(mail!.html).toMatch(
      /<li><a href="https:\/\/www\.tasaciones\.example\/bandeja\/consulta\/[\w-]{22}">Ana Semana, recibida el 05\/05\/2026 12:00<\/a><\/li>/,
    );
    const [sent] = await store.db.selectFrom("weekly_summaries").selectAll().execute();
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent!.sent_at).toBe("2026-05-11T11:00:31.000Z");
    if (process.env.SAVE_WEEKLY_EMAIL)
      writeFileSync(process.env.SAVE_WEEKLY_EMAIL, `Subject: ${mail!.headers.get("subject")}\n\n${text}`);
    await job.stop();
  });

  test("a campaign or host sent with text and an address reaches the e-mail as a short plain label, never a link", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weekly-"));
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = await Store.open({ dataDir });
    cleanUp.push(() => store.close());
    const crafted = (receivedAt: string, referrer: string | null, utmCampaign: string | null): NewLead => ({
      receivedAt: new Date(receivedAt),
      formId: "express",
      page: "/tasaciones",
      values: { nombre: "Atacante" },
      handoff: "tab-opened",
      clientAddress: "127.0.0.2",
      userAgent: null,
      spam: false,
      contact: { name: "Atacante", email: null, phone: null },
      origin: phoneVisit("/tasaciones", referrer, utmCampaign),
      notify: [],
    });
    await store.leads.insert(
      crafted("2026-05-05T15:00:00Z", null, "llamá ya al 11-6666-6666: https://evil.example/login"),
    );
    await store.leads.insert(crafted("2026-05-06T15:00:00Z", "evil-login.example", null));
    await store.visits.record({
      day: "2026-05-06",
      page: "/tasaciones",
      lang: "es",
      referrer: "",
      campaign: "Visitá https://evil.example ya",
      kind: "view",
    });
    const port = await freePort();
    const smtp = await startSmtp(port);
    const job = new WeeklySummaryJob({
      store,
      send: smtpSender(`smtp://127.0.0.1:${port}`, [owner]),
      site: () => site,
      backoff: { firstDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 15 },
      now: () => new Date("2026-05-11T11:00:00Z"),
    });
    await job.tick();
    await job.stop();
    expect(smtp.received).toHaveLength(1);
    const { text, html } = smtp.received[0]!;
    expect(text).toContain("- campaña llama-ya-al-11-6666-6666-https-evil-exam: 1 consulta de 0 visitas");
    expect(text).toContain("- evil-login\u2024example: 1 consulta de 0 visitas");
    for (const part of [text, html]) {
      expect(part).not.toMatch(/evil\.example|evil-login\.example|https?:\/\/evil|llamá ya/);
      // Every address in the e-mail is the site's own.
      for (const address of part.match(/https?:\/\/[^\s"<]+/g) ?? [])
        expect(address.startsWith("https://www.tasaciones.example/")).toBe(true);
    }
  });

  test("LEADS_WEEKLY_SUMMARY: on by default with e-mail, off on request, never without e-mail", () => {
    const mail = { SMTP_URL: "smtp://127.0.0.1:2525", LEADS_NOTIFY_TO: owner };
    expect(loadServiceConfig(mail).weeklySummary).toBe(true);
    expect(loadServiceConfig({ ...mail, LEADS_WEEKLY_SUMMARY: "off" }).weeklySummary).toBe(false);
    expect(loadServiceConfig({ LEADS_WEEKLY_SUMMARY: "on" }).weeklySummary).toBe(false);
    expect(() => loadServiceConfig({ ...mail, LEADS_WEEKLY_SUMMARY: "si" })).toThrow(ServiceConfigError);
  });
});
