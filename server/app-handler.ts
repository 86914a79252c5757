/**
 * Hands the server-rendered part of the app (the owner's inbox, /bandeja) to
 * React Router's request handler; every other path stays with the static
 * site. Each inbox response gets the inbox headers (server/headers.ts) and a
 * fresh CSP nonce, and every state-changing request must come from a page of
 * this same origin.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from "react-router";

import type { Host } from "#app/features/inbox/host.ts";
import type { InboxService } from "#app/features/inbox/inbox-service.ts";
import type { VisitAgendaService } from "#app/features/visits/agenda-service.ts";
import { serverEntryOf } from "./build-layout.ts";
import { inboxHeaders } from "./headers.ts";
import { bodyStream, formEncodingOf, readBody, type FormEncoding } from "./http/body.ts";
import { sendText } from "./http/reply.ts";
import { canonicalPath } from "./static-site.ts";
import { inboxPaths, isInboxPath } from "#app/features/inbox/paths.ts";

/** The inbox and its data requests: /bandeja, /bandeja/…, /bandeja.data. */
export function isAppPath(pathname: string): boolean {
  return isInboxPath(pathname);
}

/**
 * A state-changing request is honoured only from a page of this origin:
 * `Sec-Fetch-Site: same-origin` where the browser sends it, otherwise an
 * `Origin` naming this host. Neither header (a bare script) is refused too.
 */
export function isSameOrigin(headers: IncomingMessage["headers"], host: string): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = headers.origin;
  if (origin === undefined) return fetchSite === "same-origin";
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A Host a URL can carry: a name or a bracketed address, an optional port; no user info. */
const hostPattern = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request's address on this host, or undefined when no request to this inbox can be read
 * from it: a Host with user info or spaces, a target naming user info or another host, or a
 * path that is not text.
 */
function inboxUrl(target: string, protocol: string, host: string): URL | undefined {
  if (!hostPattern.test(host)) return undefined;
  const base = URL.parse(`${protocol}://${host}`);
  const url = base && URL.parse(target, base);
  if (!base || !url || url.username || url.password || url.host !== base.host) return undefined;
  // A path whose %-escapes decode to no text ("/bandeja/%ff") names no page either.
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  return url;
}

export type AppHandlerOptions = {
  buildDir: string;
  inbox: InboxService;
  /** The visits' pages (/bandeja/agenda, «Proponer visita»), when the visits feature runs. */
  visits?: VisitAgendaService;
  /** Who is asking (after trusted proxies) and over which protocol. */
  describeClient: (request: IncomingMessage) => { address: string; protocol: "http" | "https" };
};

