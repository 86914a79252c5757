import { afterEach, describe, expect, it, vi } from "vitest";

import { LeadStore, unknownOrigin } from "../../server/leads/storage/lead-store.ts";
import { buenosAiresDay, distinctPerDay, otherValues } from "../../server/leads/storage/visit-counts.ts";
import { storageBackends } from "../tools/storage-backends.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const stores: LeadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe.each(storageBackends("visits"))("visit counts and lead origin on $name", (backend) => {
  async function open() {
    const store = await LeadStore.open(await backend.options());
    stores.push(store);
    return store;
  }

  it("adds up the events of a day per page, language, host, campaign and kind", async () => {
    const store = await open();
    const visit = {
      day: "2026-05-04",
      page: "/tasaciones",
      lang: "es",
      referrer: "www.google.com",
      campaign: "",
      kind: "view" as const,
    };
    await Promise.all([
      store.visits.record(visit),
      store.visits.record(visit),
      store.visits.record({ ...visit, kind: "form_open" }),
    ]);
    await store.visits.record(visit);
    const rows = await store.db.selectFrom("visit_counts").selectAll().orderBy("kind").execute();
    expect(rows.map((row) => [row.kind, Number(row.count)])).toEqual([
      ["form_open", 1],
      ["view", 3],
    ]);
    // Only these columns exist: counts, never who visited.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      "campaign",
      "count",
      "day",
      "kind",
      "lang",
      "page",
      "referrer",
    ]);
  });

  it(`counts hosts past ${distinctPerDay} distinct ones a day as "${otherValues}", and starts again the next day`, async () => {
    const store = await open();
    const base = { page: "/", lang: "es", campaign: "", kind: "view" as const };
    for (let index = 0; index < distinctPerDay + 5; index += 1)
      await store.visits.record({ ...base, day: "2026-05-04", referrer: `sitio-${index}.example` });
    await store.visits.record({ ...base, day: "2026-05-04", referrer: "sitio-0.example" });
    await store.visits.record({ ...base, day: "2026-05-05", referrer: "nuevo.example" });
    const { bySource } = await store.visits.totals("2026-05-04", "2026-05-04");
    const hosts = new Map(bySource.map((row) => [row.referrer, row.count]));
    expect(hosts.size).toBe(distinctPerDay + 1);
    expect(hosts.get(otherValues)).toBe(5);
    expect(hosts.get("sitio-0.example")).toBe(2);
    const nextDay = await store.visits.totals("2026-05-05", "2026-05-05");
    expect(nextDay.bySource.map((row) => row.referrer)).toEqual(["nuevo.example"]);
  });

  it("keeps the sums of ended days and reads today's again on every call", async () => {
    const store = await open();
    const visit = { page: "/", lang: "es", referrer: "", campaign: "", kind: "view" as const };
    await store.visits.record({ ...visit, day: "2026-05-04" });
    await store.visits.record({ ...visit, day: "2026-05-05" });
    const first = await store.visits.totals("2026-05-04", "2026-05-05", "2026-05-05");
    expect(first.byDay.map((row) => [row.day, row.count])).toEqual([
      ["2026-05-04", 1],
      ["2026-05-05", 1],
    ]);
    await store.visits.record({ ...visit, day: "2026-05-05" });
    const again = await store.visits.totals("2026-05-04", "2026-05-05", "2026-05-05");
    expect(again.byDay.map((row) => [row.day, row.count])).toEqual([
      ["2026-05-04", 1],
      ["2026-05-05", 2],
    ]);
    expect(again.byPage).toEqual([{ page: "/", kind: "view", count: 3 }]);
  });

  it("stores a lead's origin and reads it back", async () => {
    const store = await open();
    const origin = {
      landing: "/torres/alvear-tower",
      referrer: "www.instagram.com",
      utmSource: "instagram",
      utmMedium: "paid",
      utmCampaign: "otono-2026",
      lang: "es",
      device: "phone" as const,
    };
    const lead = await store.insert({
      receivedAt: new Date("2026-05-04T15:00:00Z"),
      formId: "tasacion-express",
      page: "/tasaciones",
      values: { nombre: "Ana" },
      handoff: "tab-opened",
      clientAddress: "203.0.113.5",
      userAgent: null,
      spam: false,
      contact: { name: "Ana", email: null, phone: null },
      origin,
      notify: [],
    });
    expect((await store.get(lead.id))?.origin).toEqual(origin);
    const bulk = await store.insertMany([
      {
        receivedAt: new Date("2026-05-04T15:00:00Z"),
        formId: "tasacion-express",
        page: "/",
        values: {},
        handoff: "no-script",
        clientAddress: "203.0.113.5",
        userAgent: null,
        spam: false,
        contact: { name: null, email: null, phone: null },
        notify: [],
      },
    ]);
    expect((await store.get(bulk[0]!.id))?.origin).toEqual(unknownOrigin);
  });
});

describe("buenosAiresDay", () => {
  it("counts a visit in the day of Buenos Aires clocks (UTC-3)", () => {
    expect(buenosAiresDay(new Date("2026-05-05T02:59:00Z"))).toBe("2026-05-04");
    expect(buenosAiresDay(new Date("2026-05-05T03:00:00Z"))).toBe("2026-05-05");
  });
});
