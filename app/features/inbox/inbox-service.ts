/**
 * What the inbox needs from the server that runs it, and the shapes of the
 * data it gets back: plain, already labelled and formatted, so the pages only
 * lay it out. The server implements this (server/inbox/inbox-service.ts) on
 * the lead storage and the forms' definitions; its types are checked against
 * these when it hands the service over.
 */

import type { HandoffOutcome, LeadStatus } from "../../lib/lead-states.ts";

export type { HandoffOutcome, LeadStatus };

export type LeadQuery = {
  formId?: string;
  /** Without a status, every lead except spam. */
  status?: LeadStatus;
  /** Only leads still `nuevo` whose WhatsApp tab was refused or never offered by script. */
  toCallBack?: boolean;
  /** Only leads received since Monday 00:00, Buenos Aires time (the "this week" count). */
  thisWeek?: boolean;
  /** Part of a name, e-mail or phone. */
  search?: string;
};

export type LeadSummary = {
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** "14/05/2026, 12:00", Buenos Aires time. */
  receivedAtText: string;
  formId: string;
  formTitle: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  status: LeadStatus;
  handoff: HandoffOutcome;
  /** What happened to the WhatsApp hand-off, in words (the same as the e-mail notification). */
  handoffText: string;
};

export type Answer = { label: string; value: string };

export type LeadDetail = LeadSummary & {
  /** Every answer, labelled as the form shows it, in the form's order; unknown fields last, by name. */
  answers: Answer[];
  page: string | null;
  /** Where the visit began: landing page, referring host, campaign, language, device (labelled). */
  origin: Answer[];
  userAgent: string | null;
  notification: "pending" | "sent" | "failed" | "not-configured" | "skipped";
};

export type LeadPage = { leads: LeadSummary[]; total: number };

export type LeadCounts = {
  new: number;
  /** Received since Monday 00:00, Buenos Aires time. */
  thisWeek: number;
  toCallBack: number;
};

/** The periods of /bandeja/resultados, as they appear in its address (?periodo=). */
export const resultPeriods = ["semana", "4-semanas", "12-meses"] as const;
export type ResultPeriod = (typeof resultPeriods)[number];

/** One row of the results: what was counted, and leads / visits (null without visits). */
export type ResultRow = {
  /** A page's path, a source ("l.instagram.com", "campaña otono"), or a week's first day. */
  key: string;
  /** The tower's name, a week's "04/05": what the key means in words. */
  label: string;
  visits: number;
  formsOpened: number;
  /** Taps on a WhatsApp link, counted by the beacon. */
  whatsappTaps: number;
  /** Stored leads, spam excluded. */
  leads: number;
  /** Of those, the ones whose WhatsApp tab opened with the message. */
  leadsToWhatsApp: number;
  /** leads / visits, 0-1. */
  conversion: number | null;
};

export type Results = {
  period: ResultPeriod;
  /** First and last day, "04/05/2026", Buenos Aires dates. */
  fromText: string;
  toText: string;
  totals: ResultRow;
  /** One row per week (Monday first), oldest first. */
  weeks: ResultRow[];
  pages: ResultRow[];
  sources: ResultRow[];
  /** Tower pages, both languages. */
  towers: ResultRow[];
  /** Still "nuevo" after the promised 48 h, oldest first (at most 50), and how many in all. */
  waiting: LeadSummary[];
  waitingTotal: number;
};

export type LoginResult =
  | { outcome: "signed-in"; sessionToken: string; newDeviceToken?: string }
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export type SessionCheck = { state: "valid"; email: string } | { state: "expired" | "unknown" };

export type InboxService = {
  /** Undefined until the owner account is created from the command line. */
  ownerEmail(): Promise<string | undefined>;
  login(attempt: {
    email: string;
    password: string;
    address: string;
    deviceToken: string | undefined;
  }): Promise<LoginResult>;
  checkSession(token: string | undefined, options: { touch: boolean }): Promise<SessionCheck>;
  logout(token: string | undefined): Promise<void>;

  /** /bandeja/resultados: visits and leads of the period, per week, page, source and tower. */
  results(period: ResultPeriod): Promise<Results>;

  /** The forms leads come from, for the filter: stored id and title. */
  forms: readonly { id: string; title: string }[];
  list(query: LeadQuery, page: { limit: number; offset: number }): Promise<LeadPage>;
  /** Leads matching the query received after `since` (ISO), newest first: what appeared since the page loaded. */
  receivedSince(query: LeadQuery, since: string): Promise<LeadSummary[]>;
  counts(): Promise<LeadCounts>;
  lead(id: string): Promise<LeadDetail | undefined>;
  setStatus(ids: readonly string[], status: LeadStatus): Promise<number>;
  remove(ids: readonly string[]): Promise<number>;
  /** Every lead of one person, by e-mail (any case) or phone (any punctuation). */
  findByContact(contact: { email?: string; phone?: string }): Promise<LeadSummary[]>;
  /** CSV (UTF-8 with BOM, formula-safe) of the leads matching a query, or of the given ids. */
  csv(selection: { query: LeadQuery } | { ids: readonly string[] }): Promise<string>;
  /** How long leads are kept (LEADS_RETENTION_MONTHS). */
  retentionMonths: number;
};
