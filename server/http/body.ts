import type { IncomingMessage } from "node:http";

/**
 * What ends a body that is still arriving: a stall, never its length. A phone's 20 MB photo at
 * 300 KB/s takes 70 s and must arrive; a body that sends no byte for this long is given up, and
 * its request answered (408, with a page that says so). nginx waits a little longer
 * (server/nginx-config.ts), so the service's answer is the one the client sees (decision 0040).
 */
export const bodyStallMs = 30_000;

/** The stall limit each request's readers use, set by the server that accepted it (tests: seconds). */
const stallLimits = new WeakMap<IncomingMessage, number>();

export function setBodyStallLimit(request: IncomingMessage, ms: number): void {
  stallLimits.set(request, ms);
}

function stallLimitOf(request: IncomingMessage): number {
  return stallLimits.get(request) ?? bodyStallMs;
}

/** A body that stopped arriving: no byte for `ms`. */
export class StalledBody extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`El envío se detuvo: ${Math.round(ms / 1000)} s sin recibir datos.`);
    this.name = "StalledBody";
    this.ms = ms;
  }
}

/**
 * The one reader of a request's body for every server: read up to `limit`
 * bytes; a body declared larger is refused before a byte is read, and one that
 * grows past the limit stops being kept and the rest is drained unread
 * ("too-large"), so a large body costs no memory. A body that stops arriving
 * for the stall limit is given up ("stalled"); a slow one is read to its end.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | "too-large" | "stalled"> {
  if (declaredLength(request) > limit) return Promise.resolve("too-large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stall = stallTimer(stallLimitOf(request), () => {
      request.removeAllListeners("data");
      resolve("stalled");
    });
    request.on("data", (chunk: Buffer) => {
      stall.restart();
      size += chunk.length;
      if (size > limit) {
        stall.stop();
        request.removeAllListeners("data");
        request.resume();
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      stall.stop();
      resolve(Buffer.concat(chunks));
    });
    request.on("error", (error) => {
      stall.stop();
      reject(error);
    });
    request.on("close", () => stall.stop());
  });
}

/** A timer that fires once after `ms` without a restart. */
function stallTimer(ms: number, onStall: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const restart = () => {
    stop();
    timer = setTimeout(() => {
      timer = undefined;
      onStall();
    }, ms);
    timer.unref();
  };
  restart();
  return { restart, stop };
}

/** The Content-Length the client declared (0 when none). */
export function declaredLength(request: IncomingMessage): number {
  return Number(request.headers["content-length"] ?? 0);
}

/**
 * A request's body as a web stream that cannot throw outside its reader: the
 * client's bytes are queued only while the stream is open, a reader that stops
 * early (a refused upload) leaves the rest to be drained unread so the answer
 * can still go out, and a client that goes away mid-body ends the stream with
 * an error its reader sees. (Node's own `Readable.toWeb` enqueues into a
 * controller its reader has already closed, which throws in an event handler
 * and ends the process.) A body that stops arriving for the stall limit ends
 * the stream with a `StalledBody` error; the clock runs only while the stream
 * waits for the client, never while its reader is still busy with what came.
 */
export function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  let stall: ReturnType<typeof stallTimer> | undefined;
  const stop = () => {
    const wasOpen = open;
    open = false;
    stall?.stop();
    return wasOpen;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const ms = stallLimitOf(request);
        stall = stallTimer(ms, () => stop() && controller.error(new StalledBody(ms)));
        request.on("data", (chunk: Buffer) => {
          if (!open) return;
          stall?.restart();
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) {
            // Held back by its reader, not by the client: no stall counted until it asks again.
            stall?.stop();
            request.pause();
          }
        });
        request.on("end", () => stop() && controller.close());
        request.on("error", (error) => stop() && controller.error(error));
        request.on("close", () => {
          if (!request.complete && stop()) controller.error(new Error("El cliente cortó el envío."));
        });
      },
      pull() {
        if (open && request.isPaused()) stall?.restart();
        request.resume();
      },
      cancel() {
        stop();
        request.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** What the inbox's forms send: URL-encoded fields, or multipart (the photo form). */
export type FormEncoding = "urlencoded" | "multipart";

/**
 * How a form body declared by `contentType` can be read, or why it cannot: a
 * type that is not a form (415), or a multipart body without a usable boundary
 * (400), refused before a byte of the body is parsed.
 */
export function formEncodingOf(
  contentType: string | undefined,
): FormEncoding | { status: 400 | 415; problem: string } {
  const type = (contentType ?? "").trim().toLowerCase();
  if (/^application\/x-www-form-urlencoded\s*(;|$)/.test(type)) return "urlencoded";
  if (/^multipart\/form-data\s*(;|$)/.test(type))
    return multipartBoundary(contentType ?? "") === undefined
      ? { status: 400, problem: "El formulario llegó incompleto: volvé a intentarlo." }
      : "multipart";
  return { status: 415, problem: "Solicitud rechazada: no es un formulario de esta página." };
}

/** The boundary of a multipart Content-Type: 1 to 70 characters (RFC 2046), or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : undefined;
}
