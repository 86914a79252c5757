/**
 * The tables of the lead service, as Kysely sees them. Times are ISO-8601 UTC
 * strings of fixed width ("2026-05-01T13:45:00.000Z"), so they sort and compare
 * the same way in SQLite and PostgreSQL (see docs/decisions/0009-lead-storage.md).
 */
import type { ColumnType, Generated } from "kysely";

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
export type InboxSessionsTable = {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  /** When this session last confirmed with a passkey, an authenticator code or a recovery code. */
  factor_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner last typed the password again in this session. */
  password_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When this session last confirmed with a trusted factor (past its waiting period; decision 0024). */
  trusted_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
};

/** The owner's passkeys: the credential's id and public key (base64url), never anything secret. */
export type InboxPasskeysTable = {
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (0 for passkeys that keep none). */
  counter: number | string;
  /** JSON array of the transports the browser reported. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Before this moment the passkey signs in but confirms no publication or factor change (decision 0024); null: trusted. */
  trusted_from: ColumnType<string | null, string | null | undefined, string | null>;
};

/**
 * The owner's authenticator apps, one row each (several may be enabled, side by side), and the
 * secrets drawn for a new one: pending (no `enabled_at`) until a first correct code.
 */
export type InboxTotpTable = {
  id: number;
  secret: string;
  enabled_at: string | null;
  /** A pending secret's owner: the SHA-256 of the session (or first sign-in) that drew it; null once enabled. */
  enroller_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time step whose code was accepted: no code of it or before it is accepted again. */
  last_step: ColumnType<number | string, number | undefined, number>;
  created_at: string;
  /** As a passkey's `trusted_from` (decision 0024). */
  trusted_from: ColumnType<string | null, string | null | undefined, string | null>;
};

/**
 * Every factor added or removed, in the owner's words, for the inbox to show to every other
 * session (an installed server sends no e-mail by default): `by_session` is the SHA-256 of the
 * session that made it, null when none did (a «no fui yo» resolved).
 */
export type InboxFactorChangesTable = { id: string; at: string; what: string; by_session: string | null };

/** Recovery codes by their SHA-256; used_at once spent. */
export type InboxRecoveryCodesTable = { code_hash: string; created_at: string; used_at: string | null };

/** One-use WebAuthn challenges, by the SHA-256 of the cookie that holds their key. */
export type InboxChallengesTable = {
  token_hash: string;
  purpose: string;
  challenge: string;
  /** The session that asked (registration, confirmation); null for a sign-in. */
  session_hash: string | null;
  created_at: string;
};

/** Sign-ins whose password was right and that wait for their second factor. */
export type InboxSecondStepsTable = {
  token_hash: string;
  device_hash: string | null;
  created_at: string;
  /**
   * A first sign-in (no factor yet, decision 0024): "code" until the single-use code is typed,
   * then "verified" while the first factor is enrolled; null for the second step of a sign-in.
   */
  enrolment: ColumnType<
    FirstSignInStage | null,
    FirstSignInStage | null | undefined,
    FirstSignInStage | null
  >;
};

export type FirstSignInStage = "code" | "verified";

/**
 * Single-use secrets that reach the owner another way (decision 0024), by their SHA-256:
 * `first-factor` codes (printed by `owner:password` or e-mailed) and `not-me` links
 * (the «no fui yo» of a factor-change e-mail, naming the change's moment).
 */
export type InboxOwnerCodesTable = {
  token_hash: string;
  purpose: "first-factor" | "not-me";
  change_at: string | null;
  created_at: string;
  expires_at: string;
};

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
  inbox_passkeys: InboxPasskeysTable;
  inbox_totp: InboxTotpTable;
  inbox_recovery_codes: InboxRecoveryCodesTable;
  inbox_challenges: InboxChallengesTable;
  inbox_second_steps: InboxSecondStepsTable;
  inbox_owner_codes: InboxOwnerCodesTable;
  inbox_factor_changes: InboxFactorChangesTable;
  weekly_summaries: WeeklySummariesTable;
  backup_changes: BackupChangesTable;
  backup_state: BackupStateTable;
  site_fact_drafts: SiteFactDraftsTable;
  site_versions: SiteVersionsTable;
  site_tower_drafts: SiteTowerDraftsTable;
  site_photo_files: SitePhotoFilesTable;
  site_photo_drafts: SitePhotoDraftsTable;
  site_version_photos: SiteVersionPhotosTable;
};

/** A tower the owner edited and has not published yet: its whole override as JSON (decision 0020). */
export type SiteTowerDraftsTable = { slug: string; value: string; updated_at: string };

/** An uploaded photo's master (JPEG, 16:10, no metadata), by the SHA-256 of its bytes. */
export type SitePhotoFilesTable = {
  hash: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: string;
};

/** A photo not yet published, per slot ("tower/<slug>"); hash null: back to the generated artwork. */
export type SitePhotoDraftsTable = {
  slot: string;
  hash: string | null;
  alt_es: string;
  alt_en: string;
  updated_at: string;
};

/** Every version's photos (JSON {slot: {hash, altEs, altEn}}) and their changes (JSON list). */
export type SiteVersionPhotosTable = { version_id: string; photos: string; changes: string };

/** A business fact the owner edited and has not published yet (decision 0020). */
export type SiteFactDraftsTable = { variable: string; value: string; updated_at: string };

export const siteVersionKinds = ["publicación", "restauración"] as const;
export type SiteVersionKind = (typeof siteVersionKinds)[number];
/** `building` until its pages are ready; `failed` when the build did not finish (never served). */
export type SiteVersionState = "building" | "ready" | "failed";

/**
 * Every publication and undo: who, when, what changed (JSON list of
 * {variable, before, after}), the edited facts it was built from (JSON object),
 * and the build whose pages it serves (its own, or the restored version's).
 */
export type SiteVersionsTable = {
  id: string;
  number: number;
  created_at: string;
  published_by: string;
  kind: SiteVersionKind;
  restored_number: number | null;
  facts: string;
  changes: string;
  build_id: string;
  state: SiteVersionState;
  /** The tower overrides it was built from (JSON object by slug; migration 0011). */
  towers: Generated<string>;
  /** What changed in the towers (JSON list of {slug, name, fact, before, after}). */
  tower_changes: Generated<string>;
};

/** A row changed since the last off-site copy: its table and its key (JSON array of the key's values). */
export type BackupChangesTable = { id: Generated<number>; table_name: string; row_key: string };

/** The backup's own state (lease, newest copy, drill), one JSON value per key; never in a backup. */
export type BackupStateTable = { key: string; value: string };

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
