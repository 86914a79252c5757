import type { IncomingMessage } from "node:http";

/**
 * A request's body, read up to `limit` bytes: past it, reading stops and the
 * rest is drained unread ("too-large"), so a large body costs no memory.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
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
