import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { hostContext } from "./features/inbox/host.ts";
import { visitsContext } from "./features/visits/agenda-service.ts";
import { CspNonce } from "./lib/csp-nonce.ts";

// The server that runs this build hands its services to the app through this key (server/app-handler.ts).
export { hostContext, visitsContext };

export const streamTimeout = 5_000;

/**
 * Renders a document: the public pages at build time (prerendered), the
 * owner's inbox per request. The whole document is awaited (no streaming):
 * a prerendered HTML file must be complete, and the inbox pages are small.
 * Per request, React Router's inline scripts carry the response's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(hostContext)?.nonce;
  const body = await renderToReadableStream(
    <CspNonce value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CspNonce>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      // Never move a large finished section out of place: a page without JavaScript could not put it back.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    },
  );
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
