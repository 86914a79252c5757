import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { sql } from "kysely";

import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import { Store, type LeadFilter, type NewLead, type StorageOptions } from "../../server/storage/store.ts";
import { startOfWeekInBuenosAires } from "../../app/lib/buenos-aires-time.ts";

// Real databases on a shared two-core machine: generous limits, no timing is asserted.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** The same suite on a real SQLite file and a real PostgreSQL server. */
type Backend = {
  name: string;
  options: () => Promise<StorageOptions>;
  empty?: (databaseUrl: string) => Promise<void>;
};

let postgres: PostgresServer | undefined;
let postgresUrl: string | undefined;
const folders: string[] = [];

const backends: Backend[] = [
  {
    name: "SQLite",
    options: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "leads-sqlite-"));
      folders.push(dataDir);
      return { dataDir };
    },
  },
  {
    name: "PostgreSQL",
    options: async () => {
      postgres ??= await startPostgres({ durable: false });
      postgresUrl ??= await postgres.createDatabase("leads");
      return { dataDir: "unused", databaseUrl: postgresUrl };
    },
    // One database for the suite (creating one per test is slow): emptied before each test.
    empty: async (url) => {
      const client = new pg.Client(url);
      await client.connect();
      await client.query("truncate leads cascade");
      await client.end();
    },
  },
];

afterAll(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

const now = new Date("2026-05-14T15:00:00.000Z"); // a Thursday, noon in Buenos Aires

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    receivedAt: now,
    formId: "express",
    page: "/",
    values: { nombre: "Ana Pérez", telefono: "11 5555-0001", email: "ana@example.com" },
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: "Mozilla/5.0 (prueba)",
    spam: false,
    contact: { name: "Ana Pérez", phone: "11 5555-0001", email: "ana@example.com" },
    notify: ["email"],
    ...overrides,
  };
}

