import type { IncomingMessage } from "node:http";

import type { FormDefinition, LeadValues } from "#app/features/leads/forms/types.ts";
import * as enAnswers from "#app/content/en/service-answers.ts";
import * as esAnswers from "#app/content/es/service-answers.ts";
import { langOf, type Lang } from "#app/site-map.ts";
import { readBody } from "../http/body.ts";
import type { OriginPolicy } from "../http/cors.ts";
import { rateLimitKey, requestClientAddress } from "./client-address.ts";
import { contactOf, type ServiceForms } from "./forms.ts";
import { readOrigin } from "./origin.ts";
import { createRateLimit } from "./rate-limit.ts";
import type { ServiceConfig } from "./service-config.ts";
import { storageProblem, type Lead, type Handles } from "../storage/store.ts";
import type { NotificationChannel } from "../storage/schema.ts";
import { pagePath, readSubmission } from "./submission.ts";

/**
 * The submit use case, apart from HTTP's shape of the answer: count the
 * submission against the rate limit, read and check the answers, store the lead
 * with its notifications queued, and tell the worker. Either the stored lead,
 * or a refusal worded in the language of the page the form was on.
 */

/** Far above any real form (the longest, with a 500-character comment of emoji, is under 8 KB). */
export const bodyLimitBytes = 32 * 1024;

/** The service's own words, in each language of the site. */
export const answerCopy: Record<Lang, typeof esAnswers.serviceAnswers> = {
  es: esAnswers.serviceAnswers,
  en: enAnswers.serviceAnswers,
};

export type Refusal = {
  status: number;
  error: string;
  /** The language of the page the form was posted from: its `_page` once read, else its Referer. */
  lang: Lang;
  values?: LeadValues;
  definition?: FormDefinition;
  /** A refused submission (422): one message per field, in the page's language. */
  fields?: Record<string, string>;
  /** Where the refused form was, sent back with it. */
  page?: string | null;
  headers?: Record<string, string>;
};

export type SubmitOutcome = { lead: Lead } | Refusal;

export type SubmitLeadOptions = {
  store: Handles<"leads" | "kind" | "rateBuckets">;
  forms: ServiceForms;
  config: ServiceConfig;
  origins: OriginPolicy;
  /** The site's canonical origin (its host is the site's own, not a referrer). */
  siteUrl: string;
  now: () => Date;
  log: (line: string) => void;
  onStored?: () => void;
};

export function createSubmitLead(options: SubmitLeadOptions) {
  const { store, forms, config, origins, now, log } = options;
  const limiter = createRateLimit(config.rateLimitPerMinute, store);
  const channels: NotificationChannel[] = [
    ...(config.smtp ? (["email"] as const) : []),
    ...(config.webhook ? (["webhook"] as const) : []),
  ];
  const siteHost = new URL(options.siteUrl).host;

  return async function submitLead(
    request: IncomingMessage,
    formId: string,
    { originAllowed, wantsJson }: { originAllowed: boolean; wantsJson: boolean },
  ): Promise<SubmitOutcome> {
    const referred = origins.refererPath(request);
    // Until the body is read, the page the visitor came from (Referer) tells the language.
    let lang = langOf(referred ?? "/");
    let words = answerCopy[lang];
    const form = forms(formId);
    if (!form) return { status: 404, error: words.formNotFound, lang };
    if (!originAllowed) return { status: 403, error: words.originRefused, lang };

    const address = requestClientAddress(request, config);
    // Counted before anything else is read; the answers are still read below, so that a
    // refused native post can offer WhatsApp with everything the visitor typed.
    const decision = await limiter.take(rateLimitKey(address)).catch((error: unknown) => {
      log(`POST /api/form/submit/${formId} 503: ${storageProblem(error)}`);
      return "unavailable" as const;
    });
    const limited: Refusal | undefined =
      decision === "unavailable"
        ? { status: 503, error: words.unavailable, lang }
        : decision.allowed
          ? undefined
          : {
              status: 429,
              error: words.rateLimited,
              lang,
              headers: { "Retry-After": String(decision.retryAfterSeconds) },
            };
    // The page keeps the answers itself: a flood is refused without reading a byte of it.
    if (limited && wantsJson) return limited;

    const contentType = String(request.headers["content-type"] ?? "");
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(contentType))
      return limited ?? { status: 415, error: words.notFormData, lang };
    const body = await readBody(request, bodyLimitBytes);
    if (body === "too-large") return limited ?? { status: 413, error: words.tooLarge, lang };
    if (body === "stalled") return { status: 408, error: words.stalled, lang };
    let data: FormData;
    try {
      data = await new Response(new Uint8Array(body), {
        headers: { "Content-Type": contentType },
      }).formData();
    } catch {
      return limited ?? { status: 400, error: words.unreadable, lang };
    }

    // The page the form was on decides the language of the answer and of its WhatsApp message.
    lang = langOf(pagePath(data.get("_page")) ?? referred ?? "/");
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
    const userAgent = String(request.headers["user-agent"] ?? "");
    try {
      const lead = await store.leads.insert({
        receivedAt: now(),
        formId,
        page: submission.page ?? referred,
        values: submission.values,
        handoff: submission.handoff,
        clientAddress: address,
        userAgent: userAgent.slice(0, 400) || null,
        spam: submission.spam,
        contact: contactOf(form.definition, submission.values),
        origin: readOrigin(data, {
          page: submission.page ?? referred,
          referer: request.headers.referer,
          userAgent,
          siteHosts: [siteHost, String(request.headers.host ?? "")],
        }),
        notify: channels,
      });
      options.onStored?.();
      return { lead };
    } catch (error) {
      log(`POST /api/form/submit/${formId} 503: ${storageProblem(error)}`);
      return { status: 503, error: words.unavailable, lang, values: submission.values, definition };
    }
  };
}
