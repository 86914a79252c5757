/**
 * What the inbox needs from the server that runs it, and the shapes of the
 * data it gets back: plain, already labelled and formatted, so the pages only
 * lay it out. The server implements this (server/inbox/inbox-service.ts) on
 * the lead storage and the forms' definitions; its types are checked against
 * these when it hands the service over.
 */
import type { SecondFactorService } from "./second-factor.ts";

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
  /** The period's leads through the visit to the report (decision 0043); null without the visits feature. */
  funnel: VisitFunnel | null;
};

/** One row of the visits' funnel: the leads of a page, source or tower and how far each got. */
export type FunnelRow = {
  key: string;
  label: string;
  leads: number;
  /** Leads offered at least one visit. */
  offered: number;
  /** Leads whose client picked a time. */
  confirmed: number;
  /** Leads whose visit was marked «Visita hecha». */
  done: number;
  /** Leads whose report was marked delivered. */
  delivered: number;
};

export type VisitFunnel = {
  totals: FunnelRow;
  pages: FunnelRow[];
  sources: FunnelRow[];
  towers: FunnelRow[];
};

export type LoginResult =
  | { outcome: "signed-in"; sessionToken: string; newDeviceToken?: string }
  /** The password was right and a second factor exists: the sign-in waits for it. */
  | { outcome: "second-factor"; stepToken: string }
  /** The password was right and no factor exists yet: the first sign-in asks for its code (decision 0024). */
  | { outcome: "first-factor"; stepToken: string }
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/**
 * The off-site copy at a glance (decision 0019), formatted: how long ago everything was last
 * copied ("hace 40 s") and the last restore the service verified ("lunes 08:10", its lead count).
 */
export type BackupGlance =
  | { state: "off" }
  | {
      state: "ok" | "retrying" | "stalled" | "behind" | "drill-failed";
      /** "hace 40 s"; null before the first copy. */
      copiedAgo: string | null;
      verified: { when: string; leads: string } | null;
      /** Changes waiting to be copied. */
      pending: number;
      /** The last failure in one line, while it lasts. */
      problem: string | null;
      /** This installation's chain, as a restore names it («a1b2c3d4»); null before the first copy. */
      installation: string | null;
    };

/**
 * One problem deploy/doctor.sh found on the server (decision 0027): the part of the server, and
 * when the check saw it (Buenos Aires time). The doctor's own words are the administrator's, with
 * commands; the inbox says it in the owner's (decision 0035).
 */
export type ServerFinding = { part: string; seenText: string | null };

export type SessionCheck = { state: "valid"; email: string } | { state: "expired" | "unknown" };

export type InboxService = {
  /** The business name the site is published under now (the inbox's titles say whose it is). */
  businessName(): string;
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
  /** Passkeys, authenticator codes, recovery codes and the fresh confirmation (decision 0018). */
  secondFactor: SecondFactorService;

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
  /** The off-site copy's state, shown on every inbox page. */
  backup(): Promise<BackupGlance>;
  /** What the server's last check (deploy/doctor.sh) found wrong, shown on every inbox page. */
  serverFindings?(): Promise<ServerFinding[]>;
  /** The site's editor, where this server can publish (`npm start` with the lead service). */
  site?: SiteEditor;
  /** The catalogue's photos (/bandeja/sitio/fotos), published with the facts by the same editor. */
  sitePhotos?: SitePhotoEditor;
};

/** One business fact in the site's editor (/bandeja/sitio). */
export type SiteFactField = {
  variable: string;
  label: string;
  hint?: string;
  input: "text" | "tel" | "email" | "url" | "number" | "time" | "days";
  /** What the public pages show now: published, else the deployment's value, else the example. */
  published: string;
  /** The same, as the owner reads it («Lunes, Martes» for the days). */
  publishedText: string;
  /** The owner's value not yet published. */
  draft?: string;
  /** Still the fictional example of a fresh install. */
  holdsExample: boolean;
};

/**
 * One change a publication makes: a value's before → after, or, for an item added or retired as a
 * whole (a tower), what happened to it (`event`), with no before to show.
 */
export type SiteChange = { label: string; before: string; after: string; event?: string };

