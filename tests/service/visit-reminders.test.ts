/**
 * Reminders that always go, once (issue 46, decision 0041), on a real SQLite file and a real
 * PostgreSQL server, through a real SMTP server, at a faked clock: a confirmed visit gets its
 * reminders in the confirmation's own transaction (the client's 24 h and 2 h by e-mail, or in the
 * owner's WhatsApp list when the lead left only a phone; the owner's day at 07:30 Buenos Aires
 * time); the job sends each when due and never again; a cancelled visit drops its pending
 * reminders and a moved one moves them. Run under TZ=UTC, America/Argentina/Buenos_Aires and
 * Asia/Tokyo: every expectation is a literal, so the three runs give the same results.
 */
import { afterAll, describe, expect, test, vi } from "vitest";

import { reminderRetryMs } from "../../server/visits/reminders.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { startRefusingMailServer, startSmtpCatcher } from "./smtp-catcher.ts";
import {
  confirmedAt,
  confirmVisit,
  morning,
  noon,
  openVisits,
  ownerAddress,
  thursday,
} from "./visit-reminder-setup.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const catcher = await startSmtpCatcher();
afterAll(() => catcher.stop());

describe.each(storageBackends("visit_reminders"))("reminders on $name", (backend) => {
  test("written with the confirmation, sent once each when due, dropped or moved with the visit", async () => {
    let now = confirmedAt;
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => now,
      smtpPort: catcher.port,
    });
    const rows = opened.platform.store.inspectionVisits;
    const reminders = opened.reminders!;
    catcher.received.length = 0;
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      console.log(`reminders on ${backend.name} with the process in ${zone}`);
      const byMail = await confirmVisit(
        opened,
        {
          name: "John Smith",
          email: "john@example.com",
          phone: "+1 212 555 0100",
          page: "/en/property-valuation",
        },
        morning,
      );
      const byHand = await confirmVisit(
        opened,
        { name: "Ana Pérez", email: null, phone: "11 5555-0101" },
        noon,
      );
      // The reminders of a visit (its notices are looked at below, once sent).
      const written = async (visitId: string) =>
        (await rows.remindersOf(visitId))
          .filter((reminder) => !reminder.kind.startsWith("notice-"))
          .map((reminder) => [reminder.kind, reminder.channel, reminder.dueAt]);
      expect(await written(byMail.visit.id)).toEqual([
        ["client-24h", "email", "2026-12-08T13:00:00.000Z"],
        ["owner-day", "email", "2026-12-09T10:30:00.000Z"],
        ["client-2h", "email", "2026-12-09T11:00:00.000Z"],
      ]);
      expect(await written(byHand.visit.id)).toEqual([
        ["client-24h", "whatsapp", "2026-12-08T15:30:00.000Z"],
        ["owner-day", "email", "2026-12-09T10:30:00.000Z"],
        ["client-2h", "whatsapp", "2026-12-09T13:30:00.000Z"],
      ]);

      // A visit cancelled drops what it had pending; one moved takes its reminders to the new time.
      const cancelled = await confirmVisit(
        opened,
        { name: "Carla", email: "carla@example.com", phone: null },
        thursday,
      );
      expect(await written(cancelled.visit.id)).toHaveLength(3);
      expect(await opened.desk.cancel(cancelled.token)).toBe(true);
      expect(await written(cancelled.visit.id)).toEqual([]);
      const moved = await confirmVisit(
        opened,
        { name: "Diego", email: "diego@example.com", phone: null },
        { startsAt: "2026-12-10T13:00:00.000Z", endsAt: "2026-12-10T14:00:00.000Z" },
      );
      expect(await opened.desk.reschedule(moved.token, thursday.startsAt)).toBe("moved");
      expect(await written(moved.visit.id)).toEqual([
        ["client-24h", "email", "2026-12-09T18:00:00.000Z"],
        ["owner-day", "email", "2026-12-10T10:30:00.000Z"],
        ["client-2h", "email", "2026-12-10T16:00:00.000Z"],
      ]);
      const sent = () => catcher.received;
      const subjects = () =>
        sent().map((mail) => `${mail.to.join(",")}: ${mail.message.headers.get("subject")}`);

      // The changes' notices are due at once (the link's route nudges the job; the desk alone
      // does not): one each to the owner and the client, the newest state only. Ana left no
      // address (her copy is dropped); Carla's confirmation was replaced by her cancellation.
      expect(await reminders.runDue()).toEqual({ sent: 7, dropped: 1, failed: 0 });
      expect(await reminders.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });
      expect(
        subjects()
          .filter((line) => !line.startsWith(ownerAddress))
          .sort(),
      ).toEqual([
        "carla@example.com: Visita cancelada: jueves, 10 de diciembre, 15:00 a 16:00",
        "diego@example.com: Visita reprogramada: jueves, 10 de diciembre, 15:00 a 16:00",
        "john@example.com: Visit confirmed: Wednesday 9 December at 10:00 to 11:00",
      ]);
      expect(subjects().filter((line) => line.startsWith(ownerAddress))).toHaveLength(4);
      expect(sent().every((mail) => mail.message.headers.get("message-id")?.startsWith("<aviso-"))).toBe(
        true,
      );
      catcher.received.length = 0;

      // A minute early: nothing. On time: John's 24 h reminder, once, however often the job runs.
      now = new Date("2026-12-08T12:59:00.000Z");
      expect(await reminders.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });
      now = new Date("2026-12-08T13:00:00.000Z");
      expect(await reminders.runDue()).toEqual({ sent: 1, dropped: 0, failed: 0 });
      expect(await reminders.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });
      expect(subjects()).toEqual([
        "john@example.com: Visit reminder: Wednesday 9 December at 10:00 to 11:00",
      ]);
      const johnMail = sent()[0]!.message;
      expect(johnMail.text).toContain("Alvear Tower, Floor 31, Unit A, Puerto Madero, Buenos Aires");
      expect(johnMail.text).toContain("(Buenos Aires time)");
      expect(johnMail.headers.get("message-id")).toMatch(/^<recordatorio-[^@]+@/);

      // Ana left only a phone: her reminder waits in the owner's list with the message written.
      expect(await opened.agenda.whatsappReminders()).toEqual([]);
      now = new Date("2026-12-08T15:30:00.000Z");
      const list = await opened.agenda.whatsappReminders();
      expect(list.map((item) => [item.clientName, item.kindText, item.visitText])).toEqual([
        ["Ana Pérez", "24 h antes", "miércoles, 9 de diciembre, 12:30 a 13:30"],
      ]);
      expect(decodeURIComponent(list[0]!.whatsappUrl)).toMatch(
        /^https:\/\/wa\.me\/5491155550101\?text=Hola Ana Pérez, te escribo de .+ para recordarte la visita de tasación el miércoles, 9 de diciembre, 12:30 a 13:30 \(hora de Buenos Aires\) en Alvear Tower, Piso 31, Unidad A, Puerto Madero, Buenos Aires\./,
      );
      expect(await opened.agenda.sendWhatsAppReminder(list[0]!.id)).toBe(list[0]!.whatsappUrl);
      expect(await opened.agenda.sendWhatsAppReminder(list[0]!.id)).toBeUndefined();
      expect(await opened.agenda.whatsappReminders()).toEqual([]);
      expect(await reminders.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });

      // Wednesday 07:30 in Buenos Aires: the owner's day, one e-mail with both visits in order.
      now = new Date("2026-12-09T10:30:00.000Z");
      expect(await reminders.runDue()).toEqual({ sent: 1, dropped: 0, failed: 0 });
      const day = sent()[1]!;
      expect(day.to).toEqual([ownerAddress]);
      expect(day.message.headers.get("subject")).toBe("Tus visitas de hoy: 2 · miércoles, 9 de diciembre");
      const text = day.message.text;
      expect(text.indexOf("miércoles, 9 de diciembre, 10:00 a 11:00")).toBeLessThan(
        text.indexOf("miércoles, 9 de diciembre, 12:30 a 13:30"),
      );
      expect(text).toContain("John Smith · +1 212 555 0100 · john@example.com");
      expect(text).toContain("Autorizar en la guardia: Laura Ejemplo, DNI 20.000.000");

      // 08:00: John's 2 h reminder. Then nothing more is due for Wednesday, whatever the runs.
      now = new Date("2026-12-09T11:00:00.000Z");
      expect(await reminders.runDue()).toEqual({ sent: 1, dropped: 0, failed: 0 });
      now = new Date("2026-12-09T20:00:00.000Z");
      expect(await reminders.runDue()).toEqual({ sent: 1, dropped: 0, failed: 0 }); // Diego's 24 h (moved)
      expect(subjects()).toEqual([
        "john@example.com: Visit reminder: Wednesday 9 December at 10:00 to 11:00",
        "duena@example.com: Tus visitas de hoy: 2 · miércoles, 9 de diciembre",
        "john@example.com: Visit reminder: Wednesday 9 December at 10:00 to 11:00",
        "diego@example.com: Recordatorio de la visita: jueves, 10 de diciembre, 15:00 a 16:00",
      ]);
      // Ana's 2 h WhatsApp reminder was never tapped: once her visit began it left the list.
      expect(await opened.agenda.whatsappReminders()).toEqual([]);
      // No reminder went to Carla, whose visit was cancelled.
      expect(catcher.received.filter((mail) => mail.to.includes("carla@example.com"))).toHaveLength(0);
    } finally {
      await opened.platform.close();
    }
  });

  test("an SMTP server that cannot be reached keeps the notices and the reminder unsent, tried again later, sent once each", async () => {
    const storage = await backend.options();
    let now = confirmedAt;
    const refusing = await startRefusingMailServer();
    const down = await openVisits({ storage, now: () => now, smtpPort: refusing.port });
    const { visit } = await confirmVisit(
      down,
      { name: "John Smith", email: "john@example.com", phone: null },
      morning,
    );
    now = new Date("2026-12-08T13:00:00.000Z");
    const before = catcher.received.length;
    try {
      // The confirmation's two notices (never sent) and the 24 h reminder.
      expect(await down.reminders!.runDue()).toEqual({ sent: 0, dropped: 0, failed: 3 });
      const failed = (await down.platform.store.inspectionVisits.remindersOf(visit.id)).filter(
        (reminder) => reminder.attempts > 0,
      );
      expect(failed.map((reminder) => [reminder.kind, reminder.sentAt, reminder.attempts])).toEqual([
        ["notice-client", null, 1],
        ["notice-owner", null, 1],
        ["client-24h", null, 1],
      ]);
      expect(failed[0]!.lastError).toMatch(/smtp connection/i);
      // Until its retry time it is left alone.
      now = new Date(now.getTime() + reminderRetryMs - 1_000);
      expect(await down.reminders!.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });
    } finally {
      await down.platform.close();
      await refusing.stop();
    }
    const up = await openVisits({ storage, now: () => now, smtpPort: catcher.port });
    try {
      now = new Date(now.getTime() + 2_000);
      expect(await up.reminders!.runDue()).toEqual({ sent: 3, dropped: 0, failed: 0 });
      expect(await up.reminders!.runDue()).toEqual({ sent: 0, dropped: 0, failed: 0 });
      // The notices first (due since the confirmation, in either order), then the reminder.
      const lines = catcher.received
        .slice(before)
        .map((mail) => `${mail.to.join(",")}: ${mail.message.headers.get("subject")}`);
      expect([...lines.slice(0, 2).sort(), lines[2]]).toEqual([
        `${ownerAddress}: Visita confirmada: miércoles, 9 de diciembre, 10:00 a 11:00`,
        "john@example.com: Visita confirmada: miércoles, 9 de diciembre, 10:00 a 11:00",
        "john@example.com: Recordatorio de la visita: miércoles, 9 de diciembre, 10:00 a 11:00",
      ]);
      const sent = (await up.platform.store.inspectionVisits.remindersOf(visit.id)).filter(
        (reminder) => reminder.sentAt,
      );
      expect(sent.map((reminder) => [reminder.attempts, reminder.lastError, reminder.linkToken])).toEqual([
        [2, null, null],
        [2, null, null],
        [2, null, null],
      ]);
    } finally {
      await up.platform.close();
    }
  });

  test("notices the mail server refuses after their data go again later, the client's still with its link, which is then erased", async () => {
    let now = confirmedAt;
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => now,
      smtpPort: catcher.port,
    });
    const rows = opened.platform.store.inspectionVisits;
    try {
      const { visit, token } = await confirmVisit(
        opened,
        { name: "John Smith", email: "john@example.com", phone: null },
        morning,
      );
      const before = catcher.received.length;
      catcher.refuseNext(2);
      expect(await opened.reminders!.runDue()).toEqual({ sent: 0, dropped: 0, failed: 2 });
      const notice = async () =>
        (await rows.remindersOf(visit.id)).find((reminder) => reminder.kind === "notice-client")!;
      expect(await notice()).toMatchObject({ sentAt: null, attempts: 1, linkToken: token });
      expect((await notice()).lastError).toMatch(/451/);

      now = new Date(now.getTime() + reminderRetryMs + 2_000);
      expect(await opened.reminders!.runDue()).toEqual({ sent: 2, dropped: 0, failed: 0 });
      const toClient = catcher.received.slice(before).find((mail) => mail.to.includes("john@example.com"));
      expect(toClient?.message.text).toContain(`/api/visita/${token}`);
      expect(await notice()).toMatchObject({ attempts: 2, lastError: null, linkToken: null });
    } finally {
      await opened.platform.close();
    }
  });

  test("a service back after hours (a restore, an outage) sends the 2 h reminder, not the 24 h one as well", async () => {
    let now = confirmedAt;
    const opened = await openVisits({
      storage: await backend.options(),
      now: () => now,
      smtpPort: catcher.port,
    });
    try {
      const { visit } = await confirmVisit(
        opened,
        { name: "Rita Vuelta", email: "rita@example.com", phone: null },
        morning,
      );
      expect((await opened.reminders!.runDue()).sent).toBe(2); // the confirmation's notices
      const before = catcher.received.length;
      // Wednesday 08:30 in Buenos Aires, 90 minutes before the visit: both client reminders due.
      now = new Date("2026-12-09T11:30:00.000Z");
      const round = await opened.reminders!.runDue();
      expect(round.sent).toBe(2); // the owner's day and the 2 h reminder
      expect(round.dropped).toBe(1); // the 24 h reminder
      expect(
        catcher.received
          .slice(before)
          .filter((mail) => mail.to.includes("rita@example.com"))
          .map((mail) => mail.message.headers.get("subject")),
      ).toEqual(["Recordatorio de la visita: miércoles, 9 de diciembre, 10:00 a 11:00"]);
      expect(
        (await opened.platform.store.inspectionVisits.remindersOf(visit.id)).map((reminder) => reminder.kind),
      ).toEqual(["notice-client", "notice-owner", "owner-day", "client-2h"]);
    } finally {
      await opened.platform.close();
    }
  });
});
