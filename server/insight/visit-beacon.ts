import type { IncomingMessage, ServerResponse } from "node:http";

import { visitFields, visitKinds, type VisitKind } from "#app/lib/visit-beacon.ts";
import { langOf } from "#app/site-map.ts";
import { rateLimitKey, requestClientAddress } from "../leads/client-address.ts";
import { campaignLabel, hostName } from "../leads/origin.ts";
import { createRateLimit } from "../leads/rate-limit.ts";
import { readBody } from "../http/body.ts";
import type { OriginPolicy } from "../http/cors.ts";
import { sendEmpty as answer } from "../http/reply.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { Handles } from "../storage/store.ts";
import { buenosAiresDay } from "#app/lib/buenos-aires-time.ts";

/**
 * `POST /api/visitas` (decisions 0016, 0017): one count for a page seen, a form
 * opened or a hand-off to WhatsApp. Counts only what the site's own pages send
 * (another Origin, "null" or none: 403) about the site's own pages (any other path
 * is refused with 422; the pages are the published site's, read at each beacon,
 * so a tower published a moment ago is counted), bounds hosts and campaigns (visit-counts.ts), leaves out
 * obvious robots (their User-Agent is looked at, never stored) and is
 * rate-limited per client address like the lead endpoint. Nothing about the
 * visitor is stored: not the address, not the browser, no id.
 */
export type VisitBeaconOptions = {
  store: Handles<"visits" | "kind" | "rateBuckets">;
  config: ServiceConfig;
  /** Which origins may post (the lead endpoint's own rule). */
  origins: OriginPolicy;
  /** The site's pages as published now (server/site/published-site.ts). */
  pagePaths: () => ReadonlySet<string>;
  now?: () => Date;
};

/** A beacon is under 200 bytes; anything much larger is not one. */
export const beaconBodyLimitBytes = 1024;
/**
 * Beacons a client address may send a minute: a visitor sends one per page and per form or
 * WhatsApp tap, so six times the lead limit (60 by default); 0 (LEADS_RATE_LIMIT=0) disables it.
 */
export const beaconsPerLead = 6;

/** Crawlers, link previews, headless browsers and HTTP libraries name themselves. */
export const robotPattern =
  /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|facebookexternalhit|whatsapp\/|curl\/|wget|python|go-http|java\/|okhttp|axios|node-fetch|undici|scrapy|phantomjs|selenium|playwright/i;

const kinds = new Set<string>(visitKinds);

export function createVisitBeacon(options: VisitBeaconOptions) {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  // The lead endpoint's limiter (shared by every instance on one PostgreSQL), with buckets of its own.
  const limiter = createRateLimit(config.rateLimitPerMinute * beaconsPerLead, store);

  return async function handleVisit(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Only the site's own pages count: a browser always names the page's origin on a POST. "null"
    // (a sandboxed frame on any site) or none (not a browser) could be anyone's visitors.
    const allowed = options.origins.apply(request, response, { requireOrigin: true, vary: "Origin" });
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST");
      return answer(response, 405);
    }
    if (!allowed) return answer(response, 403);
    const address = requestClientAddress(request, config);
    const decision = await limiter.take(`visita:${rateLimitKey(address)}`).catch(() => undefined);
    if (!decision) return answer(response, 503);
    if (!decision.allowed) {
      response.setHeader("Retry-After", String(decision.retryAfterSeconds));
      return answer(response, 429);
    }
    // sendBeacon with a string posts text/plain (no preflight); a form encoding is read the same.
    const contentType = String(request.headers["content-type"] ?? "");
    if (!/^(text\/plain|application\/x-www-form-urlencoded)\s*(;|$)/i.test(contentType))
      return answer(response, 415);
    const body = await readBody(request, beaconBodyLimitBytes);
    if (body === "too-large") {
      request.resume();
      return answer(response, 413);
    }
    if (body === "stalled") {
      response.setHeader("Connection", "close");
      return answer(response, 408);
    }
    const fields = new URLSearchParams(body.toString("utf8"));
    const page = fields.get(visitFields.page) ?? "";
    const kind = fields.get(visitFields.kind) ?? "";
    if (!options.pagePaths().has(page) || !kinds.has(kind)) return answer(response, 422);
    // A robot is answered like anyone (it learns nothing) and not counted.
    if (robotPattern.test(String(request.headers["user-agent"] ?? "x-none-bot")))
      return answer(response, 204);
    try {
      await store.visits.record({
        day: buenosAiresDay(now()),
        page,
        lang: langOf(page),
        referrer: hostName(fields.get(visitFields.referrer) ?? "") ?? "",
        campaign: campaignLabel(fields.get(visitFields.campaign) ?? ""),
        kind: kind as VisitKind,
      });
    } catch {
      return answer(response, 503);
    }
    answer(response, 204);
  };
}
