/**
 * Serves the production build on localhost with the same status codes,
 * redirects and headers as the production nginx configuration.
 *   PORT (default 3000), HOST (default 127.0.0.1), BUILD_DIR (default build)
 */
import { createServer } from "node:http";
import { extname, join } from "node:path";

import { cacheControlFor, contentTypes, readVariant, resolvePath } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const clientDir = join(process.env.BUILD_DIR ?? "build", "client");

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  const resolution = resolvePath(clientDir, url.pathname);
  if (resolution.kind === "redirect") {
    response.writeHead(301, { Location: resolution.location + url.search }).end();
    return;
  }
  const { body, encoding } = readVariant(resolution.file, String(request.headers["accept-encoding"] ?? ""));
  response.writeHead(resolution.status, {
    "Content-Type": contentTypes[extname(resolution.file)] ?? "application/octet-stream",
    "Content-Length": body.length,
    "Cache-Control": cacheControlFor(resolution.file),
    Vary: "Accept-Encoding",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : body);
});

server.listen(port, host, () => {
  console.log(`Sitio disponible en http://${host}:${port}/`);
});
