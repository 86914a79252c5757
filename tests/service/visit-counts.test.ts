import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";

import { pages } from "../../app/site-map.ts";
import { Store, unknownOrigin } from "../../server/storage/store.ts";
import { otherValues, sourcesPerDay, visitDaysKept } from "../../server/storage/visit-counts.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe.each(storageBackends("visits"))("visit counts and lead origin on $name", (backend) => {
  async function open() {
    const store = await Store.open(await backend.options());
    stores.push(store);
    return store;
  }

  it("adds up the events of a day per page and kind, and per source and kind", async () => {
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
    const pages = await store.db.selectFrom("visit_pages").selectAll().orderBy("kind").execute();
    expect(pages).toEqual([
      { day: "2026-05-04", page: "/tasaciones", lang: "es", kind: "form_open", count: 1 },
      { day: "2026-05-04", page: "/tasaciones", lang: "es", kind: "view", count: 3 },
    ]);
    const sources = await store.db.selectFrom("visit_sources").selectAll().orderBy("kind").execute();
    expect(sources.map((row) => [row.kind, row.referrer, row.campaign, Number(row.count)])).toEqual([
      ["form_open", "www.google.com", "", 1],
      ["view", "www.google.com", "", 3],
    ]);
    // Only these columns exist: counts (and when a source last counted), never who visited.
    expect(Object.keys(sources[0]!).sort()).toEqual([
      "campaign",
      "count",
      "day",
      "kind",
      "referrer",
      "seen_at",
    ]);
  });

  it(`squatting the day's ${sourcesPerDay} named sources with junk hosts sent first leaves the real sources named, with their counts`, async () => {
    const store = await open();
    const base = { day: "2026-05-04", page: "/", lang: "es", campaign: "", kind: "view" as const };
    let sent = 0;
    const send = async (referrer: string, campaign = "") => {
      sent += 1;
      await store.visits.record({ ...base, referrer, campaign });
    };
    // Early in the day: a full set of junk hosts, then more, each once.
    for (let index = 0; index < sourcesPerDay + 40; index += 1) await send(`basura-${index}.example`);
    // The real day: a few visits each from the search engine, a social network and a campaign,
    // interleaved with more junk.
    for (let round = 0; round < 3; round += 1) {
      await send("www.google.com");
      await send("l.instagram.com");
      await send("l.instagram.com", "otono-2026");
      for (let index = 0; index < 20; index += 1) await send(`otra-basura-${round}-${index}.example`);
    }
    const { bySource } = await store.visits.totals("2026-05-04", "2026-05-04", "2026-05-05");
    const named = new Map(bySource.map((row) => [`${row.referrer} ${row.campaign}`, row.count]));
    expect(named.get("www.google.com ")).toBe(3);
    expect(named.get("l.instagram.com ")).toBe(3);
    expect(named.get("l.instagram.com otono-2026")).toBe(3);
    expect(bySource.filter((row) => row.referrer !== otherValues)).toHaveLength(sourcesPerDay);
    // Nothing lost: what is not named is in "otros".
    expect(bySource.reduce((sum, row) => sum + row.count, 0)).toBe(sent);
  });

  it("a day holds at most its pages times the kinds, and the named sources per kind, whatever is sent", async () => {
    const store = await open();
    const kinds = ["view", "form_open", "whatsapp"] as const;
    const sent = [];
    for (let index = 0; index < 900; index += 1)
      sent.push(
        store.visits.record({
          day: "2026-05-04",
          page: pages[index % pages.length]!.path,
          lang: pages[index % pages.length]!.lang,
          referrer: `h${index}.example`,
          campaign: `c${index}`,
          kind: kinds[index % 3]!,
        }),
      );
    await Promise.all(sent);
    const rows = await sourceRowsPerKind(store);
    for (const kind of kinds) expect(rows.get(kind)).toBe(sourcesPerDay + 1);
    const pageRows = await store.db.selectFrom("visit_pages").select("page").execute();
    expect(pageRows.length).toBeLessThanOrEqual(pages.length * kinds.length);
    const total = await store.db
      .selectFrom("visit_sources")
      .select(sql<number>`sum(count)`.as("sum"))
      .executeTakeFirst();
    expect(Number(total?.sum)).toBe(900);
  });

  it("two instances on one database sending new sources at the same time keep the bound exactly", async () => {
    const options = await backend.options();
    const first = await Store.open(options);
    stores.push(first);
    // SQLite serves one process; PostgreSQL is shared by every instance.
    const second = backend.name === "PostgreSQL" ? await Store.open(options) : first;
    if (second !== first) stores.push(second);
    const sends = [];
    for (let index = 0; index < 400; index += 1)
      sends.push(
        (index % 2 ? first : second).visits.record({
          day: "2026-05-04",
          // A page of each instance's own: no shared page row to queue them by chance.
          page: index % 2 ? "/" : "/tasaciones",
          lang: "es",
          referrer: `instancia-${index}.example`,
          campaign: index % 3 ? "" : `campana-${index}`,
          kind: "view",
        }),
      );
    await Promise.all(sends);
    expect((await sourceRowsPerKind(first)).get("view")).toBe(sourcesPerDay + 1);
    const total = await first.db
      .selectFrom("visit_sources")
      .select(sql<number>`sum(count)`.as("sum"))
      .executeTakeFirst();
    expect(Number(total?.sum)).toBe(400);
  });

  it("migration 0007 sums the counts kept before it into pages and sources", async () => {
    const options = await backend.options();
    const before = await Store.open(options);
    // The database as migration 0006 left it: one table of counts, 0007 not yet run.
    await before.db.schema.dropTable("visit_pages").execute();
    await before.db.schema.dropTable("visit_sources").execute();
    await sql`create table visit_counts (day text not null, page text not null, lang text not null,
      referrer text not null, campaign text not null, kind text not null, count integer not null,
      primary key (day, page, lang, referrer, campaign, kind))`.execute(before.db);
    await sql`delete from kysely_migration where name = '0007-visit-pages-and-sources'`.execute(before.db);
    await sql`insert into visit_counts (day, page, lang, referrer, campaign, kind, count) values
      ('2026-05-04', '/', 'es', 'www.google.com', '', 'view', 2),
      ('2026-05-04', '/tasaciones', 'es', 'www.google.com', '', 'view', 3),
      ('2026-05-04', '/', 'es', 'otros', 'otono', 'view', 4)`.execute(before.db);
    await before.close();
    const after = await Store.open(options);
    stores.push(after);
    const pagesRows = await after.db
      .selectFrom("visit_pages")
      .select(["page", "count"])
      .orderBy("page")
      .execute();
    expect(pagesRows.map((page) => [page.page, Number(page.count)])).toEqual([
      ["/", 6],
      ["/tasaciones", 3],
    ]);
    const sources = await after.db
      .selectFrom("visit_sources")
      .select(["referrer", "campaign", "count"])
      .orderBy("referrer")
      .execute();
    expect(sources.map((source) => [source.referrer, source.campaign, Number(source.count)])).toEqual([
      ["otros", "otono", 4],
      ["www.google.com", "", 5],
    ]);
  });

  it(`deletes the counts of days more than ${visitDaysKept} days old`, async () => {
    const store = await open();
    const visit = { page: "/", lang: "es", referrer: "www.google.com", campaign: "", kind: "view" as const };
    await store.visits.record({ ...visit, day: "2025-10-15" });
    await store.visits.record({ ...visit, day: "2025-10-16" });
    await store.visits.record({ ...visit, day: "2026-11-20" });
    // 2026-11-20 minus 400 days is 2025-10-16: that day stays, the one before goes.
    expect(await store.visits.forgetOldDays("2026-11-20")).toBe(2);
    const days = await store.db.selectFrom("visit_pages").select("day").orderBy("day").execute();
    expect(days.map((row) => row.day)).toEqual(["2025-10-16", "2026-11-20"]);
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
    const lead = await store.leads.insert({
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
    expect((await store.leads.get(lead.id))?.origin).toEqual(origin);
    const bulk = await store.leads.insertMany([
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
    expect((await store.leads.get(bulk[0]!.id))?.origin).toEqual(unknownOrigin);
  });
});

/** How many source rows each kind has (named ones and "otros"). */
async function sourceRowsPerKind(store: Store): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom("visit_sources")
    .select(["kind", sql<number>`count(*)`.as("rows")])
    .groupBy("kind")
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.rows)]));
}

describe("buenosAiresDay", () => {
  it("counts a visit in the day of Buenos Aires clocks (UTC-3)", () => {
    expect(buenosAiresDay(new Date("2026-05-05T02:59:00Z"))).toBe("2026-05-04");
    expect(buenosAiresDay(new Date("2026-05-05T03:00:00Z"))).toBe("2026-05-05");
  });
});
