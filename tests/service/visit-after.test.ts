/**
 * After the visit (issue 46 item 7, decision 0043) on a real SQLite file and a real PostgreSQL
 * server: «Visita hecha» and «No vino» are refused before the visit begins; «Visita hecha» starts
 * the report's clock (the visit's end plus the published 24-48 h), listed as due, then late as the
 * service's clock moves; «Informe entregado» closes it once. «No vino» and «Reprogramada» end the
 * visit and drop its unsent reminders; «Reprogramada» frees the time for another client and the
 * old link stops working. The results' funnel counts each lead once per step, by page, source and
 * tower.
 */
import { describe, expect, test, vi } from "vitest";

import { visitFunnelOf } from "../../server/insight/visit-funnel.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import {
  confirmVisit,
  confirmedAt,
  morning,
  noon,
  openVisits,
  ownerAddress,
  thursday,
} from "./visit-reminder-setup.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const hour = 3_600_000;

describe.each(storageBackends("visit-after"))("after the visit on $name", (backend) => {
  test("done starts the report clock, due then late, delivered once; no-show and rescheduled end the visit", async () => {
    const catcher = await startSmtpCatcher();
    let clock = confirmedAt.getTime();
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => new Date(clock),
      smtpPort: catcher.port,
    });
    try {
      const rows = opened.platform.store.inspectionVisits;
      const done = await confirmVisit(
        opened,
        { name: "Marta Gómez", email: null, phone: "11 5555-0101" },
        morning,
      );
      const absent = await confirmVisit(
        opened,
        { name: "Pedro Ruiz", email: "pedro@example.com", phone: null },
        noon,
      );
      const moved = await confirmVisit(
        opened,
        { name: "Ana Díaz", email: null, phone: "11 5555-0303" },
        thursday,
      );
      expect((await rows.remindersOf(done.visit.id)).length).toBeGreaterThan(0);
      // The confirmations' notices: the owner's three and Pedro's (the others left no address).
      expect(await opened.reminders!.runDue()).toEqual({ sent: 4, dropped: 2, failed: 0 });
      catcher.received.length = 0;
      const unsentReminders = async (visitId: string) =>
        (await rows.remindersOf(visitId)).filter(
          (reminder) => !reminder.sentAt && !reminder.kind.startsWith("notice-"),
        );

      // Before the visit begins, what happened cannot be said yet: nothing changes.
      expect(await opened.agenda.afterVisit(done.lead.id, done.visit.id, "hecha")).toBe("not-started");
      expect(await opened.agenda.afterVisit(absent.lead.id, absent.visit.id, "no-vino")).toBe("not-started");
      expect((await rows.visit(done.visit.id))?.state).toBe("confirmed");
      // Another lead's visit is not this lead's to mark.
      expect(await opened.agenda.afterVisit(absent.lead.id, done.visit.id, "reprogramada")).toBe("closed");

      // «Reprogramada» before the visit: the time is free, the reminders gone, the old link ended.
      expect(await opened.agenda.afterVisit(moved.lead.id, moved.visit.id, "reprogramada")).toBe("marked");
      expect((await rows.visit(moved.visit.id))?.state).toBe("rescheduled");
      expect(await unsentReminders(moved.visit.id)).toEqual([]);
      expect((await opened.desk.view(moved.token))?.ended).toBe(true);
      // The owner's calendar (and the client's, when there is an address) drops it: METHOD:CANCEL.
      await vi.waitFor(() => expect(catcher.received).toHaveLength(1), { timeout: 30_000, interval: 50 });
      const cancel = catcher.received[0]!;
      expect(cancel.to).toEqual([ownerAddress]);
      expect(cancel.message.headers.get("subject")).toMatch(/^Visita cancelada: /);
      const calendar = cancel.message.parts["text/calendar"]!;
      expect(calendar).toContain("METHOD:CANCEL");
      expect(calendar).toContain("STATUS:CANCELLED");
      expect(calendar).toContain(`UID:${moved.visit.id}@`);
      const other = await confirmVisit(
        opened,
        { name: "Otra Cliente", email: null, phone: "11 5555-0404" },
        thursday,
      );
      expect(other.visit.startsAt).toBe(thursday.startsAt);
      // The owner offers the first client new times: the lead's offer flow, as for any lead.
      expect((await opened.desk.offer(moved.lead.id, "es", [thursday])).token).toMatch(/\S{40,}/);

      // Wednesday 10:30 in Buenos Aires: both morning visits have begun.
      clock = Date.parse(noon.startsAt) + 30 * 60_000;
      expect(await opened.agenda.afterVisit(done.lead.id, done.visit.id, "hecha")).toBe("marked");
      expect(await opened.agenda.afterVisit(done.lead.id, done.visit.id, "no-vino")).toBe("closed");
      const marked = (await rows.visit(done.visit.id))!;
      expect(marked.state).toBe("done");
      expect(marked.doneAt).toBe(new Date(clock).toISOString());
      // Due 48 h after the visit's end: Friday 11:00 in Buenos Aires.
      expect(marked.reportDueAt).toBe("2026-12-11T14:00:00.000Z");
      expect(await unsentReminders(done.visit.id)).toEqual([]);

      expect(await opened.agenda.afterVisit(absent.lead.id, absent.visit.id, "no-vino")).toBe("marked");
      expect((await rows.visit(absent.visit.id))?.state).toBe("no-show");
      expect(await unsentReminders(absent.visit.id)).toEqual([]);
      expect(await opened.agenda.afterVisit(absent.lead.id, absent.visit.id, "informe")).toBe("closed");
      // Neither holds the owner's time any longer.
      expect(await rows.confirmedBetween(morning.startsAt, noon.endsAt)).toEqual([]);

      const due = await opened.agenda.reportsToDeliver();
      expect(
        due.map((report) => [report.clientName, report.state, report.due.daysAway, report.due.clock]),
      ).toEqual([["Marta Gómez", "due", 2, "11:00"]]);
      // A minute before the promise it is still due; at the promise it is late.
      clock = Date.parse("2026-12-11T13:59:00.000Z");
      expect((await opened.agenda.reportsToDeliver())[0]?.state).toBe("due");
      clock = Date.parse("2026-12-11T14:00:00.000Z");
      const late = await opened.agenda.reportsToDeliver();
      expect(late.map((report) => [report.state, report.due.daysAway])).toEqual([["late", 0]]);
      expect((await opened.agenda.forLead(done.lead.id))?.offers[0]?.visit?.report?.state).toBe("late");

      expect(await opened.agenda.afterVisit(done.lead.id, done.visit.id, "informe")).toBe("marked");
      expect(await opened.agenda.afterVisit(done.lead.id, done.visit.id, "informe")).toBe("closed");
      expect((await rows.visit(done.visit.id))?.reportDeliveredAt).toBe("2026-12-11T14:00:00.000Z");
      expect(await opened.agenda.reportsToDeliver()).toEqual([]);
      expect((await opened.agenda.forLead(done.lead.id))?.offers[0]?.visit?.report?.state).toBe("delivered");
    } finally {
      await opened.platform.close();
      await catcher.stop();
    }
  });

  test("the funnel counts each lead once per step, by page, source and tower", async () => {
    const catcher = await startSmtpCatcher();
    let clock = confirmedAt.getTime();
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => new Date(clock),
      smtpPort: catcher.port,
    });
    try {
      const store = opened.platform.store;
      const tower = "/torres/mulieris";
      // Reaches the report: twice offered, once confirmed, done, delivered.
      const full = await confirmVisit(
        opened,
        { name: "Uno", email: null, phone: "11 5555-0001", page: tower },
        morning,
      );
      await opened.desk.offer(full.lead.id, "es", [thursday]);
      // Confirmed, then no-show.
      const absent = await confirmVisit(
        opened,
        { name: "Dos", email: null, phone: "11 5555-0002", page: tower },
        noon,
      );
      // Offered, never picked.
      const offeredOnly = await store.leads.insert({
        receivedAt: new Date(confirmedAt.getTime() - hour),
        formId: "express",
        page: "/",
        values: {},
        handoff: "tab-opened",
        clientAddress: "127.0.0.2",
        userAgent: null,
        spam: false,
        contact: { name: "Tres", email: null, phone: "11 5555-0003" },
        origin: {
          landing: "/",
          referrer: "l.instagram.com",
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
          lang: "es",
          device: "phone",
        },
        notify: [],
      });
      await opened.desk.offer(offeredOnly.id, "es", [thursday]);
      // A spam lead counts nowhere.
      await store.leads.insert({
        receivedAt: new Date(confirmedAt.getTime() - hour),
        formId: "express",
        page: tower,
        values: {},
        handoff: "tab-opened",
        clientAddress: "127.0.0.2",
        userAgent: null,
        spam: true,
        contact: { name: "Spam", email: null, phone: null },
        notify: [],
      });
      clock = Date.parse(noon.startsAt) + 10 * 60_000;
      expect(await opened.agenda.afterVisit(full.lead.id, full.visit.id, "hecha")).toBe("marked");
      expect(await opened.agenda.afterVisit(full.lead.id, full.visit.id, "informe")).toBe("marked");
      expect(await opened.agenda.afterVisit(absent.lead.id, absent.visit.id, "no-vino")).toBe("marked");

      const counts = await store.inspectionVisits.funnel(
        "2026-12-01T00:00:00.000Z",
        "2026-12-08T00:00:00.000Z",
      );
      const funnel = visitFunnelOf(counts, (slug) => (slug === "mulieris" ? "Torre Mulieris" : undefined));
      const steps = (row: {
        leads: number;
        offered: number;
        confirmed: number;
        done: number;
        delivered: number;
      }) => [row.leads, row.offered, row.confirmed, row.done, row.delivered];
      expect(steps(funnel.totals)).toEqual([3, 3, 2, 1, 1]);
      expect(funnel.pages.map((row) => [row.key, ...steps(row)])).toEqual([
        [tower, 2, 2, 2, 1, 1],
        ["/", 1, 1, 0, 0, 0],
      ]);
      expect(funnel.towers.map((row) => [row.label, ...steps(row)])).toEqual([
        ["Torre Mulieris", 2, 2, 2, 1, 1],
      ]);
      expect(funnel.sources.map((row) => [row.key, ...steps(row)])).toEqual([
        ["directo", 2, 2, 2, 1, 1],
        ["l.instagram.com", 1, 1, 0, 0, 0],
      ]);
      // Leads received outside the range are not counted.
      expect(
        await store.inspectionVisits.funnel("2026-12-08T00:00:00.000Z", "2026-12-15T00:00:00.000Z"),
      ).toEqual([]);
    } finally {
      await opened.platform.close();
      await catcher.stop();
    }
  });
});
