import type { IncomingMessage } from "node:http";

/**
 * The one reader of a request's body for every server: read up to `limit`
 * bytes; a body declared larger is refused before a byte is read, and one that
 * grows past the limit stops being kept and the rest is drained unread
 * ("too-large"), so a large body costs no memory.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  if (declaredLength(request) > limit) return Promise.resolve("too-large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners("data");
        request.resume();
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
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
 * and ends the process.)
 */
export function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const stop = () => {
    const wasOpen = open;
    open = false;
    return wasOpen;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        request.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.on("end", () => stop() && controller.close());
        request.on("error", (error) => stop() && controller.error(error));
        request.on("close", () => {
          if (!request.complete && stop()) controller.error(new Error("El cliente cortó el envío."));
        });
      },
      pull() {
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
