import type { InspectionVisit, VisitOffer, VisitWindow } from "../storage/inspection-visits.ts";
import { randomId, type Handles, type Lead } from "../storage/store.ts";
import { reportDueAt } from "#app/lib/report-clock.ts";
import { availabilityOf, windowProblem, type Availability } from "./agenda.ts";
import { reminderSchedule, visitNotices } from "./reminder-schedule.ts";
import { hashVisitToken, newVisitToken, visitTokenPattern } from "./tokens.ts";

export type { InspectionVisit, VisitOffer, VisitWindow };

/** The property's address, as the client gives it (a catalogued tower, or a street address). */
export type VisitProperty = { tower: string; floor: string; unit: string; street: string };

export const openers = ["owner", "tenant", "staff", "broker"] as const;
export type Opener = (typeof openers)[number];

/** How the appraiser gets in. */
export type VisitAccess = {
  opener: Opener;
  /** Names and DNI the building's guard must have in advance, one a line. */
  guestList: string;
  parking: boolean;
  occupied: boolean;
  /** At most 500 characters. */
  notes: string;
};

export const notesLimit = 500;

/** A client's link opened: the offer, its lead, its visit once confirmed, and the windows still free. */
export type OfferView = {
  offer: VisitOffer;
  lead: Lead | undefined;
  visit: InspectionVisit | undefined;
  /** The offer's windows nobody holds yet, still further away than the minimum notice. */
  free: VisitWindow[];
  availability: Availability;
  /** Whether the client may still change or cancel (more than the minimum notice before the visit). */
  changeable: boolean;
  /** The link no longer works: cancelled, expired unpicked, or its visit over. */
  ended: boolean;
};

export type PickResult =
  | { outcome: "confirmed"; visit: InspectionVisit }
  | { outcome: "taken"; free: VisitWindow[] }
  | { outcome: "closed" }
  | { outcome: "not-offered" };

/**
 * The visit's rules on top of its rows (decision 0039): offers made from a lead, a client's
 * pick (confirmed at once; the database refuses a second visit in the same time), changes and
 * cancellations until the minimum notice, and the link's end after the visit.
 */
