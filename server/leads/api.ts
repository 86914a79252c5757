import type { IncomingMessage, ServerResponse } from "node:http";

import { composeMessage } from "#app/features/leads/compose-message.ts";
import type { FormDefinition, LeadValues } from "#app/features/leads/forms/types.ts";
import { buildWhatsAppUrl } from "#app/lib/whatsapp.ts";
import * as enAnswers from "#app/content/en/service-answers.ts";
import * as esAnswers from "#app/content/es/service-answers.ts";
import { langOf, type Lang } from "#app/site-map.ts";
import { clientAddress, rateLimitKey } from "./client-address.ts";
import { contactOf, type ServiceForms } from "./forms.ts";
import { readOrigin } from "./origin.ts";
import { createVisitBeacon } from "./visit-beacon.ts";
import { visitBeaconPath } from "#app/lib/visit-beacon.ts";
import { correctionPage, errorPage, fillHandoffLink } from "./pages.ts";
import { createRateLimit } from "./rate-limit.ts";
import { readBody } from "./read-body.ts";
import type { ServiceConfig } from "./service-config.ts";
import { storageProblem, type Lead, type LeadStore } from "./storage/lead-store.ts";
import type { NotificationChannel } from "./storage/schema.ts";
import { pagePath, readSubmission } from "./submission.ts";
import type { BackupStatus } from "../backup/backup-service.ts";

/**
 * The lead service's HTTP side: `POST /api/form/submit/{formId}` (the spec's
 * contract, see docs/decisions/0009-lead-storage.md), `GET /api/health`, and
 * the WhatsApp link of `/gracias?envio={id}`. A 2xx (or the 303 of a native
 * post) is only ever sent after the lead is committed.
 */
