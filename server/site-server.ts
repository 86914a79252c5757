import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";

import {
  allowedMethods,
  cacheControlFor,
  securityHeaders,
  varyHeader,
  type HeaderPolicy,
} from "./headers.ts";
import { isAppPath, type AppHandler } from "./app-handler.ts";
import { pathIn, thanksPath } from "#app/site-map.ts";
import { answerFailure, withinRequest } from "./http/request-guard.ts";
import { bodyStallMs, setBodyStallLimit } from "./http/body.ts";
import { sendHtml } from "./http/reply.ts";
import type { createLeadApi } from "./leads/api.ts";
import type { ServicePaths } from "./platform/platform.ts";
import { contentTypeFor, readVariant, resolvePath } from "./static-site.ts";

/**
 * The one HTTP server of `npm start`: the built site with the same statuses,
 * redirects and headers as the production nginx configuration, and the lead
 * service under /api/ (plus the filled WhatsApp link of /gracias), and the
 * owner's inbox under /bandeja, rendered by React Router (server/app-handler.ts).
 * Logs one line per request: time, method, path without query, status, duration.
 */
export type SiteServerOptions = {
  clientDir: string;
  policy: HeaderPolicy;
  /** The paths the platform's features registered (every /api/ path among them): server/platform/. */
  paths: ServicePaths;
  /** The lead service's filled thank-you page. */
  leads: Pick<ReturnType<typeof createLeadApi>, "thankYouPage">;
  /** The server-rendered part of the app: the owner's inbox under /bandeja. */
  app?: AppHandler;
  log?: (line: string) => void;
  /**
   * The public pages served now, when a publication can change them (server/site/): read once per
   * request, so a request is answered from one build, whole, even while another is switched in.
   */
  served?: () => ServedPages;
  /** Limits against clients that hold sockets without finishing a request (defaults: `socketLimits`). */
  limits?: Partial<typeof socketLimits>;
};

/**
 * Headers must arrive whole within `headersTimeoutMs` (a 408 and the socket closed); a body may
 * take as long as it keeps arriving, and is given up once no byte came for `bodyStallMs` (its
 * reader answers 408 with what happened: server/http/body.ts). No limit on the whole request: a
 * phone's 20 MB photo at 300 KB/s takes 70 s (decision 0040). Past `maxConnections` new sockets
 * are closed at once, so a flood cannot exhaust the process.
 */
export const socketLimits = {
  headersTimeoutMs: 10_000,
  bodyStallMs,
  maxConnections: 1_000,
};

/** The thank-you pages (Spanish and English), where the service fills in the visitor's WhatsApp link. */
export const thankYouPaths: readonly string[] = [thanksPath, pathIn("en", thanksPath)];

/** A build's public folder and the header policy made for it (its CSP hashes). */
export type ServedPages = { clientDir: string; policy: HeaderPolicy };

export function createSiteServer(options: SiteServerOptions): Server {
  const { leads } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const fixed: ServedPages = { clientDir: options.clientDir, policy: options.policy };
  const headersOf = new WeakMap<HeaderPolicy, [string, string][]>();
  function servedNow() {
    const pages = options.served?.() ?? fixed;
    let everyResponse = headersOf.get(pages.policy);
    if (!everyResponse) {
      everyResponse = [...securityHeaders(pages.policy), varyHeader] as [string, string][];
      headersOf.set(pages.policy, everyResponse);
    }
    return { clientDir: pages.clientDir, everyResponse };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const { clientDir, everyResponse } = servedNow();
    for (const [name, value] of everyResponse) response.setHeader(name, value);
    if (options.paths.claims(url.pathname)) {
      await options.paths.handle(request, response, url);
      return;
    }
    if (options.app && isAppPath(url.pathname)) {
      await options.app(request, response);
      return;
    }
    if (!(allowedMethods as readonly string[]).includes(request.method ?? "")) {
      response
        .writeHead(405, { Allow: allowedMethods.join(", "), "Cache-Control": cacheControlFor(url.pathname) })
        .end();
      return;
    }
    const resolution = resolvePath(clientDir, url.pathname);
    if (resolution.kind === "redirect") {
      response
        .writeHead(301, {
          Location: resolution.location + url.search,
          "Cache-Control": cacheControlFor(url.pathname),
        })
        .end();
      return;
    }
    if (thankYouPaths.includes(url.pathname) && resolution.status === 200) {
      const filled = await leads.thankYouPage(
        readFileSync(resolution.file, "utf8"),
        url.searchParams.get("envio"),
      );
      if (filled !== undefined) {
        // The visitor's own message is in this page: never stored by a browser or a proxy.
        sendHtml(response, 200, filled, request.method === "HEAD");
        return;
      }
    }
    const { body, encoding } = readVariant(resolution.file, String(request.headers["accept-encoding"] ?? ""));
    response
      .writeHead(resolution.status, {
        "Content-Type": contentTypeFor(resolution.file),
        "Content-Length": body.length,
        "Cache-Control": cacheControlFor(resolution.path),
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      })
      .end(request.method === "HEAD" ? undefined : body);
  }

  const limits = { ...socketLimits, ...options.limits };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // Node's limit counts the whole body, however steadily it arrives: off; stalls end a body instead.
      requestTimeout: 0,
      // How often Node looks for expired requests (30 s by default, which would double the limit).
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      const started = process.hrtime.bigint();
      setBodyStallLimit(request, limits.bodyStallMs);
      let path = "/";
      try {
        path = new URL(request.url ?? "/", "http://localhost").pathname;
      } catch {
        // An unparsable target is answered 400 below.
      }
      response.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // No address, no query string, no user agent: nothing that identifies a visitor.
        log(
          `${new Date().toISOString()} ${request.method} ${path.slice(0, 200)} ${response.statusCode} ${ms.toFixed(1)}ms`,
        );
      });
      let url: URL;
      try {
        url = new URL(request.url ?? "/", "http://localhost");
      } catch {
        response.writeHead(400).end();
        return;
      }
      withinRequest({ request, response, path }, () =>
        handle(request, response, url).catch((error: unknown) => {
          const cause = error instanceof Error ? error.message : String(error);
          // A client that stopped mid-body gets what Node's parser answers (400 or nothing): not a 500.
          if (request.destroyed && !request.complete) {
            log(`${request.method} ${path.slice(0, 200)} cortada por el cliente: ${cause}`);
            return;
          }
          log(`${request.method} ${path.slice(0, 200)} 500: ${cause}`);
          answerFailure(response);
        }),
      );
    },
  );
  server.maxConnections = limits.maxConnections;
  return server;
}
