import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { leadPath } from "#app/features/inbox/paths.ts";
import { sendJson, sendText } from "../http/reply.ts";
import { requestClientAddress, rateLimitKey } from "../leads/client-address.ts";
import { createRateLimit } from "../leads/rate-limit.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { RouteHandler } from "../platform/feature.ts";
import type { Handles } from "../storage/store.ts";
import { buildingOfVisit, type BuildingAccessOf } from "./building-access.ts";
import { visitFeed } from "./invitation.ts";

/**
 * The owner's private calendar feed (decision 0041): `/api/calendario/<secret>.ics`,
 * text/calendar with her visits, for her phone's calendar to subscribe to. The secret is 256
 * random bits, shown once when made and stored only as its SHA-256 (a copy of the database
 * does not open the feed); making a new one ends the old at once. No session: a calendar app
 * has none. Any other secret, an old one, or none yet get the same 404 as an unknown /api/
 * path, after the same work (one read, one hash, one constant-time comparison).
 */
export const calendarFeedPattern = /^\/api\/calendario\/[^/]+$/;
export const calendarFeedPath = (secret: string) => `/api/calendario/${secret}.ics`;

const agendaKey = "calendar-feed";
const secretPattern = /^[A-Za-z0-9_-]{43}$/;
/** Visits that ended more than this long ago leave the feed (it is her diary, not an archive). */
const pastDays = 60;

type StoredFeed = { hash: string; createdAt: string };

const hashOf = (secret: string) => createHash("sha256").update(secret).digest();

export function createCalendarFeed(options: {
  store: Handles<"inspectionVisits" | "leads" | "kind" | "rateBuckets">;
  config: Pick<ServiceConfig, "rateLimitPerMinute" | "trustedProxies">;
  site: () => { siteUrl: string; businessName: string; email: string };
  /** A published building's access by the tower a visit names: its rules go in the event. */
  buildingAccess?: BuildingAccessOf;
  now: () => Date;
}) {
  const rows = options.store.inspectionVisits;
  const limit = createRateLimit(options.config.rateLimitPerMinute, options.store);

  async function stored(): Promise<StoredFeed | undefined> {
    const value = (await rows.agenda(agendaKey)) as StoredFeed | undefined;
    return value && typeof value.hash === "string" ? value : undefined;
  }

  /** A new secret address; the previous one stops working now. Returned once, never stored. */
  async function replace(): Promise<string> {
    const secret = randomBytes(32).toString("base64url");
    await rows.setAgenda(agendaKey, {
      hash: hashOf(secret).toString("hex"),
      createdAt: options.now().toISOString(),
    } satisfies StoredFeed);
    return `${options.site().siteUrl.replace(/\/+$/, "")}${calendarFeedPath(secret)}`;
  }

  /** Whether the owner has a feed address, and since when. */
  async function state(): Promise<{ createdAt: string } | undefined> {
    const feed = await stored();
    return feed && { createdAt: feed.createdAt };
  }

  async function matches(presented: string): Promise<boolean> {
    const feed = await stored();
    const given = hashOf(presented);
    const expected = feed ? Buffer.from(feed.hash, "hex") : Buffer.alloc(given.length);
    const same = expected.length === given.length && timingSafeEqual(expected, given);
    return !!feed && secretPattern.test(presented) && same;
  }

  /** The feed's content: what she needs at the door, nothing a leaked address should give away. */
  async function calendar(): Promise<string> {
    const site = options.site();
    const from = new Date(options.now().getTime() - pastDays * 86_400_000).toISOString();
    const visits = await rows.confirmedFrom(from);
    const entries = await Promise.all(
      visits.map(async (visit) => {
        const lead = await options.store.leads.get(visit.leadId);
        return {
          visit,
          clientName: lead?.contact.name?.trim() || "Consulta sin nombre",
          inboxLink: `${site.siteUrl.replace(/\/+$/, "")}${leadPath(visit.leadId)}`,
          building: buildingOfVisit(visit, options.buildingAccess),
        };
      }),
    );
    return visitFeed(entries, { name: site.businessName, email: site.email, siteUrl: site.siteUrl });
  }

  const route: RouteHandler = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return sendText(response, 405, "Método no permitido.");
    }
    const decision = await limit.take(
      `calendario:${rateLimitKey(requestClientAddress(request, options.config))}`,
    );
    if (!decision.allowed) {
      response.setHeader("Retry-After", String(decision.retryAfterSeconds));
      return sendText(response, 429, "Demasiados pedidos.");
    }
    const presented = (url.pathname.split("/").at(-1) ?? "").replace(/\.ics$/, "");
    if (!(await matches(presented))) return sendJson(response, 404, { ok: false, error: "No existe." });
    const body = await calendar();
    response
      .writeHead(200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Length": Buffer.byteLength(body),
        "Content-Disposition": 'inline; filename="visitas.ics"',
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      })
      .end(method === "HEAD" ? undefined : body);
  };

  return { replace, state, route };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
