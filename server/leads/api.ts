import type { IncomingMessage, ServerResponse } from "node:http";

import { composeMessage } from "#app/features/leads/compose-message.ts";
import { buildWhatsAppUrl } from "#app/lib/whatsapp.ts";
import { langOf, type Lang } from "#app/site-map.ts";
import { visitBeaconPath } from "#app/lib/visit-beacon.ts";
import { answerPreflight, originPolicy } from "../http/cors.ts";
import { seeOther, sendHtml, sendJson } from "../http/reply.ts";
import type { ServiceForms } from "./forms.ts";
import { correctionPage, errorPage, fillHandoffLink } from "./pages.ts";
import type { ServiceConfig } from "./service-config.ts";
import type { Lead, Handles } from "../storage/store.ts";
import { answerCopy, createSubmitLead, type Refusal } from "./submit-lead.ts";
import { holdsSecret } from "./client-address.ts";
import { pagePath } from "./submission.ts";
import { createVisitBeacon } from "../insight/visit-beacon.ts";
import type { BackupStatus } from "../backup/backup-state.ts";
import type { PublishedSite } from "../site/published-site.ts";

/**
 * The lead service's HTTP side: `POST /api/form/submit/{formId}` (the spec's
 * contract, see docs/decisions/0009-lead-storage.md), `GET /api/health`, and
 * the WhatsApp link of `/gracias?envio={id}`. A 2xx (or the 303 of a native
 * post) is only ever sent after the lead is committed.
 */
export type LeadApiOptions = {
  store: Handles<"leads" | "visits" | "health" | "kind" | "rateBuckets">;
  forms: ServiceForms;
  config: ServiceConfig;
  /** The site's canonical origin: the one other origin whose browsers may post (CORS). */
  siteUrl: string;
  /**
   * Where a native post lands, in the language of the page it came from:
   * "/gracias" (or "/en/thank-you") on the same origin, or the site's absolute URL.
   */
  thankYouUrls: Record<Lang, string>;
  /**
   * The site published now, read at each use (decision 0025): the WhatsApp number and the
   * name the service's own pages carry, the pages the visit counter counts.
   */
  published: () => Pick<PublishedSite, "site" | "pagePaths">;
  /** Stylesheet links of the built site, for the service's own error pages. */
  stylesheets: readonly string[];
  /** Called after each stored lead: the outbox worker delivers right away instead of at its next poll. */
  onStored?: () => void;
  /** The off-site copy's state, for health's `backup` member (absent: backups off). */
  backupStatus?: () => Promise<BackupStatus>;
  now?: () => Date;
  /** Where the cause of every 5xx goes (the process's log: stderr). */
  log?: (line: string) => void;
};

/** How long after the submission the thank-you page still shows the visitor's own message. */
export const handoffLinkMinutes = 30;

/**
 * The header in which the doctor (deploy/doctor.sh, as root) sends LEADS_PROXY_SECRET for
 * health's details. nginx never sets it, so only who can read the environment file can.
 */
export const healthDetailsHeader = "x-health-details";

/** Where each form posts (the spec's contract). */
export const submitPath = /^\/api\/form\/submit\/([^/]+)$/;

