import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Which browsers' pages may post to the service (CORS): the site's canonical
 * origin, or this server's own (the site and the service on one origin).
 */
export type OriginPolicy = {
  /** Whether a request's Origin is the site's or this server's. */
  isAllowed(origin: string, request: IncomingMessage): boolean;
  /** The path of the site's page the request came from (its Referer), when it is the site's. */
  refererPath(request: IncomingMessage): string | null;
  /**
   * Allows the request's origin to read the answer when it may post, and says the answer
   * varies by Origin. `requireOrigin`: "null" or no Origin at all is refused (not a page of the
   * site); otherwise it is allowed but gets no CORS header, as a script's post would.
   */
  apply(
    request: IncomingMessage,
    response: ServerResponse,
    rule: { requireOrigin: boolean; vary: string },
  ): boolean;
};

export function originPolicy(siteUrl: string, pagePath: (path: string) => string | null): OriginPolicy {
  const siteOrigin = new URL(siteUrl).origin;
  const isAllowed = (origin: string, request: IncomingMessage): boolean => {
    if (origin === siteOrigin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };
  return {
    isAllowed,
    refererPath(request) {
      const referer = request.headers.referer;
      if (!referer || !URL.canParse(referer)) return null;
      const from = new URL(referer);
      if (from.origin !== siteOrigin && from.host !== request.headers.host) return null;
      return pagePath(from.pathname);
    },
    apply(request, response, { requireOrigin, vary }) {
      const origin = request.headers.origin;
      const named = origin !== undefined && origin !== "null";
      const allowed = named ? isAllowed(origin, request) : !requireOrigin;
      if (allowed && named) response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Vary", vary);
      return allowed;
    },
  };
}

/** The answer to an allowed preflight: a page's script may POST a form with these headers. */
export function answerPreflight(response: ServerResponse): void {
  response
    .writeHead(204, {
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": "Accept, Content-Type",
      "Access-Control-Max-Age": "600",
      "Cache-Control": "no-store",
    })
    .end();
}
