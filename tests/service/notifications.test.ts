import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { nextAttemptAt, type Backoff } from "../../server/leads/notify/outbox-worker.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { startLeadService, type LeadService } from "../../server/leads/service.ts";
import type { NewLead } from "../../server/storage/store.ts";
import { freePort } from "../../scripts/postgres-server.ts";
import { expressLead } from "./express-lead.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { campaignOrigin } from "../tools/campaign-visit.ts";

/**
 * The owner is told: a real SMTP server (smtp-server) and a real webhook
 * receiver on loopback get what the service sends, and a notification that
 * fails is retried from the outbox, across a restart, until it arrives.
 */
const site = loadSiteConfig({}).config;
const owner = "duenio@example.com";
const quickBackoff: Backoff = { firstDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 15 };
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 30_000);

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "leads-notify-"));
  cleanUp.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function startSmtp(port = 0) {
  const smtp = await startSmtpCatcher(port);
  cleanUp.push(smtp.stop);
  return smtp;
}

async function start(env: Record<string, string>): Promise<LeadService> {
  const service = await startLeadService({
    // The Monday summary has its own test (weekly-summary.test.ts); here only each lead's mail arrives.
    config: loadServiceConfig({ LEADS_WEEKLY_SUMMARY: "off", ...env }),
    site,
    stylesheets: [],
    backoff: quickBackoff,
    pollMs: 50,
  });
  cleanUp.push(() => service.close());
  return service;
}

const values = {
  tipoPropiedad: "Departamento",
  edificio: "Otro",
  direccion: `Av. Siempre Viva 742 <script>alert("x")</script> & "comillas"`,
  superficie: "85",
  ambientes: "3",
  nombre: "Zoë O'Brien <b>",
  telefono: "+54 9 11 5555-0101",
  email: "zoe@example.com",
};

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return expressLead(overrides.values ?? values, {
    clientAddress: "127.0.0.2",
    notify: ["email"],
    ...overrides,
  });
}

describe("e-mail to the owner", { timeout: 60_000 }, () => {
  test("From the site, Reply-To the visitor, a Spanish subject, every answer with its label, escaped in HTML", async () => {
    const smtp = await startSmtp();
    const service = await start({
      LEADS_DATA_DIR: dataDir(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: owner,
    });
    const stored = await service.store.leads.insert(
      lead({
        origin: campaignOrigin("phone"),
      }),
    );
    service.worker.kick();
    await expect.poll(() => smtp.received.length).toBe(1);

    const [mail] = smtp.received;
    expect(mail!.to).toEqual([owner]);
    expect(mail!.from).toBe(site.email);
    const { headers, text, html } = mail!.message;
    expect(headers.get("from")).toBe(`${site.businessName} <${site.email}>`.replace(/^(.*) </, '"$1" <'));
    expect(headers.get("reply-to")).toMatch(/<zoe@example\.com>$/);
    expect(headers.get("subject")).toBe("Nueva solicitud de tasación express de Zoë O'Brien <b>");

    const labelled = [
      ["Tipo de propiedad", "Departamento"],
      ["Edificio", "Otro"],
      ["Dirección", values.direccion],
      ["Superficie (m²)", "85"],
      ["Ambientes", "3"],
      ["Nombre y apellido", values.nombre],
      ["Teléfono", values.telefono],
      ["Email", values.email],
    ];
    for (const [label, value] of labelled) {
      expect(text).toContain(`${label}: ${value}`);
      expect(html).toContain(
        `${escape(label!)}</th><td style="padding:4px 0;white-space:pre-wrap">${escape(value!)}</td>`,
      );
    }
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(text).toContain(`Referencia: ${stored.id}`);
    // Where the visit began (decision 0016).
    for (const fact of [
      "Página de llegada: /torres/alvear-tower",
      // A host's dots are one-dot leaders: no mail program makes it a link (decision 0017).
      "Sitio de procedencia: l\u2024instagram\u2024com",
      "utm_source: instagram",
      "utm_medium: paid",
      "utm_campaign: otono-2026",
      "Dispositivo: teléfono",
    ])
      expect(text).toContain(fact);

    await expect.poll(async () => (await service.store.leads.get(stored.id))?.notification).toBe("sent");
  });

  test("a visitor cannot add headers or recipients through their name or e-mail", async () => {
    const smtp = await startSmtp();
    const service = await start({
      LEADS_DATA_DIR: dataDir(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: owner,
    });
    const hostile = {
      ...values,
      nombre: "Mallory\r\nBcc: victima@example.com\r\nX-Injected: 1",
      email: "mallory@example.com, victima@example.com",
    };
    await service.store.leads.insert(lead({ values: hostile }));
    service.worker.kick();
    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([owner]);
    expect(mail!.message.headers.has("bcc")).toBe(false);
    expect(mail!.message.headers.has("x-injected")).toBe(false);
    expect(mail!.message.headers.has("reply-to")).toBe(false);
    expect(mail!.message.headers.get("subject")).toBe(
      "Nueva solicitud de tasación express de Mallory Bcc: victima@example.com X-Injected: 1",
    );
  });

  test("a lead's origin sent with text and an address reaches the e-mail as short plain labels, never a link", async () => {
    const smtp = await startSmtp();
    const service = await start({
      LEADS_DATA_DIR: dataDir(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: owner,
    });
    await service.store.leads.insert(
      lead({
        origin: {
          landing: "/",
          referrer: "evil-login.example",
          utmSource: "Llamá ya al 11-6666-6666",
          utmMedium: "https://evil.example/login",
          utmCampaign: "entrá en https://evil.example/login ya",
          lang: "es",
          device: "phone",
        },
      }),
    );
    service.worker.kick();
    await expect.poll(() => smtp.received.length).toBe(1);
    const { text, html } = smtp.received[0]!.message;
    for (const fact of [
      "Sitio de procedencia: evil-login\u2024example",
      "utm_source: llama-ya-al-11-6666-6666",
      "utm_medium: https-evil-example-login",
      "utm_campaign: entra-en-https-evil-example-login-ya",
    ])
      expect(text).toContain(fact);
    for (const part of [text, html ?? ""])
      expect(part).not.toMatch(/https?:\/\/evil|evil\.example|evil-login\.example/);
  });

  test("SMTP down: the lead is stored, the outbox retries, and the mail arrives once SMTP is back, after a restart", async () => {
    const folder = dataDir();
    const port = await freePort(); // nothing listens here yet
    const env = { LEADS_DATA_DIR: folder, SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_NOTIFY_TO: owner };
    const first = await start(env);
    const stored = await first.store.leads.insert(lead());
    first.worker.kick();
    await expect
      .poll(async () => (await first.store.notifications.of(stored.id))[0]?.attempts ?? 0)
      .toBeGreaterThanOrEqual(2);
    const [failed] = await first.store.notifications.of(stored.id);
    expect(failed!.sent_at).toBeNull();
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await first.store.leads.get(stored.id))?.values).toEqual(values);
    expect((await first.store.leads.get(stored.id))?.notification).toBe("pending");
    await first.close();

    const smtp = await startSmtp(port);
    const second = await start(env);
    await expect.poll(() => smtp.received.length).toBe(1);
    await expect.poll(async () => (await second.store.leads.get(stored.id))?.notification).toBe("sent");
    // Nothing left to send: another round delivers nothing more.
    second.worker.kick();
    await second.worker.idle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.message.text).toContain(`Referencia: ${stored.id}`);
  });
});