export type AppHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export async function createAppHandler(options: AppHandlerOptions): Promise<AppHandler> {
  const serverEntry = pathToFileURL(resolve(serverEntryOf(options.buildDir))).href;
  const build = (await import(serverEntry)) as ServerBuild;
  // The build exports the key under which the app reads its host (app/entry.server.tsx).
  const { hostContext, visitsContext } = build.entry.module as unknown as {
    hostContext: RouterContext<Host | null>;
    visitsContext?: RouterContext<VisitAgendaService | null>;
  };
  const handle = createRequestHandler(build, "production");

  return async function handleApp(request, response) {
    const nonce = randomBytes(18).toString("base64");
    for (const [name, value] of inboxHeaders(nonce)) response.setHeader(name, value);
    const method = request.method ?? "GET";
    const host = request.headers.host ?? "";

    if (method !== "GET" && method !== "HEAD" && !isSameOrigin(request.headers, host)) {
      sendText(response, 403, "Solicitud rechazada: no viene de una página de este sitio.");
      return;
    }
    const client = options.describeClient(request);
    // A state-changing request has just shown an Origin naming this very host: its scheme is the
    // one the browser used, even behind a TLS proxy this server was not told to trust.
    const origin = request.headers.origin;
    const protocol =
      origin && method !== "GET" && method !== "HEAD"
        ? new URL(origin).protocol.slice(0, -1)
        : client.protocol;
    const url = inboxUrl(request.url ?? "/", protocol, host || "localhost");
    if (!url) {
      sendText(response, 400, "Solicitud rechazada: la dirección o el Host no son válidos.");
      return;
    }
    // One canonical form per address, as on the static site: no trailing slash.
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      response.writeHead(301, { Location: canonicalPath(url.pathname) + url.search }).end();
      return;
    }

    let body: Buffer | ReadableStream | undefined;
    if (method !== "GET" && method !== "HEAD" && !isBodiless(request)) {
      // Every action reads a form: anything else, or a multipart body without its boundary, is
      // refused here, so no route's parser ever meets it (a parser's throw would be a 500).
      const encoding = formEncodingOf(request.headers["content-type"]);
      if (typeof encoding !== "string") {
        request.resume();
        sendText(response, encoding.status, encoding.problem);
        return;
      }
      if (streamsItsBody(method, url.pathname, encoding)) {
        // A photo upload: handed on as it arrives; its reader enforces its own byte limit while
        // streaming (server/site/photos/photo-upload.ts), so it is never held whole here.
        body = bodyStream(request);
      } else {
        const read = await readBody(request, bodyLimitBytes);
        if (read === "too-large") {
          sendText(response, 413, "Solicitud demasiado grande.");
          return;
        }
        if (read === "stalled") {
          response.setHeader("Connection", "close");
          sendText(
            response,
            408,
            "El formulario dejó de llegar: tu conexión no mandó datos. Volvé a intentarlo.",
          );
          return;
        }
        if (!(await isReadableForm(read, request.headers["content-type"]!))) {
          sendText(response, 400, "El formulario llegó incompleto: volvé a intentarlo.");
          return;
        }
        body = read;
      }
    }
    const abort = new AbortController();
    response.on("close", () => abort.abort());
    const fetchRequest = new Request(url, {
      method,
      headers: toHeaders(request.headers),
      body: body instanceof ReadableStream ? body : body && new Uint8Array(body),
      signal: abort.signal,
      ...(body instanceof ReadableStream ? { duplex: "half" as const } : {}),
    });
    const appHost: Host = { nonce, clientAddress: client.address, inbox: options.inbox };
    const context = new RouterContextProvider(
      new Map<RouterContext<unknown>, unknown>([
        [hostContext, appHost],
        ...(visitsContext ? [[visitsContext, options.visits ?? null] as const] : []),
      ]),
    );
    const answer = await handle(fetchRequest, context);

    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    // An upload answered before its end (stalled, or refused while still arriving): the rest of it
    // must not be read as the next request.
    if (body instanceof ReadableStream && !request.complete) headers["connection"] = "close";
    response.writeHead(answer.status, headers);
    if (!answer.body || method === "HEAD") {
      response.end();
      return;
    }
    await pipeline(Readable.fromWeb(answer.body as never), response).catch(() => {
      // The client went away mid-response; nothing to repair.
    });
  };
}

/**
 * The inbox's forms are small (a login, a status, the ids of one person's leads): a body is read
 * whole, up to this size, before anything parses it.
 */
export const bodyLimitBytes = 64 * 1024;

/** The one form whose body is not read whole first: the owner's photo upload (multipart). */
function streamsItsBody(method: string, pathname: string, encoding: FormEncoding): boolean {
  return (
    method === "POST" &&
    (pathname === inboxPaths.sitePhotos || pathname === `${inboxPaths.sitePhotos}.data`) &&
    encoding === "multipart"
  );
}

/** Whether a whole form body parses as its Content-Type says (a cut or broken multipart does not). */
async function isReadableForm(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

function toHeaders(incoming: IncomingMessage["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** A POST with nothing in it and no declared type (a sign-out button, a bare fetch): nothing to parse. */
function isBodiless(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    headers["content-type"] === undefined &&
    headers["transfer-encoding"] === undefined &&
    Number(headers["content-length"] ?? 0) === 0
  );
}