export function createLeadApi(options: LeadApiOptions) {
  const { store, forms, config } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  const origins = originPolicy(options.siteUrl, pagePath);
  const submitLead = createSubmitLead({
    store,
    forms,
    config,
    origins,
    siteUrl: options.siteUrl,
    now,
    log,
    onStored: options.onStored,
  });
  const countVisit = createVisitBeacon({
    store,
    config,
    origins,
    now,
    pagePaths: () => options.published().pagePaths,
  });
  const whatsappNumber = () => options.published().site.whatsappNumber;

  /** Answers every /api/ request. */
  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === "/api/health") return health(request, response);
    if (url.pathname === visitBeaconPath) return countVisit(request, response);
    const match = submitPath.exec(url.pathname);
    if (!match) return sendJson(response, 404, { ok: false, error: "No existe." });
    return submit(request, response, url, safeDecode(match[1]!));
  }

  async function health(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return sendJson(response, 405, { ok: false, error: "Método no permitido." });
    }
    const health = await store.health();
    if (!health.ok) log(`GET /api/health 503: ${health.cause}`);
    const status = health.ok ? 200 : 503;
    // The public (a load balancer) learns whether leads can be stored, nothing more; the doctor
    // sends the server's secret for the database's cause and the off-site copy's state.
    if (!(config.proxySecret && holdsSecret(request.headers[healthDetailsHeader], config.proxySecret)))
      return sendJson(response, status, { ok: health.ok }, request.method === "HEAD");
    // `ok` stays about storing leads: a backup behind never turns a working service into a 503.
    const backup = await backupHealth(options.backupStatus);
    sendJson(
      response,
      status,
      health.ok
        ? { ok: true, database: "ok", backup }
        : { ok: false, database: "unavailable", cause: health.cause, backup },
      request.method === "HEAD",
    );
  }

  async function submit(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    formId: string,
  ): Promise<void> {
    // "null" comes from privacy-sensitive contexts (a sandboxed frame, some redirects): like no
    // Origin at all it gets no CORS header, but its lead is kept, as a script's would be.
    const originAllowed = origins.apply(request, response, {
      requireOrigin: false,
      vary: "Origin, Accept-Encoding",
    });
    if (request.method === "OPTIONS") {
      if (!originAllowed) return sendJson(response, 403, { ok: false, error: "Origen no permitido." });
      return answerPreflight(response);
    }
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST, OPTIONS");
      return sendJson(response, 405, { ok: false, error: "Método no permitido." });
    }
    const wantsJson = /\bapplication\/json\b/.test(String(request.headers.accept ?? ""));
    const outcome = await submitLead(request, formId, { originAllowed, wantsJson });
    if ("lead" in outcome) {
      const { lead } = outcome;
      if (wantsJson) return sendJson(response, 201, { ok: true, id: lead.id });
      const thanks = options.thankYouUrls[langOf(lead.page ?? "/")];
      return seeOther(response, `${thanks}?envio=${encodeURIComponent(lead.id)}`);
    }
    for (const [name, value] of Object.entries(outcome.headers ?? {})) response.setHeader(name, value);
    // A body left unread (refused before reading it) must not be parsed as the next request.
    if (!request.complete) response.setHeader("Connection", "close");
    if (wantsJson)
      return sendJson(response, outcome.status, {
        ok: false,
        error: outcome.error,
        ...(outcome.fields ? { fields: outcome.fields } : {}),
      });
    sendHtml(response, outcome.status, refusalPage(outcome, url.pathname));
  }

  /** A native post that was not stored: its answers to correct, or why, with WhatsApp beside it. */
  function refusalPage(refusal: Refusal, action: string): string {
    const { lang, definition, values } = refusal;
    const words = answerCopy[lang];
    const whatsappUrl =
      definition && values
        ? buildWhatsAppUrl(whatsappNumber(), composeMessage(definition, values))
        : `https://wa.me/${whatsappNumber()}`;
    const siteName = options.published().site.businessName;
    const page = { lang, words, whatsappUrl, stylesheets: options.stylesheets, siteName };
    if (refusal.fields && definition && values)
      return correctionPage({
        ...page,
        definition,
        values,
        problems: refusal.fields,
        action,
        page: refusal.page ?? null,
      });
    return errorPage({
      ...page,
      title: refusal.status === 404 ? words.formNotFoundTitle : words.failedTitle,
      message: refusal.error,
    });
  }

  /**
   * /gracias?envio={id}: the built page with its WhatsApp link carrying the lead's
   * message, for a WhatsApp form's lead of the last 30 minutes; undefined otherwise
   * (the static page, with the generic link, is served).
   */
  async function thankYouPage(html: string, envio: string | null): Promise<string | undefined> {
    if (!envio || !/^[A-Za-z0-9_-]{22}$/.test(envio)) return undefined;
    let lead: Lead | undefined;
    try {
      lead = await store.leads.get(envio);
    } catch {
      return undefined;
    }
    if (!lead || now().getTime() - lead.receivedAt.getTime() > handoffLinkMinutes * 60_000) return undefined;
    const form = forms(lead.formId);
    if (!form?.handsOffToWhatsApp) return undefined;
    const definition = form.inLanguage(langOf(lead.page ?? "/"));
    return fillHandoffLink(html, buildWhatsAppUrl(whatsappNumber(), composeMessage(definition, lead.values)));
  }

  return { handleApi, thankYouPage };
}

/** The form id as written in the URL; a malformed escape names no form (404), never an error. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

async function backupHealth(status: LeadApiOptions["backupStatus"]): Promise<unknown> {
  if (!status) return { state: "off" };
  try {
    const { state, newestCopyAt, lastVerifiedRestore, pending, problem } = await status();
    return { state, newestCopyAt, lastVerifiedRestore, pending, ...(problem ? { problem } : {}) };
  } catch {
    return { state: "unknown" };
  }
}