describe("signed webhook", { timeout: 60_000 }, () => {
  test("posts the lead as JSON with an HMAC-SHA256 signature, retrying after a failure", async () => {
    const secret = "un-secreto-de-prueba-largo";
    const calls: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(calls.length === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    cleanUp.push(() => new Promise((resolve) => receiver.close(resolve)));
    const { port } = receiver.address() as { port: number };

    const service = await start({
      LEADS_DATA_DIR: dataDir(),
      LEADS_WEBHOOK_URL: `http://127.0.0.1:${port}/leads`,
      LEADS_WEBHOOK_SECRET: secret,
    });
    const stored = await service.store.leads.insert(lead({ notify: ["webhook"] }));
    service.worker.kick();
    await expect.poll(() => calls.length).toBe(2);
    await expect.poll(async () => (await service.store.leads.get(stored.id))?.notification).toBe("sent");

    const { headers, body } = calls[1]!;
    const timestamp = String(headers["x-leads-timestamp"]);
    const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
    expect(headers["x-leads-signature"]).toBe(`sha256=${expected}`);
    expect(headers["content-type"]).toBe("application/json; charset=utf-8");
    const payload = JSON.parse(body) as {
      event: string;
      lead: { id: string; values: unknown; answers: unknown[] };
    };
    expect(payload.event).toBe("lead.received");
    expect(payload.lead.id).toBe(stored.id);
    expect(payload.lead.values).toEqual(values);
    expect(payload.lead.answers).toContainEqual({
      field: "nombre",
      label: "Nombre y apellido",
      value: values.nombre,
    });
    // A tampered body no longer matches the signature.
    const tampered = createHmac("sha256", secret)
      .update(`${timestamp}.${body.replace("Zoë", "Eve")}`)
      .digest("hex");
    expect(tampered).not.toBe(expected);
  });
});

test("retries back off exponentially, capped, and give up after the last attempt", () => {
  const now = new Date("2026-05-14T12:00:00.000Z");
  const backoff: Backoff = { firstDelayMs: 30_000, maxDelayMs: 6 * 3_600_000, maxAttempts: 15 };
  const delays = Array.from(
    { length: 14 },
    (_, index) => nextAttemptAt(index + 1, now, backoff)!.getTime() - now.getTime(),
  );
  expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(Math.max(...delays)).toBe(6 * 3_600_000);
  expect(nextAttemptAt(15, now, backoff)).toBeNull();
  expect(delays.reduce((total, delay) => total + delay, 0)).toBeGreaterThan(24 * 3_600_000);
});

function escape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
