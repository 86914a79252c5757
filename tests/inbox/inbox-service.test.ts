import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { InboxService } from "../../app/features/inbox/inbox-service.ts";
import { allFields } from "../../app/features/leads/forms/types.ts";
import { createInboxService } from "../../server/inbox/inbox-service.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { startRetentionJob } from "../../server/inbox/retention.ts";
import { contactOf, installedFormTowers, serviceForms } from "../../server/leads/forms.ts";
import { Store, type NewLead } from "../../server/storage/store.ts";
import type { HandoffOutcome } from "../../server/storage/schema.ts";
import { adversarialName, definitionOf, formIds, offPlanFormId, sampleValues } from "./sample-leads.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { campaignOrigin } from "../tools/campaign-visit.ts";

/** The inbox's queries, labels and exports on a real SQLite file and a real PostgreSQL server. */
const backends = storageBackends("inbox");

const now = new Date("2026-05-14T15:00:00.000Z"); // Thursday, noon in Buenos Aires
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe.each(backends)("inbox data on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let inbox: InboxService;

  async function add(formId: string, n: number, overrides: Partial<NewLead> = {}) {
    const values = sampleValues(definitionOf(formId), n);
    return store.leads.insert({
      receivedAt: minutesAgo(n),
      formId,
      page: "/",
      values,
      handoff: "tab-opened",
      clientAddress: "127.0.0.2",
      userAgent: "Prueba/1.0",
      spam: false,
      contact: contactOf(definitionOf(formId), values),
      notify: [],
      ...overrides,
    });
  }

  beforeAll(async () => {
    store = await Store.open(await backend.options());
    const auth = new OwnerAuth(store, { now: () => now, hasFactor: () => store.secondFactors.anyFactor() });
    inbox = createInboxService({
      store,
      auth,
      forms: serviceForms({ offPlanFormId, deliveryHours: "24-48" }, installedFormTowers, () => now),
      offPlanFormId,
      retentionMonths: 24,
      now: () => now,
    });
  }, 60_000);

  afterAll(async () => {
    await store.close();
  });

  beforeEach(async () => {
    await store.db.deleteFrom("leads").execute();
  });

  it("lists the seven forms by title, for the filter", () => {
    expect(inbox.forms.map((form) => form.id)).toEqual([
      "express",
      "valuation",
      "sale",
      "apartment",
      "sale-by-type",
      "express-online",
      offPlanFormId,
    ]);
    expect(inbox.forms.every((form) => form.title !== form.id)).toBe(true);
  });

  it("shows every answer of each form with the form's own label, exactly as typed", async () => {
    for (const [index, formId] of formIds.entries()) {
      const stored = await add(formId, index + 1);
      const lead = await inbox.lead(stored.id);
      const definition = definitionOf(formId);
      const values = sampleValues(definition, index + 1);
      expect(lead?.formTitle).toBe(definition.title);
      expect(lead?.answers).toEqual(
        allFields(definition).map((field) => {
          const value = values[field.name]!;
          return { label: field.label, value: typeof value === "string" ? value : value.join(", ") };
        }),
      );
      expect(lead?.name).toBe(adversarialName(index + 1));
      expect(lead?.phone).toBe(`+54 9 11 5555-000${index + 1}`);
    }
  });

  it("gives times on Buenos Aires clocks and the hand-off in words", async () => {
    const stored = await add("express", 0, { handoff: "tab-refused" });
    const [summary] = (await inbox.list({}, { limit: 10, offset: 0 })).leads;
    expect(summary?.id).toBe(stored.id);
    expect(summary?.receivedAtText).toBe("14/05/2026 12:00");
    expect(summary?.receivedAt).toBe("2026-05-14T15:00:00.000Z");
    expect(summary?.handoffText).toBe("el navegador bloqueó la pestaña de WhatsApp");
  });

  it("filters by form, status and 'to call back', newest first, one page at a time", async () => {
    const handoffs: HandoffOutcome[] = ["tab-opened", "tab-refused", "no-script", "not-applicable"];
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++) {
      const formId = n % 2 ? "express" : "valuation";
      ids.push((await add(formId, n, { handoff: handoffs[n % 4] })).id);
    }
    await inbox.setStatus([ids[1]!, ids[2]!], "contactado");
    await inbox.setStatus([ids[3]!], "archivado");

    const page = await inbox.list({}, { limit: 5, offset: 5 });
    expect(page.total).toBe(12);
    expect(page.leads.map((lead) => lead.id)).toEqual(ids.slice(5, 10));

    const express = await inbox.list({ formId: "express" }, { limit: 50, offset: 0 });
    expect(express.leads.every((lead) => lead.formId === "express")).toBe(true);
    expect(express.total).toBe(6);

    expect(
      (await inbox.list({ status: "contactado" }, { limit: 50, offset: 0 })).leads.map((l) => l.id),
    ).toEqual([ids[1], ids[2]]);
    const toCallBack = await inbox.list({ toCallBack: true }, { limit: 50, offset: 0 });
    expect(
      toCallBack.leads.every((l) => l.status === "nuevo" && ["tab-refused", "no-script"].includes(l.handoff)),
    ).toBe(true);
    expect(toCallBack.total).toBe((await inbox.counts()).toCallBack);
    expect(await inbox.counts()).toEqual({ new: 9, thisWeek: 12, toCallBack: toCallBack.total });
  });

  it("lists this week's leads from Monday 00:00 in Buenos Aires, as its count counts them", async () => {
    // Thursday 12:00 in Buenos Aires is 3 days and 12 hours after Monday 00:00 there.
    const sinceMonday = (3 * 24 + 12) * 60;
    await add("express", sinceMonday + 1); // Sunday 23:59: last week
    const monday = await add("valuation", sinceMonday);
    const today = await add("express", 5);
    await add("express", 6, { spam: true });
    const week = await inbox.list({ thisWeek: true }, { limit: 50, offset: 0 });
    expect(week.leads.map((lead) => lead.id)).toEqual([today.id, monday.id]);
    expect(week.leads.at(-1)?.receivedAtText).toBe("11/05/2026 00:00");
    expect((await inbox.counts()).thisWeek).toBe(week.total);
    expect((await inbox.list({ thisWeek: true, formId: "express" }, { limit: 50, offset: 0 })).total).toBe(1);
    const csv = await inbox.csv({ query: { thisWeek: true } });
    expect(csv.trim().split("\r\n")).toHaveLength(3);
  });

  it("finds by part of a name (any case, any accents), phone digits or e-mail", async () => {
    const ana = await add("express", 7);
    await add("valuation", 8);
    const search = async (text: string) =>
      (await inbox.list({ search: text }, { limit: 50, offset: 0 })).leads.map((lead) => lead.id);
    expect(await search("ñandu\" o'brien <img src=x onerror=alert(7)>")).toEqual([ana.id]);
    expect(await search("NANDU")).toHaveLength(2);
    expect(await search("1155550007")).toEqual([ana.id]);
    expect(await search("5555-0007")).toEqual([ana.id]);
    expect(await search("persona7+bandeja@")).toEqual([ana.id]);
  });

  it("treats SQL metacharacters in a search as text: they match nothing and change nothing", async () => {
    await add("express", 1);
    const literal = await add("express", 2, {
      contact: { name: "100% real_name \\ 'quoted'", phone: null, email: null },
    });
    for (const attack of [
      "' OR '1'='1",
      "' OR 1=1 --",
      "%",
      "_",
      "\\",
      '"; DROP TABLE leads; --',
      "'); DELETE FROM leads; --",
      "* ",
    ]) {
      const found = await inbox.list({ search: attack }, { limit: 50, offset: 0 });
      const expected = ["%", "_", "\\"].includes(attack) ? [literal.id] : [];
      expect(
        found.leads.map((lead) => lead.id),
        attack,
      ).toEqual(expected);
    }
    expect((await inbox.list({}, { limit: 50, offset: 0 })).total).toBe(2);
  });

  it("shows what arrived after a moment, with the list's filters", async () => {
    const old = await add("express", 30);
    const fresh = await add("express", 1);
    const otherForm = await add("valuation", 2);
    expect((await inbox.receivedSince({}, old.receivedAt.toISOString())).map((lead) => lead.id)).toEqual([
      fresh.id,
      otherForm.id,
    ]);
    expect(
      (await inbox.receivedSince({ formId: "express" }, old.receivedAt.toISOString())).map((lead) => lead.id),
    ).toEqual([fresh.id]);
    expect(await inbox.receivedSince({}, "not a date")).toEqual([]);
  });

  it("exports CSV that spreadsheets open as text, with a BOM and the form's labels", async () => {
    const stored = await add(offPlanFormId, 3, {
      contact: { name: '=HYPERLINK("http://x","y")', phone: "+54 9 11 5555-0003", email: "@evil" },
    });
    await add("express", 4);
    const csv = await inbox.csv({ query: { formId: offPlanFormId } });
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header = [], row = [], ...rest] = parse(csv, { bom: true, delimiter: ";" }) as string[][];
    expect(rest).toEqual([]);
    expect(header.slice(0, 16)).toEqual([
      "Recibido",
      "Formulario",
      "Estado",
      "WhatsApp",
      "Nombre",
      "Teléfono",
      "Email",
      "Página",
      "Página de llegada",
      "Sitio de procedencia",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "Idioma",
      "Dispositivo",
      "Presupuesto",
    ]);
    expect(header).toContain("Comentarios");
    expect(row[4]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(row[5]).toBe("'+54 9 11 5555-0003");
    expect(row[6]).toBe("'@evil");
    expect(row.join("\n")).toContain(`'=HYPERLINK("http://x","y") <script>alert(3)</script>`);
    expect(row.join("\n")).not.toContain("alert(4)");

    const byId = await inbox.csv({ ids: [stored.id] });
    expect(byId.split("\r\n")).toHaveLength(3);
  });

  it("shows where the lead's visit began on its page and in the CSV", async () => {
    const lead = await add("express", 7, {
      origin: campaignOrigin("phone"),
    });
    expect((await inbox.lead(lead.id))?.origin).toEqual([
      { label: "Página de llegada", value: "/torres/alvear-tower" },
      { label: "Sitio de procedencia", value: "l.instagram.com" },
      { label: "utm_source", value: "instagram" },
      { label: "utm_medium", value: "paid" },
      { label: "utm_campaign", value: "otono-2026" },
      { label: "Idioma", value: "español" },
      { label: "Dispositivo", value: "teléfono" },
    ]);
    const [, row = []] = parse(await inbox.csv({ ids: [lead.id] }), {
      bom: true,
      delimiter: ";",
    }) as string[][];
    // After the page the form was on: where the visit began.
    expect(row.slice(7, 15)).toEqual([
      "/",
      "/torres/alvear-tower",
      "l.instagram.com",
      "instagram",
      "paid",
      "otono-2026",
      "español",
      "teléfono",
    ]);
  });

  it("finds every lead of one person by e-mail or phone, and deletes them for good", async () => {
    const first = await add("express", 5);
    const second = await add("valuation", 5, { receivedAt: minutesAgo(90) });
    const someoneElse = await add("sale", 6);
    expect(
      (await inbox.findByContact({ email: "PERSONA5+bandeja@example.com" })).map((lead) => lead.id),
    ).toEqual([first.id, second.id]);
    expect((await inbox.findByContact({ phone: "11 5555 0005" })).map((lead) => lead.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect(await inbox.remove([first.id, second.id])).toBe(2);
    expect(await inbox.lead(first.id)).toBeUndefined();
    expect(await inbox.findByContact({ email: "persona5+bandeja@example.com" })).toEqual([]);
    expect((await inbox.lead(someoneElse.id))?.id).toBe(someoneElse.id);
  });

  it("deletes leads older than the retention period, daily, and keeps the rest", async () => {
    const old = await add("express", 1, { receivedAt: new Date("2024-05-14T14:59:00.000Z") });
    const kept = await add("express", 2, { receivedAt: new Date("2024-05-14T15:01:00.000Z") });
    const lines: string[] = [];
    const job = startRetentionJob({
      store,
      auth: new OwnerAuth(store, { now: () => now, hasFactor: () => store.secondFactors.anyFactor() }),
      months: 24,
      now: () => now,
      log: (line) => lines.push(line),
    });
    job.stop();
    expect(await job.firstRun).toBe(1);
    expect(await job.runNow()).toBe(0);
    expect(await inbox.lead(old.id)).toBeUndefined();
    expect((await inbox.lead(kept.id))?.id).toBe(kept.id);
    expect(lines).toEqual(["Retención: se borró 1 lead de más de 24 meses."]);
  });
});
