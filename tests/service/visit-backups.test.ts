import { join } from "node:path";

import { sql } from "kysely";
import { describe, expect, test } from "vitest";

import { BlockList } from "node:net";

import { BackupService } from "../../server/backup/backup-service.ts";
import { restoreBackup } from "../../server/backup/restore.ts";
import { openTarget } from "../../server/backup/targets.ts";
import { inspectionVisitTables, type NewReminder } from "../../server/storage/inspection-visits.ts";
import { createCalendarFeed } from "../../server/visits/calendar-feed.ts";
import { randomId, Store, type StorageOptions } from "../../server/storage/store.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { backupKit } from "./backup-kit.ts";
import { numberedExpressLeads } from "./express-lead.ts";

/**
 * The inspection visit is personal data like the lead it comes from (issue 46 item 8, decision
 * 0042): it goes in the off-site copy and comes back from it with its lead, whatever changed the
 * lead after the visit; it goes with its lead when the person's data is deleted or the retention
 * deletes the lead, and that deletion reaches the copy too.
 */
const { keys, folder } = backupKit("visit-backups");

const newLead = numberedExpressLeads({
  name: "Inés Visitada",
  street: "Juana Manso",
  phone: "11 6000",
  email: "ines",
});

const property = { tower: "Alvear Tower", floor: "41", unit: "B", street: "" };
const access = {
  opener: "staff",
  guestList: "Laura Ejemplo, DNI 20.111.222\nPedro Ayudante, DNI 30.333.444",
  parking: true,
  occupied: false,
  notes: 'Pedir la llave en la recepción; =HYPERLINK("x")',
};

/** A backup service whose rounds the test runs itself. */
async function backupOf(store: Store, url: string) {
  const service = new BackupService({
    store,
    settings: { url, recipient: keys.recipient },
    site: async () => ({
      businessName: "Tasaciones",
      email: "avisos@example.com",
      siteUrl: "https://example.com",
    }),
    log: () => {},
  });
  await service.start();
  await service.stop();
  return service;
}

/** A lead with an offer and its confirmed visit at `startsAt` (60 min, 30 min of travel buffer). */
async function leadWithVisit(store: Store, startsAt: string, reminders: NewReminder[] = []) {
  const lead = await store.leads.insert(newLead());
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  const offerId = randomId();
  const now = new Date().toISOString();
  await store.inspectionVisits.insertOffer({
    id: offerId,
    leadId: lead.id,
    tokenHash: randomId() + randomId(),
    lang: "es",
    windows: [{ startsAt, endsAt }],
    createdAt: now,
    expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    state: "open",
    visitId: null,
  });
  const picked = await store.inspectionVisits.confirm(
    offerId,
    { id: randomId(), window: { startsAt, endsAt }, bufferMinutes: 30, property, access },
    now,
    reminders,
  );
  if (picked.outcome !== "confirmed") throw new Error(`the visit was not confirmed: ${picked.outcome}`);
  return { lead, offerId, visit: picked.visit };
}

/** Another lead's offer for the same time, picked on `store`: "taken" while the visit holds it. */
async function pickSameTime(store: Store, startsAt: string) {
  const { lead } = { lead: await store.leads.insert(newLead()) };
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  const offerId = randomId();
  await store.inspectionVisits.insertOffer({
    id: offerId,
    leadId: lead.id,
    tokenHash: randomId() + randomId(),
    lang: "es",
    windows: [{ startsAt, endsAt }],
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    state: "open",
    visitId: null,
  });
  return store.inspectionVisits.confirm(
    offerId,
    { id: randomId(), window: { startsAt, endsAt }, bufferMinutes: 30, property, access },
    new Date().toISOString(),
  );
}

const day = (hour: number) => `2027-03-10T${String(hour).padStart(2, "0")}:00:00.000Z`;

async function rowsOf(store: Store, table: "visit_offers" | "inspection_visits" | "visit_reminders") {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(
    store.db,
  );
  return rows.map(({ backup_xid: _stamp, ...row }) => row);
}

async function countsOf(store: Store, leadIds: readonly string[]) {
  const count = async (table: "visit_offers" | "inspection_visits") =>
    (await rowsOf(store, table)).filter((row) => leadIds.includes(String(row.lead_id))).length;
  const visitIds = (await rowsOf(store, "inspection_visits"))
    .filter((row) => leadIds.includes(String(row.lead_id)))
    .map((row) => String(row.id));
  return {
    offers: await count("visit_offers"),
    visits: await count("inspection_visits"),
    reminders: (await rowsOf(store, "visit_reminders")).filter((row) =>
      visitIds.includes(String(row.visit_id)),
    ).length,
  };
}

