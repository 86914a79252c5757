import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { InboxService } from "../../app/features/inbox/inbox-service.ts";
import { createInboxService } from "../../server/inbox/inbox-service.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { installedFormTowers, serviceForms } from "../../server/leads/forms.ts";
import { reportsOnWorker } from "../../server/insight/report-runner.ts";
import { buildReport, shownSources } from "../../server/insight/results.ts";
import { Store, type NewLead, type StorageOptions } from "../../server/storage/store.ts";
import type { VisitKind } from "../../server/storage/schema.ts";
import { offPlanFormId } from "./sample-leads.ts";
import { phoneVisit } from "../tools/campaign-visit.ts";
import { storageBackends } from "../tools/storage-backends.ts";

/** /bandeja/resultados' numbers on a real SQLite file and a real PostgreSQL server, with a fixed clock. */
const now = new Date("2026-05-14T15:00:00.000Z"); // Thursday 14 May, noon in Buenos Aires

const origin = phoneVisit;

describe.each(storageBackends("results"))("results on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let inbox: InboxService;
  let options: StorageOptions;

  const lead = (receivedAt: string, page: string, extra: Partial<NewLead> = {}) =>
    store.leads.insert({
      receivedAt: new Date(receivedAt),
      formId: "express",
      page,
      values: {},
      handoff: "tab-opened",
      clientAddress: "127.0.0.2",
      userAgent: null,
      spam: false,
      contact: { name: "Ana", email: null, phone: null },
      notify: [],
      ...extra,
    });
  const visits = async (
    day: string,
    page: string,
    count: number,
    kind: VisitKind = "view",
    referrer = "",
    campaign = "",
  ) => {
    for (let index = 0; index < count; index += 1)
      await store.visits.record({ day, page, lang: "es", referrer, campaign, kind });
  };

  beforeAll(async () => {
    options = await backend.options();
    store = await Store.open(options);
    inbox = createInboxService({
      store,
      auth: new OwnerAuth(store, { now: () => now, hasFactor: () => store.secondFactors.anyFactor() }),
      forms: serviceForms({ offPlanFormId, deliveryHours: "24-48" }, installedFormTowers, () => now),
      offPlanFormId,
      retentionMonths: 24,
      now: () => now,
    });
    // This week (from Monday 11 May) and the week before.
    await visits("2026-05-11", "/torres/alvear-tower", 8, "view", "l.instagram.com");
    await visits("2026-05-12", "/torres/alvear-tower", 2, "view", "", "otono");
    await visits("2026-05-12", "/torres/alvear-tower", 3, "form_open");
    await visits("2026-05-13", "/tasaciones", 10, "view", "www.google.com");
    await visits("2026-05-13", "/tasaciones", 1, "whatsapp");
    await visits("2026-05-05", "/tasaciones", 5, "view");
    await lead("2026-05-12T15:00:00Z", "/torres/alvear-tower", {
      origin: origin("/torres/alvear-tower", "l.instagram.com"),
    });
    await lead("2026-05-13T15:00:00Z", "/torres/alvear-tower", {
      handoff: "tab-refused",
      origin: origin("/torres/alvear-tower", null, "OTONO"),
    });
    // Sunday 10 May, 23:30 in Buenos Aires: last week, though already Monday in UTC.
    await lead("2026-05-11T02:30:00Z", "/tasaciones", { origin: origin("/tasaciones", "www.google.com") });
    // Spam is not a lead.
    await lead("2026-05-13T16:00:00Z", "/tasaciones", { spam: true });
    // Waiting for an answer for more than 48 h.
    await lead("2026-04-01T15:00:00Z", "/tasador", {
      contact: { name: "Espera Larga", email: null, phone: null },
    });
  }, 60_000);

  afterAll(async () => {
    await store.close();
  });

  it("this week: totals, per page with conversion, per source and per tower", async () => {
    const results = await inbox.results("semana");
    expect([results.fromText, results.toText]).toEqual(["11/05/2026", "14/05/2026"]);
    expect(results.weeks.map((week) => week.key)).toEqual(["2026-05-11"]);
    expect(results.totals).toMatchObject({
      visits: 20,
      formsOpened: 3,
      whatsappTaps: 1,
      leads: 2,
      leadsToWhatsApp: 1,
    });
    expect(results.totals.conversion).toBeCloseTo(0.1);
    expect(results.pages.map((row) => [row.key, row.visits, row.leads, row.conversion])).toEqual([
      ["/torres/alvear-tower", 10, 2, 0.2],
      ["/tasaciones", 10, 0, 0],
    ]);
    expect(results.towers).toEqual([
      expect.objectContaining({ key: "/torres/alvear-tower", label: "Alvear Tower" }),
    ]);
    const sources = Object.fromEntries(results.sources.map((row) => [row.key, [row.visits, row.leads]]));
    expect(sources).toEqual({
      "www.google.com": [10, 0],
      "l.instagram.com": [8, 1],
      "campaña otono": [2, 1],
      // The forms opened and the WhatsApp tap came without a referrer.
      directo: [0, 0],
    });
  });

  it("four weeks: one row per week, Monday first, a lead counted in its Buenos Aires day", async () => {
    const results = await inbox.results("4-semanas");
    expect(results.weeks.map((week) => [week.key, week.label, week.visits, week.leads])).toEqual([
      ["2026-04-20", "20/04", 0, 0],
      ["2026-04-27", "27/04", 0, 0],
      ["2026-05-04", "04/05", 5, 1],
      ["2026-05-11", "11/05", 20, 2],
    ]);
  });

  it("twelve months: 52 weeks; the leads still new past 48 h are listed", async () => {
    const results = await inbox.results("12-meses");
    expect(results.weeks).toHaveLength(52);
    expect(results.totals.leads).toBe(4);
    expect(results.waiting.map((lead) => lead.name)).toEqual(["Ana", "Espera Larga"]);
    expect(results.waitingTotal).toBe(2);
  });

  it(`a worker thread builds the same report; a year names its ${shownSources} largest sources and sums the rest as otros`, async () => {
    // A day of invented hosts early in the year, each once, and one host seen more.
    for (let index = 0; index < shownSources + 20; index += 1)
      await visits("2026-03-02", "/", 1, "view", `inventado-${index}.example`);
    await visits("2026-03-02", "/", 3, "view", "www.bing.com");
    const worker = reportsOnWorker(options);
    const reader = Store.openOnWorker(options);
    try {
      const [offThread, inThread] = await Promise.all([
        worker.build("12-meses", now),
        buildReport(reader, "12-meses", now),
      ]);
      expect(offThread).toEqual(inThread);
      expect(offThread.sources).toHaveLength(shownSources + 1);
      expect(offThread.sources.at(-1)).toMatchObject({ key: "otros" });
      expect(offThread.sources.map((row) => row.key)).toContain("www.bing.com");
      const visitsNamed = offThread.sources.reduce((sum, row) => sum + row.visits, 0);
      expect(visitsNamed).toBe(offThread.totals.visits);
    } finally {
      await worker.close();
      await reader.close();
    }
  });

  it("a lead of an ended day marked spam, unmarked or deleted changes the next report", async () => {
    const leads = async () => (await inbox.results("12-meses")).totals.leads;
    const before = await leads();
    const added = await lead("2026-05-06T15:00:00Z", "/tasaciones");
    expect(await leads()).toBe(before + 1);
    await store.leads.setStatus([added.id], "spam");
    expect(await leads()).toBe(before);
    await store.leads.setStatus([added.id], "nuevo");
    expect(await leads()).toBe(before + 1);
    await store.leads.deleteByIds([added.id]);
    expect(await leads()).toBe(before);
  });
});
