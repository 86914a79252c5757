import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The last line of defence against one request ending the process (site, lead
 * service and inbox share it, so a crash would drop every lead in flight).
 *
 * Each request runs inside `withinRequest`; an error nobody caught while that
 * request's code or its streams ran is traced back to it, logged, answered 500
 * (or its connection closed, when its answer had begun) and the process goes
 * on. This hides no corruption: what a request changes is its own response and
 * its own database transaction, which rolls back when it fails; the state
 * shared between requests lives in the database, not in memory a request could
 * leave half-written. An error that belongs to no request (a timer, a worker,
 * start-up, a publication) still ends the process with its stack, so the
 * supervisor starts it afresh rather than letting it run in a state nobody
 * checked. The guard is not the fix: every parser refuses a malformed body
 * with a 4xx first (server/http/body.ts); the guard only makes a missed case
 * cost one request instead of all of them.
 */
type RequestInFlight = { request: IncomingMessage; response: ServerResponse; path: string };

const current = new AsyncLocalStorage<RequestInFlight>();

/** Runs a request's handling where an uncaught error can be traced back to it. */
export function withinRequest<T>(inFlight: RequestInFlight, handle: () => T): T {
  return current.run(inFlight, handle);
}

/** Answers a request that failed: 500 if nothing was sent yet, otherwise its connection is closed. */
export function answerFailure(response: ServerResponse): void {
  if (response.writableEnded) return;
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  response.end("Error interno: la solicitud no se pudo completar.\n");
}

/**
 * Installs the process-wide guard (once, in the entry point). `exit` is
 * process.exit unless a test replaces it.
 */
export function guardProcessAgainstRequests(
  log: (line: string) => void = (line) => console.error(line),
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const onError = (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    const inFlight = current.getStore();
    if (!inFlight) {
      log(`Error fuera de toda solicitud; el proceso termina para volver a empezar limpio: ${detail}`);
      exit(1);
      return;
    }
    log(`${inFlight.request.method} ${inFlight.path.slice(0, 200)} 500 (error no atrapado): ${detail}`);
    try {
      answerFailure(inFlight.response);
    } catch {
      inFlight.response.destroy();
    }
  };
  process.on("uncaughtException", onError);
  process.on("unhandledRejection", onError);
}