describe.each(storageBackends("visit_backups"))("$name", (backend) => {
  const open = async (options?: StorageOptions) =>
    Store.open(options ?? (await backend.options()), [inspectionVisitTables]);
  const restoreTo = async (): Promise<{
    to: { dataDir: string } | { databaseUrl: string };
    options: StorageOptions;
  }> => {
    if (backend.name === "SQLite") {
      const dataDir = join(folder("restored"), "datos");
      return { to: { dataDir }, options: { dataDir } };
    }
    const options = await backend.options();
    return { to: { databaseUrl: options.databaseUrl! }, options };
  };

  test(
    "a lead changed after its visit was confirmed comes back with the visit, its property and access, its reminders, and its time still blocked",
    { timeout: 120_000 },
    async () => {
      const store = await open();
      try {
        const url = `file://${folder("target")}`;
        const backup = await backupOf(store, url);
        await backup.cycle();
        // The owner's availability and her calendar's secret address, replaced once after a copy:
        // the restore brings back the second, as its hash only.
        const feed = createCalendarFeed({
          store,
          config: { rateLimitPerMinute: 0, trustedProxies: new BlockList() },
          site: () => ({
            siteUrl: "https://example.com",
            businessName: "Tasaciones",
            email: "a@example.com",
          }),
          now: () => new Date(),
        });
        await store.inspectionVisits.setAgenda("availability", { days: [], bufferMinutes: 45 });
        await feed.replace();
        await backup.cycle();
        const feedUrl = await feed.replace();
        const dueSoon = new Date(Date.now() - 60_000).toISOString();
        const first = await leadWithVisit(store, day(13), [
          { kind: "client-24h", channel: "whatsapp", dueAt: dueSoon },
          { kind: "client-2h", channel: "email", dueAt: day(11) },
        ]);
        const second = await leadWithVisit(store, day(17));
        // One reminder already sent by hand.
        const [sentByHand] = await store.inspectionVisits.remindersOf(first.visit.id);
        expect(await store.inspectionVisits.markWhatsAppSent(sentByHand!.id, new Date().toISOString())).toBe(
          true,
        );
        await backup.cycle();

        // After the visit is confirmed, the owner marks the lead contacted: a change set with the
        // lead's row alone. Written back by deleting and inserting the lead, it would take the
        // visit, the offer and the reminders with it.
        await store.leads.setStatus([first.lead.id], "contactado");
        await backup.cycle();

        // In one change set, the second visit leaves 17:00 for 15:00 and the first moves into
        // 17:00: on SQLite the second's key was queued first, so it is written first.
        const now = new Date().toISOString();
        expect(
          await store.inspectionVisits.reschedule(
            second.visit.id,
            { startsAt: day(15), endsAt: day(16) },
            30,
            now,
          ),
        ).toBe("moved");
        expect(
          await store.inspectionVisits.reschedule(
            first.visit.id,
            { startsAt: day(17), endsAt: day(18) },
            30,
            now,
            [{ kind: "client-2h", channel: "email", dueAt: day(15) }],
          ),
        ).toBe("moved");
        expect(
          await store.inspectionVisits.reschedule(
            second.visit.id,
            { startsAt: day(13), endsAt: day(14) },
            30,
            now,
          ),
        ).toBe("moved");
        // The moved visit's new reminder, claimed by a round of the process that is then lost.
        await sql`update visit_reminders set claim_id = 'round-lost', claimed_until = ${day(23)}
          where visit_id = ${first.visit.id} and sent_at is null`.execute(store.db);
        await backup.cycle();

        const destination = await restoreTo();
        const report = await restoreBackup({
          target: openTarget(url),
          identity: keys.identity,
          to: destination.to,
        });
        expect(report.rows).toMatchObject({
          visit_agenda: 2,
          leads: 2,
          visit_offers: 2,
          inspection_visits: 2,
          visit_reminders: 2,
        });

        const restored = await open(destination.options);
        try {
          expect((await restored.leads.get(first.lead.id))?.status).toBe("contactado");
          for (const table of ["visit_offers", "inspection_visits"] as const)
            expect(await rowsOf(restored, table)).toEqual(await rowsOf(store, table));
          const visit = await restored.inspectionVisits.visit(first.visit.id);
          expect(visit).toMatchObject({
            state: "confirmed",
            startsAt: day(17),
            property,
            access,
            sequence: 1,
          });
          expect((await restored.inspectionVisits.visit(second.visit.id))?.startsAt).toBe(day(13));
          // Whether a reminder was sent comes back; the lost process's claim does not.
          const reminders = await restored.inspectionVisits.remindersOf(first.visit.id);
          expect(
            reminders.map(({ id, sentAt, claimId, claimedUntil }) => ({ id, sentAt, claimId, claimedUntil })),
          ).toEqual(
            (await store.inspectionVisits.remindersOf(first.visit.id)).map(({ id, sentAt }) => ({
              id,
              sentAt,
              claimId: null,
              claimedUntil: null,
            })),
          );
          expect(reminders.find((reminder) => reminder.id === sentByHand!.id)?.sentAt).not.toBeNull();
          const agendaOf = async (copy: Store) =>
            (
              await sql<{
                key: string;
                value: string;
              }>`select key, value from visit_agenda order by key`.execute(copy.db)
            ).rows;
          expect(await agendaOf(restored)).toEqual(await agendaOf(store));
          expect(JSON.stringify(await agendaOf(restored))).not.toContain(
            feedUrl.split("/").at(-1)!.replace(".ics", ""),
          );
          // The restored database still refuses a second visit at the same time.
          expect((await pickSameTime(restored, day(17))).outcome).toBe("taken");
          expect((await pickSameTime(restored, day(20))).outcome).toBe("confirmed");
        } finally {
          await restored.close();
        }
      } finally {
        await store.close();
      }
    },
  );

  test(
    "the person's deletion and the retention take the lead's offers, visits and reminders, and the copy's restore has none of them",
    { timeout: 120_000 },
    async () => {
      const options = await backend.options();
      const store = await open(options);
      try {
        const url = `file://${folder("deleted")}`;
        const backup = await backupOf(store, url);
        await backup.cycle();
        const reminder: NewReminder = { kind: "client-2h", channel: "email", dueAt: day(10) };
        const asked = await leadWithVisit(store, day(12), [reminder]);
        const old = await leadWithVisit(store, day(15), [reminder]);
        const kept = await leadWithVisit(store, day(18), [reminder]);
        // The retention deletes by the date the lead was received.
        await sql`update leads set received_at = ${"2024-01-05T10:00:00.000Z"} where id = ${old.lead.id}`.execute(
          store.db,
        );
        await backup.cycle();
        expect(await countsOf(store, [asked.lead.id, old.lead.id])).toEqual({
          offers: 2,
          visits: 2,
          reminders: 2,
        });

        // The inbox's «Eliminar todas» (InboxService.remove) and the retention job's deletion.
        expect(await store.leads.deleteByIds([asked.lead.id])).toBe(1);
        expect(await store.leads.deleteOlderThan(24, new Date("2026-12-06T12:00:00Z"))).toBe(1);
        expect(await countsOf(store, [asked.lead.id, old.lead.id])).toEqual({
          offers: 0,
          visits: 0,
          reminders: 0,
        });
        expect(await countsOf(store, [kept.lead.id])).toEqual({ offers: 1, visits: 1, reminders: 1 });
        await backup.cycle();

        const destination = await restoreTo();
        await restoreBackup({ target: openTarget(url), identity: keys.identity, to: destination.to });
        const restored = await open(destination.options);
        try {
          expect(await countsOf(restored, [asked.lead.id, old.lead.id])).toEqual({
            offers: 0,
            visits: 0,
            reminders: 0,
          });
          expect(await countsOf(restored, [kept.lead.id])).toEqual({ offers: 1, visits: 1, reminders: 1 });
        } finally {
          await restored.close();
        }

        // SQLite enforces foreign keys per connection: the copy's thread opens its own, and a
        // deletion on it must cascade the same way.
        if (backend.name === "SQLite") {
          const worker = Store.openOnWorker(options);
          try {
            const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(worker.db);
            expect(rows[0]?.foreign_keys).toBe(1);
            expect(await worker.leads.deleteByIds([kept.lead.id])).toBe(1);
            expect(await countsOf(store, [kept.lead.id])).toEqual({ offers: 0, visits: 0, reminders: 0 });
          } finally {
            await worker.close();
          }
        }
      } finally {
        await store.close();
      }
    },
  );
});
