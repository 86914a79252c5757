import { createContext, type RouterContextProvider } from "react-router";

import type { ReportDue, ReportState } from "../../lib/report-clock.ts";

/**
 * What the owner's visit pages read and do (decision 0039): the availability at /bandeja/agenda
 * and «Proponer visita» on a lead. The server's visits feature implements it
 * (server/visits/agenda-service.ts) and hands it to each inbox request beside the inbox's host.
 */
export type AgendaDay = { weekday: number; name: string; on: boolean; opens: string; closes: string };

export type AgendaView = {
  days: AgendaDay[];
  bufferMinutes: number;
  noticeHours: number;
  durationMinutes: number;
  offerHours: number;
  /** One exception a line: "2026-12-24 cerrado" or "2026-12-26 10:00-13:00". */
  exceptions: string;
};

export type OfferSummary = {
  createdAtText: string;
  expiresAtText: string;
  stateText: string;
  windows: string[];
  visitText?: string;
  /** The visit picked from the offer, and what the owner may say of it (decision 0043). */
  visit?: VisitAfter;
};

/** A visit as the owner's after-visit buttons need it. */
export type VisitAfter = {
  id: string;
  state: "confirmed" | "cancelled" | "done" | "no-show" | "rescheduled";
  /** Begun by the service's clock: «Visita hecha» and «No vino» may be said. */
  started: boolean;
  /** A done visit's report: due, late or delivered, and when it is promised by. */
  report?: { state: ReportState; due: ReportDue };
};

/** A done visit whose report has not gone out (the agenda's list, decision 0043). */
export type ReportToDeliver = {
  visitId: string;
  leadId: string;
  clientName: string;
  /** The visit, Buenos Aires time. */
  visitText: string;
  state: "due" | "late";
  due: ReportDue;
};

/** The owner's buttons after a visit, as their forms post them. */
export const afterVisitIntents = ["hecha", "no-vino", "reprogramada", "informe"] as const;
export type AfterVisitIntent = (typeof afterVisitIntents)[number];
/** Marked; refused because the visit has not begun; or the visit is no longer in that state. */
export type AfterVisitOutcome = "marked" | "not-started" | "closed";

export type LeadVisitsView = {
  leadName: string;
  lang: "es" | "en";
  hasEmail: boolean;
  durationMinutes: number;
  offers: OfferSummary[];
  /** Windows already offered to other leads and still open: the owner may offer them again. */
  offeredElsewhere: string[];
};

export type OfferMade = {
  link: string;
  whatsappUrl?: string;
  /** Whether the offer also went by e-mail: sent, refused by the mail server, no address, or no mail configured. */
  emailed: "sent" | "failed" | "no-address" | "no-mail-server";
  windows: string[];
};

/** A reminder for a client who left only a phone: the owner sends it by WhatsApp with one tap. */
export type WhatsAppReminder = {
  id: string;
  clientName: string;
  /** «24 h antes», «2 h antes». */
  kindText: string;
  /** The visit, Buenos Aires time. */
  visitText: string;
  /** wa.me with the message written in the client's language. */
  whatsappUrl: string;
};

/**
 * A person's visits for their data export (decision 0042): one row per offer made to any of their
 * leads, with its visit when they picked one, labelled as the owner's papers label them.
 */
export type PersonVisitsTable = { title: string; header: string[]; rows: string[][] };

export type VisitAgendaService = {
  /** The visits (and offers) of these leads, for the person's export; no rows when there are none. */
  personVisits(leadIds: readonly string[]): Promise<PersonVisitsTable>;
  agenda(): Promise<AgendaView>;
  saveAgenda(form: Record<string, string>): Promise<{ problem?: string }>;
  forLead(leadId: string): Promise<LeadVisitsView | undefined>;
  propose(
    leadId: string,
    windows: { date: string; start: string; minutes: number }[],
  ): Promise<OfferMade | { problem: string }>;
  /** The WhatsApp reminders due and not yet sent, before their visits begin. */
  whatsappReminders(): Promise<WhatsAppReminder[]>;
  /** Records one as sent and gives its wa.me link; undefined when it was already sent or is gone. */
  sendWhatsAppReminder(id: string): Promise<string | undefined>;
  /** «Visita hecha», «No vino», «Reprogramada» or «Informe entregado» for one of a lead's visits. */
  afterVisit(leadId: string, visitId: string, intent: AfterVisitIntent): Promise<AfterVisitOutcome>;
  /** The reports still to deliver, due and late, the soonest promised first. */
  reportsToDeliver(): Promise<ReportToDeliver[]>;
  /** Whether the owner's calendar has a secret address yet, and since when (Buenos Aires text). */
  calendarFeed(): Promise<{ createdAtText: string } | undefined>;
  /** A new secret address for her calendar, shown once; the previous one stops working. */
  replaceCalendarFeed(): Promise<{ httpsUrl: string; webcalUrl: string }>;
};

export const visitsContext = createContext<VisitAgendaService | null>(null);

export function requireVisits(context: Readonly<RouterContextProvider>): VisitAgendaService {
  const visits = context.get(visitsContext);
  if (!visits) throw new Response("La agenda de visitas no está activa en este servidor.", { status: 404 });
  return visits;
}