function minutesAgo(minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

describe.each(backends)("lead storage on $name", (backend) => {
  let store: Store;
  let options: StorageOptions;

  beforeAll(async () => {
    options = await backend.options();
  }, 60_000);

  beforeEach(async () => {
    options = await backend.options();
    store = await Store.open(options);
    if (backend.empty && options.databaseUrl) await backend.empty(options.databaseUrl);
  });

  afterEach(async () => {
    await store.close();
  });

  it("health proves storage with one write for a burst of checks, not one write each", async () => {
    const probe = async () =>
      (
        await store.db
          .selectFrom("settings")
          .select("value")
          .where("key", "=", "health-probe")
          .executeTakeFirstOrThrow()
      ).value;
    const before = await probe();
    const checks = await Promise.all(Array.from({ length: 50 }, () => store.health()));
    expect(checks).toEqual(Array(50).fill({ ok: true }));
    const proved = await probe();
    expect(proved).not.toBe(before);
    // Checked again at once: the same proof, nothing written.
    expect(await store.health()).toEqual({ ok: true });
    expect(await probe()).toBe(proved);
  });

  it("opens a database a later release migrated (going back to a kept release) and stores leads in it", async () => {
    // What a later release leaves: its own table and its row in Kysely's record of migrations.
    await sql`create table later_release_notes (id integer primary key, note text)`.execute(store.db);
    await sql`insert into kysely_migration (name, timestamp) values (${"9999-a-later-release"}, ${now.toISOString()})`.execute(
      store.db,
    );
    await store.close();
    store = await Store.open(options);
    const stored = await store.leads.insert(lead({ values: { nombre: "Después de volver" } }));
    expect((await store.leads.get(stored.id))?.values).toEqual({ nombre: "Después de volver" });
    await sql`delete from kysely_migration where name = ${"9999-a-later-release"}`.execute(store.db);
    await sql`drop table later_release_notes`.execute(store.db);
  });

  it("a control character (NUL) in a search or an e-mail looked up is no database error", async () => {
    await expect(store.leads.list({ search: "ana\u0000" }, { limit: 10, offset: 0 })).resolves.toEqual({
      leads: [],
      total: 0,
    });
    await expect(store.leads.findByContact({ email: "ana\u0000@example.com" })).resolves.toEqual([]);
  });

  it("stores a lead exactly as typed and reads it back", async () => {
    const values = {
      nombre: `O'Brien "Ñandú" <script>alert(1)</script>`,
      comentarios: `'; drop table leads; -- & # % + ? = / 🏙️ שלום\nsegunda línea`,
      amenities: ["Pileta", "Gimnasio"],
      vacio: "",
    };
    const stored = await store.leads.insert(
      lead({ values, page: "/tasar-departamentos", handoff: "tab-refused" }),
    );
    expect(stored.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const read = await store.leads.get(stored.id);
    expect(read).toEqual(stored);
    expect(read?.values).toEqual(values);
    expect(read?.receivedAt.toISOString()).toBe(now.toISOString());
    expect(read?.page).toBe("/tasar-departamentos");
    expect(read?.handoff).toBe("tab-refused");
    expect(read?.status).toBe("nuevo");
    expect(read?.notification).toBe("pending");
    expect(read?.userAgent).toBe("Mozilla/5.0 (prueba)");
    expect(await store.leads.get("no-such-lead")).toBeUndefined();
  });

  it("keeps a keyed hash of the client address, never the address", async () => {
    const first = await store.leads.insert(lead({ clientAddress: "203.0.113.7" }));
    const again = await store.leads.insert(lead({ clientAddress: "203.0.113.7" }));
    const other = await store.leads.insert(lead({ clientAddress: "203.0.113.8" }));
    expect(first.clientIpHash).toMatch(/^[0-9a-f]{32}$/);
    expect(first.clientIpHash).toBe(again.clientIpHash);
    expect(first.clientIpHash).not.toBe(other.clientIpHash);
    // Keyed: not the plain SHA-256 of the address, which anyone could look up.
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update("203.0.113.7").digest("hex")).not.toContain(first.clientIpHash);
    expect(JSON.stringify(await store.leads.get(first.id))).not.toContain("203.0.113.7");
  });

  it("stores honeypot submissions as spam, unnotified and out of the default list", async () => {
    const spam = await store.leads.insert(lead({ spam: true }));
    expect(spam.status).toBe("spam");
    expect(spam.notification).toBe("skipped");
    expect(await store.notifications.of(spam.id)).toEqual([]);
    expect((await store.leads.list({}, { limit: 10, offset: 0 })).total).toBe(0);
    expect(
      (await store.leads.list({ status: "spam" }, { limit: 10, offset: 0 })).leads.map((l) => l.id),
    ).toEqual([spam.id]);
  });

  it("marks leads with no notification channel as such", async () => {
    const quiet = await store.leads.insert(lead({ notify: [] }));
    expect(quiet.notification).toBe("not-configured");
    expect(await store.notifications.of(quiet.id)).toEqual([]);
  });

  it("lists newest first, filters by form and status, and pages in the query", async () => {
    const ids: string[] = [];
    for (let minute = 0; minute < 7; minute++) {
      const stored = await store.leads.insert(
        lead({ receivedAt: minutesAgo(10 - minute), formId: minute % 2 === 0 ? "express" : "sale" }),
      );
      ids.push(stored.id);
    }
    const newestFirst = [...ids].reverse();

    const first = await store.leads.list({}, { limit: 3, offset: 0 });
    expect(first.total).toBe(7);
    expect(first.leads.map((l) => l.id)).toEqual(newestFirst.slice(0, 3));
    const last = await store.leads.list({}, { limit: 3, offset: 6 });
    expect(last.leads.map((l) => l.id)).toEqual(newestFirst.slice(6));

    const sale = await store.leads.list({ formId: "sale" }, { limit: 10, offset: 0 });
    expect(sale.total).toBe(3);
    expect(sale.leads.every((l) => l.formId === "sale")).toBe(true);

    await store.leads.setStatus([ids[0]!, ids[1]!], "contactado");
    const contacted = await store.leads.list({ status: "contactado" }, { limit: 10, offset: 0 });
    expect(contacted.leads.map((l) => l.id)).toEqual([ids[1], ids[0]]);
    const contactedSale = await store.leads.list(
      { status: "contactado", formId: "sale" },
      { limit: 10, offset: 0 },
    );
    expect(contactedSale.leads.map((l) => l.id)).toEqual([ids[1]]);
  });

  it("reads every lead a filter matches in batches, newest first, none twice and none missed", async () => {
    // Three leads to a minute: batches of two end between leads received at the same moment.
    for (let n = 0; n < 9; n++)
      await store.leads.insert(
        lead({ receivedAt: minutesAgo(n % 3), formId: n % 2 === 0 ? "express" : "sale" }),
      );
    await store.leads.insert(lead({ spam: true }));
    const listed = async (filter: LeadFilter) =>
      (await store.leads.list(filter, { limit: 100, offset: 0 })).leads.map((l) => l.id);
    const read = async (filter: LeadFilter) => {
      const ids: string[] = [];
      for await (const each of store.leads.each(filter, 2)) ids.push(each.id);
      return ids;
    };

    expect(await read({})).toHaveLength(9);
    expect(await read({})).toEqual(await listed({}));
    expect(await read({ formId: "sale" })).toEqual(await listed({ formId: "sale" }));
    expect(await read({ status: "spam" })).toHaveLength(1);
  });

  it("stores many leads in one call, each row as insert would store it", async () => {
    const one = await store.leads.insert(
      lead({ clientAddress: "203.0.113.9", notify: ["email", "webhook"] }),
    );
    const many = await store.leads.insertMany([
      lead({ clientAddress: "203.0.113.9", notify: ["email", "webhook"] }),
      lead({ spam: true, notify: ["email"] }),
      lead({ notify: [], receivedAt: minutesAgo(1) }),
    ]);
    expect(await store.leads.insertMany([])).toEqual([]);

    expect(many).toHaveLength(3);
    for (const stored of many) expect(await store.leads.get(stored.id)).toEqual(stored);
    const [same, spam, quiet] = many;
    expect({ ...same, id: one.id }).toEqual(one);
    expect((await store.notifications.of(same!.id)).map((row) => row.channel)).toEqual(["email", "webhook"]);
    expect(spam).toMatchObject({ status: "spam", notification: "skipped" });
    expect(await store.notifications.of(spam!.id)).toEqual([]);
    expect(quiet?.notification).toBe("not-configured");
    expect((await store.leads.list({ search: "5555 0001" }, { limit: 10, offset: 0 })).total).toBe(3);
    expect((await store.leads.findByContact({ email: "ANA@example.com" })).map((l) => l.id)).toHaveLength(4);
  });

  it("searches name, phone and e-mail regardless of case, accents and punctuation", async () => {
    const ana = await store.leads.insert(lead());
    const luis = await store.leads.insert(
      lead({
        contact: { name: "Luis Gómez", phone: "+54 9 11 4444-2222", email: "Luis.Gomez@Example.org" },
      }),
    );
    const search = async (text: string) =>
      (await store.leads.list({ search: text }, { limit: 10, offset: 0 })).leads.map((l) => l.id);

    expect(await search("perez")).toEqual([ana.id]);
    expect(await search("GÓMEZ")).toEqual([luis.id]);
    expect(await search("luis.gomez@example")).toEqual([luis.id]);
    expect(await search("1144442222")).toEqual([luis.id]);
    expect(await search("4444-2222")).toEqual([luis.id]);
    expect(await search("5555 0001")).toEqual([ana.id]);
    expect(await search("nadie")).toEqual([]);
  });

  it("treats SQL and LIKE metacharacters in a search as plain text", async () => {
    const percent = await store.leads.insert(
      lead({ contact: { name: "100% Real_Estate", phone: null, email: "o'hara@example.com" } }),
    );
    await store.leads.insert(lead({ contact: { name: "1000 Realty", phone: null, email: null } }));
    const search = async (text: string) =>
      (await store.leads.list({ search: text }, { limit: 10, offset: 0 })).leads.map((l) => l.id);

    expect(await search("100%")).toEqual([percent.id]);
    expect(await search("_estate")).toEqual([percent.id]);
    expect(await search("%")).toEqual([percent.id]);
    expect(await search("o'hara")).toEqual([percent.id]);
    expect(await search("' or '1'='1")).toEqual([]);
    expect(await search("'; drop table leads; --")).toEqual([]);
    expect((await store.leads.list({}, { limit: 10, offset: 0 })).total).toBe(2);
  });

  it("counts new leads, this week's and the ones to call back", async () => {
    const weekStart = startOfWeekInBuenosAires(now);
    expect(weekStart.toISOString()).toBe("2026-05-11T03:00:00.000Z"); // Monday 00:00 in Buenos Aires

    await store.leads.insert(lead({ handoff: "tab-opened" }));
    await store.leads.insert(lead({ handoff: "tab-refused" }));
    await store.leads.insert(lead({ handoff: "no-script" }));
    await store.leads.insert(lead({ handoff: "not-applicable", formId: "consulta-inversion-pozo" }));
    const contacted = await store.leads.insert(lead({ handoff: "tab-refused" }));
    await store.leads.setStatus([contacted.id], "contactado");
    await store.leads.insert(lead({ receivedAt: new Date(weekStart.getTime() - 1), handoff: "no-script" }));
    await store.leads.insert(lead({ spam: true }));

    expect(await store.leads.counts(now)).toEqual({ new: 5, thisWeek: 5, toCallBack: 3 });
  });

  it("finds every lead of one person by e-mail or phone", async () => {
    const first = await store.leads.insert(lead({ receivedAt: minutesAgo(5) }));
    const second = await store.leads.insert(
      lead({ contact: { name: "Ana P.", phone: "+54 9 11 5555-0001", email: "otra@example.com" } }),
    );
    const third = await store.leads.insert(
      lead({ contact: { name: "Ana", phone: null, email: "ANA@EXAMPLE.COM" }, receivedAt: minutesAgo(1) }),
    );
    await store.leads.insert(
      lead({ contact: { name: "Otro", phone: "11 4444-9999", email: "otro@example.com" } }),
    );

    const byEmail = await store.leads.findByContact({ email: " Ana@Example.com " });
    expect(byEmail.map((l) => l.id)).toEqual([third.id, first.id]);
    const byPhone = await store.leads.findByContact({ phone: "1155550001" });
    expect(byPhone.map((l) => l.id).sort()).toEqual([first.id, second.id].sort());
    expect(await store.leads.findByContact({})).toEqual([]);
  });

  it("deletes by id, with the queued notifications", async () => {
    const keep = await store.leads.insert(lead());
    const drop = await store.leads.insert(lead());
    expect(await store.notifications.of(drop.id)).toHaveLength(1);
    expect(await store.leads.deleteByIds([drop.id, "missing"])).toBe(1);
    expect(await store.leads.get(drop.id)).toBeUndefined();
    expect(await store.notifications.of(drop.id)).toEqual([]);
    expect(await store.leads.get(keep.id)).toBeDefined();
    expect(await store.leads.deleteByIds([])).toBe(0);
  });

  it("deletes leads older than the retention period", async () => {
    const old = await store.leads.insert(lead({ receivedAt: new Date("2024-05-13T12:00:00.000Z") }));
    const recent = await store.leads.insert(lead({ receivedAt: new Date("2024-05-15T12:00:00.000Z") }));
    expect(await store.leads.deleteOlderThan(24, now)).toBe(1);
    expect(await store.leads.get(old.id)).toBeUndefined();
    expect(await store.leads.get(recent.id)).toBeDefined();
  });

  it("hands each due notification to one worker, retries it later and records the outcome", async () => {
    const stored = await store.leads.insert(lead({ notify: ["email", "webhook"] }));
    const due = await store.notifications.due(now, 10);
    expect(due.map((item) => item.channel).sort()).toEqual(["email", "webhook"]);
    expect(await store.notifications.due(now, 10)).toEqual([]); // claimed

    const email = due.find((item) => item.channel === "email")!;
    const webhook = due.find((item) => item.channel === "webhook")!;
    const retryAt = new Date(now.getTime() + 30_000);
    await store.notifications.failed(email, { error: "connect ECONNREFUSED", retryAt, now });
    await store.notifications.sent(webhook, now);
    expect((await store.leads.get(stored.id))?.notification).toBe("pending");

    expect(await store.notifications.due(new Date(retryAt.getTime() - 1), 10)).toEqual([]);
    const retried = await store.notifications.due(retryAt, 10);
    expect(retried).toEqual([{ id: email.id, leadId: stored.id, channel: "email", attempts: 1 }]);
    await store.notifications.sent(retried[0]!, retryAt);
    expect((await store.leads.get(stored.id))?.notification).toBe("sent");

    const other = await store.leads.insert(lead());
    const [item] = await store.notifications.due(now, 10);
    await store.notifications.failed(item!, { error: "550 rejected", retryAt: null, now });
    expect((await store.leads.get(other.id))?.notification).toBe("failed");
    const [row] = await store.notifications.of(other.id);
    expect(row).toMatchObject({ attempts: 1, last_error: "550 rejected", sent_at: null });
    expect(row?.given_up_at).not.toBeNull();
    expect(await store.notifications.due(new Date(now.getTime() + 86_400_000), 10)).toEqual([]);
  });

  it("stores concurrent submissions, each resolved only once its own lead is committed", async () => {
    const stored = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        store.leads.insert(lead({ values: { nombre: `Visitante ${index}` }, notify: ["email", "webhook"] })),
      ),
    );
    expect(new Set(stored.map((l) => l.id)).size).toBe(50);
    for (const each of stored) expect((await store.leads.get(each.id))?.values).toEqual(each.values);
    expect((await store.leads.list({}, { limit: 1, offset: 0 })).total).toBe(50);
    expect(await store.notifications.due(now, 500)).toHaveLength(100);
  });

  it("keeps everything across a restart, and migrating again changes nothing", async () => {
    const stored = await store.leads.insert(lead());
    await store.close();
    store = await Store.open(options);
    expect(await store.leads.get(stored.id)).toEqual(stored);
    expect(await store.reachable()).toBe(true);
    // The hash key survives too: the same address hashes the same after the restart.
    const again = await store.leads.insert(lead());
    expect(again.clientIpHash).toBe(stored.clientIpHash);
  });
});