export type SiteVersionEntry = {
  number: number;
  /** "14/05/2026 12:00", Buenos Aires time. */
  whenText: string;
  by: string;
  /** "Publicación" or "Restauración de la versión 2". */
  what: string;
  /** The version it brought back (0: the installation's values); absent for a publication. */
  restoredNumber?: number;
  changes: SiteChange[];
  /** The version the public pages show now. */
  current: boolean;
};

/** One thing before launch (`npm run check:release`), with where it is fixed when the inbox can fix it. */
export type ChecklistEntry = {
  text: string;
  href?: string;
  /** What is known so far (a tower fact's note: the sources and where they disagree). */
  note?: string;
};

export type SiteEditorView = {
  fields: SiteFactField[];
  /** What «Publicar» would change. */
  pending: SiteChange[];
  /** Fingerprint of the pending changes: a publication carries it and goes only if they still match. */
  pendingSignature: string;
  history: SiteVersionEntry[];
  checklist: ChecklistEntry[];
  /** Something has been published, so the installed values can be restored. */
  canRestoreInstalled: boolean;
  /** The pages the last preview changed, while it still shows the drafts as they are. */
  preview?: string[];
  /** The site's public address, set by whoever installs the server; the owner only reads it. */
  siteAddress: { url: string; example: boolean };
};

export type PublishOutcome = { ok: true; number: number } | { ok: false; message: string };

/** What the owner starts from /bandeja/sitio that takes a build's time, or waits for a confirmation. */
export type PublicationWork =
  /** `shown`: the signature of the changes the page showed (SiteEditorView's `pendingSignature`). */
  { kind: "publicar"; shown?: string } | { kind: "vista-previa" } | { kind: "deshacer"; version: number };

/** A publication or preview under way or just finished, as its page shows it. */
export type PublicationProgressView = {
  id: string;
  work: PublicationWork;
  state: "en-curso" | "listo" | "fallo";
  /** Since it began, or what it took once finished. */
  seconds: number;
  /** The version published. */
  number?: number;
  /** The pages a preview changed. */
  pages?: number;
  /** Why it did not happen, in the owner's words. */
  message?: string;
};

/**
 * The site's facts, drafts, publications and undos (decision 0020). Absent
 * where the server cannot rebuild the site (a static-host deployment).
 */
export type SiteEditor = {
  view(): Promise<SiteEditorView>;
  /** Stores the valid values as drafts; returns the problem of each invalid one (not stored), by variable. */
  saveDrafts(values: Record<string, string>): Promise<Record<string, string>>;
  discardDrafts(): Promise<void>;
  publish(actor: string): Promise<PublishOutcome>;
  /** Builds the drafts for the owner's eyes only; the pages that change. */
  preview(): Promise<{ ok: true; pages: string[] } | { ok: false; message: string }>;
  /** The HTML of a page of the last preview (only a page it changed). */
  previewPage(path: string): Promise<string | undefined>;
  /** Serves an earlier version again; 0 = the installation's values. */
  undo(number: number, actor: string): Promise<PublishOutcome>;
  /** Starts a publication or a preview and answers at once, with the id its progress is read by. */
  start(work: PublicationWork, actor: string): { ok: true; id: string } | { ok: false; message: string };
  progress(id: string): PublicationProgressView | undefined;
  /** The publication or preview under way, if any. */
  running(): PublicationProgressView | undefined;
  /**
   * Keeps a publication or undo for after the owner's confirmation: the token its way back names,
   * good only for `holder`, the session that asked (its session token; decision 0035).
   */
  hold(work: PublicationWork, holder: string): string;
  /** The work held under a token for this session, left held: the page that shows it before it goes on. */
  held(token: string, holder: string): PublicationWork | undefined;
  /** The work held under a token for this session, once. */
  resume(token: string, holder: string): PublicationWork | undefined;
  /** Every tower as the next publication would show it, with how many facts are still to confirm. */
  towers(): Promise<TowerListEntry[]>;
  /** One tower's facts, each with its value, source and whether it is confirmed; undefined if unknown. */
  tower(slug: string): Promise<TowerEditorView | undefined>;
  /** One owner action on a tower, stored as a draft; the problems by field when refused. */
  editTower(slug: string, action: TowerAction): Promise<TowerEditOutcome>;
};