export type LeadApiOptions = {
  store: LeadStore;
  forms: ServiceForms;
  config: ServiceConfig;
  /** The site's canonical origin: the one other origin whose browsers may post (CORS). */
  siteUrl: string;
  /**
   * Where a native post lands, in the language of the page it came from:
   * "/gracias" (or "/en/thank-you") on the same origin, or the site's absolute URL.
   */
  thankYouUrls: Record<Lang, string>;
  /** Read at each use: the owner may publish a new number while the service runs (decision 0020). */
  whatsappNumber: () => string;
  siteName: string;
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

/** Far above any real form (the longest, with a 500-character comment of emoji, is under 8 KB). */
export const bodyLimitBytes = 32 * 1024;
/** How long after the submission the thank-you page still shows the visitor's own message. */
export const handoffLinkMinutes = 30;

const submitPath = /^\/api\/form\/submit\/([^/]+)$/;

/** The service's own words, in each language of the site. */
const answerCopy: Record<Lang, typeof esAnswers.serviceAnswers> = {
  es: esAnswers.serviceAnswers,
  en: enAnswers.serviceAnswers,
};

type Answer = {
  status: number;
  error: string;
  /** The language of the page the form was posted from, once the body was read. */
  lang?: Lang;
  values?: LeadValues;
  definition?: FormDefinition;
  /** A refused submission (422): one message per field, in the page's language. */
  fields?: Record<string, string>;
  /** Where the refused form was, sent back with it. */
  page?: string | null;
  headers?: Record<string, string>;
};

export function createLeadApi(options: LeadApiOptions) {
  const { store, forms, config } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  const limiter = createRateLimit(config.rateLimitPerMinute, store);
  const channels: NotificationChannel[] = [
    ...(config.smtp ? (["email"] as const) : []),
    ...(config.webhook ? (["webhook"] as const) : []),
  ];
  const siteOrigin = new URL(options.siteUrl).origin;
  const countVisit = createVisitBeacon({ store, config, isAllowedOrigin, now });

  /** Answers every /api/ request. */
  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === "/api/health") {
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.setHeader("Allow", "GET, HEAD");
        return sendJson(response, 405, { ok: false, error: "Método no permitido." });
      }
      const health = await store.health();
      if (!health.ok) log(`GET /api/health 503: ${health.cause}`);
      // `ok` stays about storing leads: a backup behind never turns a working service into a 503.
      const backup = await backupHealth(options.backupStatus);
      sendJson(
        response,
        health.ok ? 200 : 503,
        health.ok
          ? { ok: true, database: "ok", backup }
          : { ok: false, database: "unavailable", cause: health.cause, backup },
        request.method === "HEAD",
      );
      return;
    }
    if (url.pathname === visitBeaconPath) return countVisit(request, response);
    const match = submitPath.exec(url.pathname);
    if (!match) {
      sendJson(response, 404, { ok: false, error: "No existe." });
      return;
    }
    const origin = request.headers.origin;
    // "null" comes from privacy-sensitive contexts (a sandboxed frame, some redirects): like no
    // Origin at all it gets no CORS header, but its lead is kept, as a script's would be.
    const allowed = origin === undefined || origin === "null" || isAllowedOrigin(origin, request);
    if (allowed && origin && origin !== "null") {
      response.setHeader("Access-Control-Allow-Origin", origin);
    }
    response.setHeader("Vary", "Origin, Accept-Encoding");
    if (request.method === "OPTIONS") {
      if (!allowed) return sendJson(response, 403, { ok: false, error: "Origen no permitido." });
      response
        .writeHead(204, {
          "Access-Control-Allow-Methods": "POST",
          "Access-Control-Allow-Headers": "Accept, Content-Type",
          "Access-Control-Max-Age": "600",
          "Cache-Control": "no-store",
        })
        .end();
      return;
    }
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST, OPTIONS");
      return sendJson(response, 405, { ok: false, error: "Método no permitido." });
    }
    const wantsJson = /\bapplication\/json\b/.test(String(request.headers.accept ?? ""));
    const formId = safeDecode(match[1]!);
    const answer = await submit(request, formId, allowed, wantsJson);
    const lang = "lead" in answer ? "es" : (answer.lang ?? langOf(refererPath(request) ?? "/"));
    const words = answerCopy[lang];
    if ("lead" in answer) {
      if (wantsJson) return sendJson(response, 201, { ok: true, id: answer.lead.id });
      response
        .writeHead(303, {
          Location: `${options.thankYouUrls[langOf(answer.lead.page ?? "/")]}?envio=${encodeURIComponent(answer.lead.id)}`,
          "Cache-Control": "no-store",
          "Content-Length": 0,
        })
        .end();
      return;
    }
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    // A body left unread (refused before reading it) must not be parsed as the next request.
    if (!request.complete) response.setHeader("Connection", "close");
    if (wantsJson)
      return sendJson(response, answer.status, {
        ok: false,
        error: answer.error,
        ...(answer.fields ? { fields: answer.fields } : {}),
      });
    const whatsappUrl =
      answer.definition && answer.values
        ? buildWhatsAppUrl(options.whatsappNumber(), composeMessage(answer.definition, answer.values))
        : `https://wa.me/${options.whatsappNumber()}`;
    if (answer.fields && answer.definition && answer.values) {
      const html = correctionPage({
        lang,
        words,
        definition: answer.definition,
        values: answer.values,
        problems: answer.fields,
        action: url.pathname,
        page: answer.page ?? null,
        whatsappUrl,
        stylesheets: options.stylesheets,
        siteName: options.siteName,
      });
      return sendHtml(response, answer.status, html);
    }
    const html = errorPage({
      lang,
      title: answer.status === 404 ? words.formNotFoundTitle : words.failedTitle,
      message: answer.error,
      whatsappUrl,
      stylesheets: options.stylesheets,
      siteName: options.siteName,
      words,
    });
    sendHtml(response, answer.status, html);
  }

  async function submit(
    request: IncomingMessage,
    formId: string,
    originAllowed: boolean,
    wantsJson: boolean,
  ): Promise<{ lead: Lead } | Answer> {
    // Until the body is read, the page the visitor came from (Referer) tells the language.
    let lang = langOf(refererPath(request) ?? "/");
    let words = answerCopy[lang];
    const form = forms(formId);
    if (!form) return { status: 404, error: words.formNotFound };
    if (!originAllowed) return { status: 403, error: words.originRefused };

    const address = clientAddress(
      request.socket.remoteAddress,
      request.headers["x-forwarded-for"],
      config.trustedProxies,
    );
    // Counted before anything else is read; the answers are still read below, so that a
    // refused native post can offer WhatsApp with everything the visitor typed.
    const decision = await limiter.take(rateLimitKey(address)).catch((error: unknown) => {
      log(`POST /api/form/submit/${formId} 503: ${storageProblem(error)}`);
      return "unavailable" as const;
    });
    const limited: Answer | undefined =
      decision === "unavailable"
        ? { status: 503, error: words.unavailable }
        : decision.allowed
          ? undefined
          : {
              status: 429,
              error: words.rateLimited,
              headers: { "Retry-After": String(decision.retryAfterSeconds) },
            };
    // The page keeps the answers itself: a flood is refused without reading a byte of it.
    if (limited && wantsJson) return limited;

    const contentType = String(request.headers["content-type"] ?? "");
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(contentType))
      return limited ?? { status: 415, error: words.notFormData };
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > bodyLimitBytes) return limited ?? { status: 413, error: words.tooLarge };

    const body = await readBody(request, bodyLimitBytes);
    if (body === "too-large") return limited ?? { status: 413, error: words.tooLarge };
    let data: FormData;
    try {
      data = await new Response(new Uint8Array(body), {
        headers: { "Content-Type": contentType },
      }).formData();
    } catch {
      return limited ?? { status: 400, error: words.unreadable };
    }

    // The page the form was on decides the language of the answer and of its WhatsApp message.
    lang = langOf(pagePath(data.get("_page")) ?? refererPath(request) ?? "/");
    words = answerCopy[lang];
    const definition = form.inLanguage(lang);
    const result = readSubmission(definition, data, {
      handsOffToWhatsApp: form.handsOffToWhatsApp,
      words,
      ...(form.alsoAccepted ? { alsoAccepted: form.alsoAccepted } : {}),
    });
    if (limited)
      return {
        ...limited,
        error: limited.status === 429 ? words.rateLimited : words.unavailable,
        lang,
        values: result.values,
        definition,
      };
    if (!result.ok)
      return {
        status: 422,
        error: result.message,
        fields: result.fields,
        lang,
        values: result.values,
        definition,
        page: pagePath(data.get("_page")),
      };
    const { submission } = result;
    try {
      const lead = await store.insert({
        receivedAt: now(),
        formId,
        page: submission.page ?? refererPath(request),
        values: submission.values,
        handoff: submission.handoff,
        clientAddress: address,
        userAgent: String(request.headers["user-agent"] ?? "").slice(0, 400) || null,
        spam: submission.spam,
        contact: contactOf(form.definition, submission.values),
        origin: readOrigin(data, {
          page: submission.page ?? refererPath(request),
          referer: request.headers.referer,
          userAgent: String(request.headers["user-agent"] ?? ""),
          siteHosts: [new URL(siteOrigin).host, String(request.headers.host ?? "")],
        }),
        notify: channels,
      });
      options.onStored?.();
      return { lead };
    } catch (error) {
      log(`POST /api/form/submit/${formId} 503: ${storageProblem(error)}`);
      return {
        status: 503,
        error: words.unavailable,
        lang,
        values: submission.values,
        definition,
      };
    }
  }

  /** The site's canonical origin, or this server's own (the site and the service on one origin). */
  function isAllowedOrigin(origin: string, request: IncomingMessage): boolean {
    if (origin === siteOrigin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  /** Without `_page`, the page the form was on, when the browser says so and it is the site's. */
  function refererPath(request: IncomingMessage): string | null {
    const referer = request.headers.referer;
    if (!referer || !URL.canParse(referer)) return null;
    const from = new URL(referer);
    if (from.origin !== siteOrigin && from.host !== request.headers.host) return null;
    return pagePath(from.pathname);
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
      lead = await store.get(envio);
    } catch {
      return undefined;
    }
    if (!lead || now().getTime() - lead.receivedAt.getTime() > handoffLinkMinutes * 60_000) return undefined;
    const form = forms(lead.formId);
    if (!form?.handsOffToWhatsApp) return undefined;
    const definition = form.inLanguage(langOf(lead.page ?? "/"));
    return fillHandoffLink(
      html,
      buildWhatsAppUrl(options.whatsappNumber(), composeMessage(definition, lead.values)),
    );
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

function sendJson(response: ServerResponse, status: number, body: unknown, headOnly = false): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-store",
    })
    .end(headOnly ? undefined : text);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response
    .writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      "Cache-Control": "no-store",
    })
    .end(html);
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