describe("the inbox search on PostgreSQL", () => {
  const search = async (store: Store, text: string) =>
    (await store.leads.list({ search: text }, { limit: 10, offset: 0 })).leads.map((l) => l.contact.name);
  const indexes = async (url: string) => {
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'leads' order by indexname",
    );
    await client.end();
    return rows.map((row) => row.indexname);
  };

  it("gets a trigram index where the role may create pg_trgm, and works without one where it may not", async () => {
    postgres ??= await startPostgres({ durable: false });
    // The database's owner: the extension and its index are created.
    const ownerUrl = await postgres.createDatabase("leads_search_owner");
    const owned = await Store.open({ dataDir: "unused", databaseUrl: ownerUrl });
    await owned.leads.insert(lead({ contact: { name: "Marta Giménez", phone: null, email: null } }));
    expect(await indexes(ownerUrl)).toContain("leads_search");
    expect(await search(owned, "gimenez")).toEqual(["Marta Giménez"]);
    await owned.close();

    // A role that may create tables but not extensions: the service still starts, and still finds.
    const limitedUrl = await postgres.createDatabase("leads_search_limited");
    const admin = new pg.Client(limitedUrl);
    await admin.connect();
    await admin.query("create role limitado login");
    await admin.query("grant create on schema public to limitado");
    await admin.end();
    const url = new URL(limitedUrl);
    url.username = "limitado";
    const limited = await Store.open({ dataDir: "unused", databaseUrl: url.href });
    await limited.leads.insert(lead({ contact: { name: "Marta Giménez", phone: null, email: null } }));
    expect(await indexes(url.href)).not.toContain("leads_search");
    expect(await search(limited, "gimenez")).toEqual(["Marta Giménez"]);
    await limited.close();
  });
});
