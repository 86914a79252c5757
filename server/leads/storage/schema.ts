/**
 * The tables of the lead service, as Kysely sees them. Times are ISO-8601 UTC
 * strings of fixed width ("2026-05-01T13:45:00.000Z"), so they sort and compare
 * the same way in SQLite and PostgreSQL (see docs/decisions/0009-lead-storage.md).
 */
import type { HandoffOutcome, LeadStatus } from "#app/lib/lead-states.ts";
import { visitKinds, type VisitKind } from "#app/lib/visit-beacon.ts";

// The lead's states, one list for the service, the inbox and the forms' script.
export { handoffOutcomes, leadStatuses, type HandoffOutcome, type LeadStatus } from "#app/lib/lead-states.ts";

/** Whether the owner has been told: every channel delivered, still trying, given up, or nothing to do. */
export const notificationStates = ["pending", "sent", "failed", "not-configured", "skipped"] as const;
export type NotificationState = (typeof notificationStates)[number];

export const notificationChannels = ["email", "webhook"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export type LeadsTable = {
  id: string;
  received_at: string;
  form_id: string;
  page: string | null;
  /** JSON object: field name → string, or list of strings for checkbox groups. */
  answers: string;
  handoff: HandoffOutcome;
  /** HMAC-SHA256 of the client address with a key kept in `settings`; never the address itself. */
  client_ip_hash: string;
  user_agent: string | null;
  status: LeadStatus;
  notification: NotificationState;
  /** Contact fields as typed, copied out of `answers` so the inbox can list and search them. */
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** Lower-cased e-mail: exact match for a data-subject request. */
  email_key: string | null;
  /** Last eight digits of the phone: "11 5555-5555" and "+54 9 11 5555 5555" match. */
  phone_key: string | null;
  /** Name, e-mail and phone, lower-cased and without accents, for the inbox search. */
  search_text: string;
  /** Where the visit began (decision 0016): the site's page it landed on, the referring host, the campaign. */
  origin_landing: string | null;
  origin_referrer: string | null;
  origin_utm_source: string | null;
  origin_utm_medium: string | null;
  origin_utm_campaign: string | null;
  origin_lang: string | null;
  origin_device: LeadDevice | null;
};

export const leadDevices = ["phone", "computer"] as const;
export type LeadDevice = (typeof leadDevices)[number];

/** What a visit beacon counts (app/lib/visit-beacon.ts). */
export { visitKinds, type VisitKind };

/**
 * Visits counted per day (Buenos Aires date, "2026-05-01"), page and kind: counts only, nothing
 * about who visited. At most the site's pages times the kinds, a day.
 */
export type VisitPagesTable = {
  day: string;
  page: string;
  lang: string;
  kind: VisitKind;
  count: number;
};

/**
 * Visits counted per day, kind and source (the referring host and campaign at landing; "" is none):
 * the day's most frequent sources by name, the rest in one "otros" row (decision 0017).
 */
export type VisitSourcesTable = {
  day: string;
  kind: VisitKind;
  referrer: string;
  campaign: string;
  count: number;
  seen_at: string;
};

export type OutboxTable = {
  id: string;
  lead_id: string;
  channel: NotificationChannel;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  /** Set when the retries are exhausted: the row stays for the owner to see, and is never tried again. */
  given_up_at: string | null;
  created_at: string;
};

export type SettingsTable = { key: string; value: string };

/** The owner of the inbox: one row (id 1), created or reset from the command line. */
export type InboxOwnerTable = { id: number; email: string; password_hash: string; updated_at: string };

/** Signed-in sessions, by the SHA-256 of their id: the id itself is only ever in the owner's cookie. */
export type InboxSessionsTable = { id_hash: string; created_at: string; last_seen_at: string };

/** Browsers the owner has signed in from (SHA-256 of their device cookie): spared the per-account login delay. */
export type InboxDevicesTable = { token_hash: string; created_at: string; last_used_at: string };

/** Consecutive failed logins per key (`address:…`, `account:…`, `device:…`), for growing delays. */
export type InboxLoginFailuresTable = { key: string; failures: number; last_failure_at: string };

/** One token bucket of the shared rate limit (PostgreSQL): tokens left at `at_ms`, and the last decision. */
export type RateLimitBucketsTable = { key: string; tokens: number; at_ms: number; allowed: boolean };

export type LeadDatabase = {
  leads: LeadsTable;
  outbox: OutboxTable;
  rate_limit_buckets: RateLimitBucketsTable;
  settings: SettingsTable;
  inbox_owner: InboxOwnerTable;
  inbox_sessions: InboxSessionsTable;
  inbox_devices: InboxDevicesTable;
  inbox_login_failures: InboxLoginFailuresTable;
  visit_pages: VisitPagesTable;
  visit_sources: VisitSourcesTable;
  weekly_summaries: WeeklySummariesTable;
};

/** The owner's weekly summary, by its week's Monday ("2026-05-04"), with the outbox's retry columns. */
export type WeeklySummariesTable = {
  week: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  created_at: string;
};