/** A tower in the inbox's tower list (/bandeja/sitio/torres). */
export type TowerListEntry = {
  slug: string;
  name: string;
  /** Facts still «a confirmar». */
  pending: number;
  /** Of those, the ones «confirmar todo» confirms (an empty address or amenities wait for a value). */
  confirmable: number;
  state: "catálogo" | "agregada" | "retirada";
  underConstruction: boolean;
  /** It has changes not yet published. */
  draft: boolean;
};

export type TowerFactView = {
  fact: string;
  label: string;
  hint?: string;
  /** As the owner writes it ("41, 50"); "" when unknown. */
  value: string;
  source: string;
  confirmed: boolean;
  /** Edited as text here; the others (coordinates) only confirmed. */
  editable: boolean;
};

export type TowerEditorView = {
  slug: string;
  name: string;
  state: TowerListEntry["state"];
  underConstruction: boolean;
  draft: boolean;
  facts: TowerFactView[];
  /** How a visitor gets into the building (decision 0044): for the visits, never on the public page. */
  access: TowerAccessView[];
};

/** One of the building's access facts as its form field shows it. */
export type TowerAccessView = {
  /** The fact («visitHours»): a refusal names it. */
  field: string;
  /** The form's field name («acceso-horario»). */
  input: string;
  label: string;
  hint?: string;
  /** As the field holds it: «si»/«no»/«» for the guard's list, «09:00-18:00» for the hours. */
  value: string;
};

export type TowerAction =
  /**
   * A fact confirmed; `value` is what its field holds when confirmed from it: typed
   * differently from the stored value, it is a correction (what the owner typed is kept).
   */
  | { kind: "confirmar"; fact: string; value?: string }
  /** Every fact still to confirm that has a value (an empty address or list stays to confirm). */
  | { kind: "confirmar-todo" }
  | { kind: "corregir"; fact: string; value: string }
  | { kind: "estado"; underConstruction: boolean }
  | { kind: "retirar" }
  | { kind: "restituir" }
  | { kind: "agregar"; values: Record<string, string> }
  /** The building's access, the whole form at once (its field names, `acceso-…`). */
  | { kind: "acceso"; values: Record<string, string> };

export type TowerEditOutcome =
  { ok: true; slug: string } | { ok: false; message: string; problems: Record<string, string> };
/** One place a photo can take (a tower, a property type), as /bandeja/sitio/fotos shows it. */
export type SitePhotoSlotView = {
  key: string;
  /** «Torre Alvear Tower», «Tipo de propiedad: Loft». */
  label: string;
  /** The public page where it shows. */
  pagePath: string;
  /** What the public pages show now. */
  published: { src: string; photo: boolean; alt?: { es: string; en: string } };
  /** What «Publicar» would put there: a new photo or new texts, or the artwork back. */
  draft?: { src: string; photo: boolean; alt?: { es: string; en: string } };
};

export type SitePhotosView = {
  slots: SitePhotoSlotView[];
  /** The file input's `accept` and the formats in words («JPEG, PNG o WebP»), as this server reads them. */
  accept: string;
  formats: string;
  heic: boolean;
  maxMegabytes: number;
  minSize: string;
};

export type PhotoUploadOutcome =
  | { ok: true; slot: string }
  | {
      ok: false;
      slot: string | undefined;
      message: string;
      alt: { es: string; en: string };
      /** The upload stopped arriving (no byte for the server's stall limit): answered 408. */
      stalled?: boolean;
    };

/** The owner's photos (decision 0020, photos): drafts until «Publicar» at /bandeja/sitio. */
export type SitePhotoEditor = {
  view(): Promise<SitePhotosView>;
  /** Reads the multipart form as it streams (the byte limit enforced while reading) and stores the draft. */
  upload(body: ReadableStream<Uint8Array> | null, contentType: string | null): Promise<PhotoUploadOutcome>;
  /** A draft that brings the generated artwork back to a slot. */
  backToArtwork(slot: string): Promise<boolean>;
  /** A stored master (JPEG), by its hash, for the inbox's thumbnails. */
  photo(hash: string): Promise<Uint8Array | undefined>;
  /** An image of the last preview's build ("/generated/towers/…"), for its pages seen in the inbox. */
  previewImage(path: string): Promise<{ bytes: Uint8Array; type: string } | undefined>;
};
