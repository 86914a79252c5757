import type { Selectable } from "kysely";

import type { LeadValues } from "#app/features/leads/forms/types.ts";
import type {
  HandoffOutcome,
  LeadDevice,
  LeadStatus,
  LeadsTable,
  NotificationChannel,
  NotificationState,
} from "./schema.ts";

/** A lead as the service and the inbox see it, and how it maps to and from its row. */

export type Lead = {
  id: string;
  receivedAt: Date;
  formId: string;
  page: string | null;
  values: LeadValues;
  handoff: HandoffOutcome;
  clientIpHash: string;
  userAgent: string | null;
  status: LeadStatus;
  notification: NotificationState;
  contact: Contact;
  origin: LeadOrigin;
};

/** Where the visit that sent the lead began (decision 0016); each part null when unknown. */
export type LeadOrigin = {
  /** The site's page the visit landed on. */
  landing: string | null;
  /** The referring site's host only, never its address. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  lang: string | null;
  device: LeadDevice | null;
};

export const unknownOrigin: LeadOrigin = {
  landing: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  lang: null,
  device: null,
};

export type Contact = { name: string | null; email: string | null; phone: string | null };

export type NewLead = {
  receivedAt: Date;
  formId: string;
  page: string | null;
  values: LeadValues;
  handoff: HandoffOutcome;
  clientAddress: string;
  userAgent: string | null;
  spam: boolean;
  contact: Contact;
  /** Unknown when left out (leads loaded in bulk). */
  origin?: LeadOrigin;
  /** The notifications to queue in the same transaction (none for spam). */
  notify: readonly NotificationChannel[];
};

export type LeadFilter = {
  formId?: string;
  /** Without a status, every lead except spam. */
  status?: LeadStatus;
  /** Part of a name, e-mail or phone; case, accents and phone punctuation do not matter. */
  search?: string;
  /** Only these hand-off outcomes (the inbox's "to call back"). */
  handoff?: readonly HandoffOutcome[];
  /** Only leads received at or after this moment (the inbox's "this week"). */
  receivedFrom?: Date;
  /** Only leads received after this moment (the inbox's live updates). */
  receivedAfter?: Date;
  /** Only leads received before this moment (leads waiting past the promised 48 h). */
  receivedBefore?: Date;
};

export type Page = { limit: number; offset: number };

/** A lead still `nuevo` with one of these outcomes never reached WhatsApp with its message: call it back. */
export const callBackHandoffs: readonly HandoffOutcome[] = ["tab-refused", "no-script"];

export type LeadCounts = {
  /** Status `nuevo`. */
  new: number;
  /** Received since Monday 00:00 in Buenos Aires, spam excluded. */
  thisWeek: number;
  /** Still `nuevo`, and the WhatsApp tab was refused or the form was posted without JavaScript. */
  toCallBack: number;
};

export function toLead(row: Selectable<LeadsTable>): Lead {
  return {
    id: row.id,
    receivedAt: new Date(row.received_at),
    formId: row.form_id,
    page: row.page,
    values: JSON.parse(row.answers) as LeadValues,
    handoff: row.handoff,
    clientIpHash: row.client_ip_hash,
    userAgent: row.user_agent,
    status: row.status,
    notification: row.notification,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    origin: {
      landing: row.origin_landing,
      referrer: row.origin_referrer,
      utmSource: row.origin_utm_source,
      utmMedium: row.origin_utm_medium,
      utmCampaign: row.origin_utm_campaign,
      lang: row.origin_lang,
      device: row.origin_device,
    },
  };
}

export function originColumns(origin: LeadOrigin) {
  return {
    origin_landing: origin.landing,
    origin_referrer: origin.referrer,
    origin_utm_source: origin.utmSource,
    origin_utm_medium: origin.utmMedium,
    origin_utm_campaign: origin.utmCampaign,
    origin_lang: origin.lang,
    origin_device: origin.device,
  };
}

/** Times are stored as fixed-width ISO-8601 UTC strings (schema.ts). */
export function iso(date: Date): string {
  return date.toISOString();
}
