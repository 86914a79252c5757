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
