import type { IncomingMessage, ServerResponse } from "node:http";

import { isSameOrigin } from "../app-handler.ts";
import { readBody } from "../http/body.ts";
import { seeOther, sendHtml, sendText } from "../http/reply.ts";
import type { RouteHandler } from "../platform/feature.ts";
import { requestClientAddress, rateLimitKey } from "../leads/client-address.ts";
import { createRateLimit, type RateLimit } from "../leads/rate-limit.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { Handles } from "../storage/store.ts";
import { confirmedPage, endedPage, pickPage, readPickForm, type VisitLang } from "./pick-page.ts";
import type { InspectionVisit, VisitDesk } from "./visit-desk.ts";
import { other as otherTower } from "#app/features/leads/forms/options.ts";
import { buildingOfVisit, type BuildingAccessOf } from "./building-access.ts";

/**
 * The client's link: `/api/visita/<token>`, one page whatever the language (the offer's). Under
 * /api/ because every installed server's nginx already hands that prefix to the service with
 * the service's own Cache-Control (server/nginx-config.ts); a path of its own would need a
 * location of its own in every installed configuration.
 */
export const visitLinkPrefix = "/api/visita/";
export const visitLinkPattern = /^\/api\/visita\/[^/]+$/;
export const visitLinkPath = (token: string) => `${visitLinkPrefix}${token}`;

/**
 * The client's link (decision 0039): GET shows the offer or the visit; a POST from a page of
 * this origin (the inbox's CSRF rule, server/app-handler.ts) picks, reschedules or cancels.
 * Every request of an address is counted against the service's rate limit, so tokens cannot be
 * tried by the thousand; a token that names no offer gets the same 404 whatever its shape.
 */
export function visitLinkRoute(options: {
  desk: VisitDesk;
  config: Pick<ServiceConfig, "rateLimitPerMinute" | "trustedProxies">;
  store: Handles<"kind" | "rateBuckets">;
  site: () => { businessName: string; whatsappNumber: string };
  /** A published building's access by the tower a lead or client names (the site's door). */
  buildingAccess?: BuildingAccessOf;
  stylesheets: readonly string[];
  /** A pick, reschedule or cancellation wrote its notices (decision 0046): they may go now. */
  onNotices?: () => void;
  limit?: RateLimit;
}): RouteHandler {
  const { desk } = options;
  const buildingOf = (tower: string) => (tower.trim() ? options.buildingAccess?.(tower) : undefined);
  const confirmedBuilding = (visit: InspectionVisit | undefined) =>
    buildingOfVisit(visit, options.buildingAccess);
  const limit = options.limit ?? createRateLimit(options.config.rateLimitPerMinute, options.store);

  return async function visitLink(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? "GET";
    const head = method === "HEAD";
    if (method !== "GET" && !head && method !== "POST") {
      response.setHeader("Allow", "GET, HEAD, POST");
      return sendText(response, 405, "Método no permitido.");
    }
    const address = requestClientAddress(request, options.config);
    const decision = await limit.take(`visita:${rateLimitKey(address)}`);
    if (!decision.allowed) {
      request.resume();
      response.setHeader("Retry-After", String(decision.retryAfterSeconds));
      return sendText(response, 429, "Demasiados intentos: esperá un momento y volvé a abrir el enlace.");
    }
    const token = url.pathname.slice(visitLinkPrefix.length);
    const view = await desk.view(token);
    const site = options.site();
    const parts = (lang: VisitLang) => ({
      lang,
      siteName: site.businessName,
      stylesheets: options.stylesheets,
      whatsappUrl: `https://wa.me/${site.whatsappNumber}`,
    });
    if (!view) {
      request.resume();
      return sendHtml(response, 404, endedPage(parts("es"), "not-found"), head);
    }
    const lang: VisitLang = view.offer.lang === "en" ? "en" : "es";
    if (method === "POST") {
      if (!isSameOrigin(request.headers, request.headers.host ?? "")) {
        request.resume();
        return sendText(response, 403, "Solicitud rechazada: no viene de una página de este sitio.");
      }
      const body = await readBody(request, 16_384);
      if (body === "too-large") return sendText(response, 413, "Solicitud demasiado grande.");
      const form = new URLSearchParams(body.toString("utf8"));
      const self = visitLinkPath(token);
      if (view.ended) return sendHtml(response, 410, endedPage(parts(lang), "ended"));
      const action = form.get("accion");
      if (action === "elegir") {
        const answers = readPickForm(lang, form, buildingOf);
        if (answers.problem) return sendHtml(response, 422, pickPage(parts(lang), view, answers));
        const result = await desk.pick(token, form.get("ventana") ?? "", answers);
        if (result.outcome === "confirmed") {
          options.onNotices?.();
          return seeOther(response, self);
        }
        if (result.outcome === "taken")
          return sendHtml(response, 409, pickPage(parts(lang), result, answers, true));
        if (result.outcome === "not-offered")
          return sendHtml(response, 422, pickPage(parts(lang), view, answers));
        return seeOther(response, self);
      }
      if (action === "cancelar") {
        if (await desk.cancel(token)) options.onNotices?.();
        return seeOther(response, self);
      }
      if (action === "reprogramar") {
        const moved = await desk.reschedule(token, form.get("ventana") ?? "");
        if (moved === "taken") {
          const again = await desk.view(token);
          return sendHtml(
            response,
            409,
            again
              ? confirmedPage(parts(lang), again, confirmedBuilding(again.visit))
              : endedPage(parts(lang), "ended"),
          );
        }
        if (moved === "moved") options.onNotices?.();
        return seeOther(response, self);
      }
      return sendText(response, 400, "Acción desconocida.");
    }
    if (view.ended) return sendHtml(response, 410, endedPage(parts(lang), "ended"), head);
    if (view.visit)
      return sendHtml(response, 200, confirmedPage(parts(lang), view, confirmedBuilding(view.visit)), head);
    // «Otro» is the lead form's "not a catalogued tower": the client gives a street address
    // instead, prefilled with the one the lead left.
    const named = String(view.lead?.values.torre ?? view.lead?.values.edificio ?? "");
    const prefill = named === otherTower ? "" : named;
    const street = prefill ? "" : String(view.lead?.values.direccion ?? "");
    return sendHtml(
      response,
      200,
      pickPage(parts(lang), view, {
        property: { tower: prefill, floor: "", unit: "", street },
        // A building with visitor parking starts the parking box ticked; the client can still untick it.
        access: {
          opener: "owner",
          guestList: "",
          parking: !!buildingOf(prefill)?.access.parking,
          occupied: false,
          notes: "",
        },
        building: buildingOf(prefill),
      }),
      head,
    );
  };
}