export function createVisitDesk(options: { store: Handles<"inspectionVisits" | "leads">; now: () => Date }) {
  const { store, now } = options;
  const rows = store.inspectionVisits;

  async function availability(): Promise<Availability> {
    return availabilityOf(await rows.agenda("availability"));
  }

  /** Offers 1-3 windows to a lead; the token is returned once and stored only hashed. */
  async function offer(leadId: string, lang: "es" | "en", windows: VisitWindow[]) {
    if (windows.length < 1 || windows.length > 3) throw new Error("Una oferta lleva de 1 a 3 horarios.");
    const agenda = await availability();
    const at = now();
    const token = newVisitToken();
    const made: VisitOffer = {
      id: randomId(),
      leadId,
      lang,
      windows,
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + agenda.offerHours * 3_600_000).toISOString(),
      state: "open",
      visitId: null,
    };
    await rows.insertOffer({ ...made, tokenHash: hashVisitToken(token) });
    return { token, offer: made };
  }

  /** What a link shows, or undefined when it names no offer. */
  async function view(token: string): Promise<OfferView | undefined> {
    if (!visitTokenPattern.test(token)) return undefined;
    const offer = await rows.offerByTokenHash(hashVisitToken(token));
    if (!offer) return undefined;
    const [lead, visit, agenda] = await Promise.all([
      store.leads.get(offer.leadId),
      offer.visitId ? rows.visit(offer.visitId) : undefined,
      availability(),
    ]);
    const at = now();
    const free = await freeWindows(offer, agenda, visit?.id);
    const ended = visit
      ? visit.state !== "confirmed" || Date.parse(visit.endsAt) <= at.getTime()
      : offer.state !== "open" || Date.parse(offer.expiresAt) <= at.getTime();
    const changeable =
      !!visit && !ended && Date.parse(visit.startsAt) - at.getTime() > agenda.noticeHours * 3_600_000;
    return { offer, lead, visit, free, availability: agenda, changeable, ended };
  }

  async function freeWindows(
    offer: VisitOffer,
    agenda: Availability,
    except?: string,
  ): Promise<VisitWindow[]> {
    if (offer.windows.length === 0) return [];
    const from = new Date(Math.min(...offer.windows.map((window) => Date.parse(window.startsAt))) - day);
    const to = new Date(Math.max(...offer.windows.map((window) => Date.parse(window.endsAt))) + day);
    const held = (await rows.confirmedBetween(from.toISOString(), to.toISOString())).filter(
      (visit) => visit.id !== except,
    );
    const gap = agenda.bufferMinutes * 60_000;
    return offer.windows.filter(
      (window) =>
        windowProblem({ ...agenda, days: everyDay, exceptions: [] }, window, now()) === undefined &&
        !held.some(
          (visit) =>
            Date.parse(visit.startsAt) < Date.parse(window.endsAt) + gap &&
            Date.parse(window.startsAt) < Date.parse(visit.endsAt) + gap,
        ),
    );
  }

  /** A client's pick: confirmed at once, or refused with the windows still free. */
  async function pick(
    token: string,
    startsAt: string,
    details: { property: VisitProperty; access: VisitAccess },
  ) {
    const opened = await view(token);
    if (!opened || opened.ended || opened.visit) return { outcome: "closed" } satisfies PickResult;
    const window = opened.offer.windows.find((candidate) => candidate.startsAt === startsAt);
    if (!window) return { outcome: "not-offered" } satisfies PickResult;
    const at = now();
    if (windowProblem({ ...opened.availability, days: everyDay, exceptions: [] }, window, at) === "too-soon")
      return { outcome: "taken", free: opened.free } satisfies PickResult;
    const result = await rows.confirm(
      opened.offer.id,
      { id: randomId(), window, bufferMinutes: opened.availability.bufferMinutes, ...details },
      at.toISOString(),
      [...reminderSchedule(window, contactOf(opened.lead), at), ...visitNotices(at, token)],
    );
    if (result.outcome === "taken")
      return {
        outcome: "taken",
        free: await freeWindows(opened.offer, opened.availability),
      } satisfies PickResult;
    return result;
  }

  /** Cancels the link's visit, until the minimum notice. */
  async function cancel(token: string): Promise<boolean> {
    const opened = await view(token);
    if (!opened?.visit || !opened.changeable) return false;
    const at = now();
    return rows.settle(opened.visit.id, "cancelled", at.toISOString(), { notices: visitNotices(at, token) });
  }

  /** Moves the link's visit to another of its offer's windows, until the minimum notice. */
  async function reschedule(token: string, startsAt: string): Promise<"moved" | "taken" | "closed"> {
    const opened = await view(token);
    if (!opened?.visit || !opened.changeable) return "closed";
    const window = opened.offer.windows.find((candidate) => candidate.startsAt === startsAt);
    if (!window || window.startsAt === opened.visit.startsAt) return "closed";
    const at = now();
    return rows.reschedule(opened.visit.id, window, opened.availability.bufferMinutes, at.toISOString(), [
      ...reminderSchedule(window, contactOf(opened.lead), at),
      ...visitNotices(at, token),
    ]);
  }

  /**
   * The owner's word after (or instead of) a visit, from the inbox (decision 0043). «Visita hecha»
   * and «No vino» say what happened, so they wait for the visit's start; «Visita hecha» starts the
   * report's clock (the visit's end plus the published delivery hours). «Reprogramada» ends this
   * visit so new times can be offered. Each frees the time and drops the unsent reminders.
   */
  async function settleByOwner(
    leadId: string,
    visitId: string,
    outcome: OwnerOutcome,
    deliveryHours: string,
  ): Promise<"settled" | "not-started" | "closed"> {
    const visit = await rows.visit(visitId);
    if (!visit || visit.leadId !== leadId || visit.state !== "confirmed") return "closed";
    const at = now();
    if (outcome !== "rescheduled" && Date.parse(visit.startsAt) > at.getTime()) return "not-started";
    const settled = await rows.settle(visitId, outcome, at.toISOString(), {
      ...(outcome === "rescheduled" ? {} : { startedBy: at.toISOString() }),
      ...(outcome === "done" ? { reportDueAt: reportDueAt(visit.endsAt, deliveryHours) } : {}),
      // «Reprogramada» takes the visit off both calendars; new times come with a new offer.
      ...(outcome === "rescheduled" ? { notices: visitNotices(at) } : {}),
    });
    return settled ? "settled" : "closed";
  }

  /** «Informe entregado»: a done visit's report clock closes, once. */
  async function deliverReport(leadId: string, visitId: string): Promise<boolean> {
    const visit = await rows.visit(visitId);
    if (!visit || visit.leadId !== leadId) return false;
    return rows.deliverReport(visitId, now().toISOString());
  }

  return { availability, offer, view, pick, cancel, reschedule, settleByOwner, deliverReport };
}

/** What the owner may say of a confirmed visit. */
export const ownerOutcomes = ["done", "no-show", "rescheduled"] as const;
export type OwnerOutcome = (typeof ownerOutcomes)[number];

export type VisitDesk = ReturnType<typeof createVisitDesk>;

const day = 86_400_000;
const contactOf = (lead: Lead | undefined) => ({
  email: lead?.contact.email ?? null,
  phone: lead?.contact.phone ?? null,
});
/** The offer's windows were checked against the owner's hours when offered; a pick checks notice only. */
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: "00:00", closes: "24:00" }));
