import { whatsappDigits } from "#app/lib/phone-digits.ts";
import { buildWhatsAppUrl, whatsAppChatUrl } from "#app/lib/whatsapp.ts";
import { composeMail, siteLink, type MailSite } from "../mail/mail.ts";
import type { Jobs, Stoppable } from "../jobs.ts";
import type { VisitReminder } from "../storage/inspection-visits.ts";
import { randomId, type Contact, type Handles } from "../storage/store.ts";
import type { HeldMailer } from "./held-mail.ts";
import { visitAddress } from "./invitation.ts";
import { visitFactLabels, windowText, type VisitLang } from "./pick-page.ts";
import { visitWords } from "./visit-words.ts";
import type { InspectionVisit, VisitAccess, VisitProperty } from "./visit-desk.ts";
import {
  buildingOfVisit,
  buildingRow,
  type BuildingAccess,
  type BuildingAccessOf,
} from "./building-access.ts";
import { composeVisitNotice } from "./visit-notices.ts";

/** How long a round holds a reminder before a restarted process may take it over. */
export const reminderLeaseMs = 5 * 60_000;
/** How long after a refused or failed e-mail the reminder is tried again. */
export const reminderRetryMs = 5 * 60_000;
/** How often the service looks for reminders due. */
export const reminderPollMs = 60_000;

export type ReminderSite = MailSite & { whatsappNumber: string };

/** What a round did: e-mails sent, reminders dropped (visit begun or gone), failures kept for later. */
export type ReminderRound = { sent: number; dropped: number; failed: number };

/**
 * The reminders' job (decision 0041), registered by the visits feature: each round reads the
 * e-mail reminders due, claims each (one statement, with a lease), sends it with the mark held
 * before the message's final dot (held-mail.ts), and marks it sent only while its claim is
 * still its own. A process killed at any point leaves the reminder claimed; after the lease a
 * restarted process takes it over and sends it, once.
 */
export function createReminderJob(options: {
  store: Handles<"inspectionVisits" | "leads">;
  mailer: HeldMailer;
  /** The owner's addresses (LEADS_NOTIFY_TO): the day's list goes there. */
  owner: readonly string[];
  site: () => ReminderSite;
  /** A published building's access by the tower a visit names (the notices carry it). */
  buildingAccess?: BuildingAccessOf;
  now: () => Date;
  log?: (line: string) => void;
}) {
  const rows = options.store.inspectionVisits;
  const log = options.log ?? ((line: string) => console.error(line));

  async function runDue(): Promise<ReminderRound> {
    const round: ReminderRound = { sent: 0, dropped: 0, failed: 0 };
    const at = options.now().toISOString();
    for (const due of await rows.dueEmailReminders(at, 50)) {
      const claimId = randomId();
      const claimed = await rows.claimReminders(due, {
        id: claimId,
        now: at,
        until: new Date(Date.parse(at) + reminderLeaseMs).toISOString(),
      });
      if (claimed.length === 0) continue; // another round holds it, or an earlier claim of this round sent it
      const live: { reminder: VisitReminder; visit: InspectionVisit }[] = [];
      const stale: string[] = [];
      for (const reminder of claimed) {
        const visit = await rows.visit(reminder.visitId);
        if (visit && stillUseful(reminder, visit, at)) live.push({ reminder, visit });
        else stale.push(reminder.id);
      }
      await rows.dropReminders(stale);
      round.dropped += stale.length;
      if (live.length === 0) continue;
      const mail = await compose(live);
      if (!mail) {
        await rows.dropReminders(live.map((entry) => entry.reminder.id));
        round.dropped += live.length;
        continue;
      }
      let marked = false;
      try {
        await options.mailer(mail, async () => {
          if ((await rows.markRemindersSent(claimId, options.now().toISOString())) === 0)
            throw new Error("otro envío tomó este recordatorio");
          marked = true;
        });
        round.sent += 1;
      } catch (error) {
        round.failed += 1;
        const reason = error instanceof Error ? error.message : String(error);
        log(`Recordatorios de visitas: no se pudo enviar «${mail.subject}» (${reason}).`);
        // Refused after the mark (the server answered no to the data): unsent again, tried later.
        // Refused before it: the claim simply runs out later than usual.
        if (marked || reason !== "otro envío tomó este recordatorio")
          await rows.releaseReminders(
            claimId,
            new Date(options.now().getTime() + reminderRetryMs).toISOString(),
            reason,
          );
      }
    }
    // Once the mail server has answered; a process ended before that is caught by the next round.
    await rows.forgetSentLinks();
    return round;
  }

  /** One e-mail for a claim: a visit's notice, a client's reminder, or the owner's day. */
  async function compose(live: { reminder: VisitReminder; visit: InspectionVisit }[]) {
    const site = options.site();
    const host = new URL(site.siteUrl).hostname;
    const messageId = `<recordatorio-${live.map((entry) => entry.reminder.id).join("-")}@${host}>`;
    const first = live[0]!;
    if (first.reminder.kind === "notice-owner" || first.reminder.kind === "notice-client") {
      const { reminder, visit } = first;
      const lead = await options.store.leads.get(visit.leadId);
      const offer = await rows.offerOfVisit(visit.id);
      const mail = composeVisitNotice(site, {
        visit,
        to: reminder.kind === "notice-owner" ? "owner" : "client",
        owner: options.owner,
        contact: lead?.contact,
        lang: offer?.lang === "en" ? "en" : "es",
        linkToken: reminder.linkToken,
        building: buildingOfVisit(visit, options.buildingAccess),
      });
      return mail && { ...mail, messageId: `<aviso-${reminder.id}@${host}>` };
    }
    if (first.reminder.kind === "owner-day") {
      if (options.owner.length === 0) return undefined;
      const visits = live.map((entry) => entry.visit).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      const lines = await Promise.all(
        visits.map(async (visit) => {
          const lead = await options.store.leads.get(visit.leadId);
          return ownerDayLine(visit, lead?.contact, buildingOfVisit(visit, options.buildingAccess));
        }),
      );
      const mail = composeMail(site, {
        subject: `Tus visitas de hoy: ${visits.length} · ${windowText("es", visits[0]!).replace(/,? \d\d:\d\d a \d\d:\d\d$/, "")}`,
        blocks: [
          { paragraph: "Las visitas de hoy (hora de Buenos Aires):" },
          ...lines.flatMap((line) => [{ heading: line.heading }, { table: line.rows }]),
          { paragraph: { text: "Ver la agenda", href: siteLink(site, "/bandeja/agenda") } },
        ],
      });
      return { ...mail, to: [...options.owner], messageId };
    }
    const { visit } = first;
    const lead = await options.store.leads.get(visit.leadId);
    const email = lead?.contact.email?.trim();
    if (!email) return undefined;
    const offer = await rows.offerOfVisit(visit.id);
    const lang: VisitLang = offer?.lang === "en" ? "en" : "es";
    const words = visitWords[lang].reminder;
    const name = lead?.contact.name?.trim() ?? "";
    const when = windowText(lang, visit);
    const mail = composeMail(site, {
      subject: words.subject(when),
      blocks: [
        { paragraph: words.intro(name) },
        {
          table: [
            [visitWords[lang].when, `${when} (${words.buenosAires})`],
            [visitWords[lang].where, visitAddress(lang, visit.property as VisitProperty)],
            ...buildingRow(lang, buildingOfVisit(visit, options.buildingAccess)),
          ],
        },
        { paragraph: words.change },
        { paragraph: { text: words.whatsapp, href: whatsAppChatUrl(site.whatsappNumber) } },
      ],
    });
    return { ...mail, to: [email], messageId };
  }

  return { runDue };
}

