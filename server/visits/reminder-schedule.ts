import type { NewReminder, ReminderKind, VisitWindow } from "../storage/inspection-visits.ts";
import type { Contact } from "../storage/store.ts";
import { buenosAiresDate, buenosAiresInstant } from "./agenda.ts";

/** When the owner gets the day's visits, Buenos Aires clock time. */
export const ownerDayAt = "07:30";

const hour = 3_600_000;

/**
 * The reminders a confirmed visit gets (decision 0041), written in the confirmation's own
 * transaction: the client's 24 h and 2 h before, by e-mail when the lead left an address, or in
 * the owner's WhatsApp list when the lead left only a phone; and the owner's list of the day's
 * visits at 07:30 Buenos Aires time. A reminder whose time has already passed when the visit is
 * confirmed or moved is not written: the confirmation itself just told both.
 */
export function reminderSchedule(window: VisitWindow, contact: Pick<Contact, "email" | "phone">, now: Date) {
  const start = Date.parse(window.startsAt);
  const clientChannel = contact.email?.trim() ? "email" : contact.phone?.trim() ? "whatsapp" : undefined;
  const dayList = buenosAiresInstant(buenosAiresDate(new Date(start)), ownerDayAt).getTime();
  const planned: { kind: ReminderKind; channel: "email" | "whatsapp" | undefined; at: number }[] = [
    { kind: "client-24h", channel: clientChannel, at: start - 24 * hour },
    { kind: "client-2h", channel: clientChannel, at: start - 2 * hour },
    { kind: "owner-day", channel: "email", at: dayList },
  ];
  return planned
    .filter((entry) => entry.channel && entry.at > now.getTime() && entry.at < start)
    .map((entry): NewReminder => ({
      kind: entry.kind,
      channel: entry.channel!,
      dueAt: new Date(entry.at).toISOString(),
    }));
}

/**
 * The notices of a confirmation, change or cancellation (decision 0046), written in the change's
 * own transaction and due at once: one to the owner, one to the client (dropped when the lead left
 * no address). They replace the visit's unsent ones; each is composed from the visit as it is
 * when the job sends it, so a notice never tells an older state. Both carry the client's link.
 */
export function visitNotices(now: Date, linkToken?: string): NewReminder[] {
  const dueAt = now.toISOString();
  return (["notice-owner", "notice-client"] as const).map((kind) => ({
    kind,
    channel: "email",
    dueAt,
    ...(linkToken ? { linkToken } : {}),
  }));
}