export type ReminderJob = ReturnType<typeof createReminderJob>;

/**
 * Whether a claimed reminder still has something to say. A notice, until its visit's end (a
 * change after it was written replaced it in the same transaction). A reminder, while its visit
 * is confirmed and ahead; a client's 24 h reminder found due when the visit is already within
 * 2 h (after a restore, or a service down for hours) is dropped: the 2 h reminder says the same,
 * nearer the time, and both at once would be two e-mails for one visit (decision 0042).
 */
function stillUseful(reminder: VisitReminder, visit: InspectionVisit, at: string): boolean {
  if (reminder.kind === "notice-owner" || reminder.kind === "notice-client") return visit.endsAt > at;
  if (visit.state !== "confirmed" || visit.startsAt <= at) return false;
  return !(reminder.kind === "client-24h" && Date.parse(visit.startsAt) - Date.parse(at) <= 2 * 3_600_000);
}

/**
 * The job's poll, on the service's jobs (server/jobs.ts): one round at a time. `nudge` runs a
 * round at once (a visit's notice was just written), or right after the round in progress.
 */
export function pollReminders(
  jobs: Jobs,
  job: ReminderJob,
  name: string,
): Stoppable & { idle(): Promise<void>; nudge(): void } {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    if (running) {
      again = true;
      return undefined;
    }
    running = job.runDue().finally(() => {
      running = undefined;
      if (again && !stopped) kick.in(0);
      again = false;
    });
    return running;
  };
  const kick = jobs.alarm(name, round);
  const poll = jobs.every(name, reminderPollMs, round);
  return {
    stop: () => {
      stopped = true;
      poll.stop();
      kick.cancel();
    },
    idle: async () => {
      while (running || kick.waiting)
        await (running?.catch(() => {}) ?? new Promise((resolve) => setTimeout(resolve, 10)));
    },
    nudge: () => {
      if (!stopped) kick.in(0);
    },
  };
}

/**
 * A visit of the owner's day: time, client and how to reach them, where, how to get in, and what
 * the building asks (with its reception's phone).
 */
function ownerDayLine(
  visit: InspectionVisit,
  contact: Contact | undefined,
  building: BuildingAccess | undefined,
) {
  const access = visit.access as VisitAccess;
  const labels = visitFactLabels;
  const yesNo = (on: boolean) => (on ? labels.yes : labels.no);
  const rows: [string, string][] = [
    [labels.where, visitAddress("es", visit.property as VisitProperty)],
    ["Cliente", [contact?.name, contact?.phone, contact?.email].filter(Boolean).join(" · ") || "Sin datos"],
    [labels.opener, visitWords.es.openers[access.opener]],
  ];
  if (access.guestList) rows.push([labels.guestList, access.guestList]);
  rows.push([labels.parking, yesNo(access.parking)], [labels.occupied, yesNo(access.occupied)]);
  if (access.notes) rows.push([labels.notes, access.notes]);
  rows.push(...buildingRow("es", building));
  return { heading: windowText("es", visit), rows };
}

/** A WhatsApp reminder for the owner's list: the message written in the lead's language. */
export function whatsappReminderText(
  lang: VisitLang,
  visit: InspectionVisit,
  contact: Contact | undefined,
  business: string,
): { text: string; url: string | undefined } {
  const words = visitWords[lang].reminder;
  const text = words.whatsappText(
    contact?.name?.trim() ?? "",
    windowText(lang, visit),
    visitAddress(lang, visit.property as VisitProperty),
    business,
  );
  const digits = contact?.phone ? whatsappDigits(contact.phone) : undefined;
  return { text, url: digits ? buildWhatsAppUrl(digits, text) : undefined };
}
