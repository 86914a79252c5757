/**
 * Serves the production build on localhost with the same status codes,
 * redirects and headers as the production nginx configuration (both come from
 * server/headers.ts and the policy the build recorded).
 *   PORT (default 3000), HOST (default 127.0.0.1), BUILD_DIR (default build)
 */
import { createServer, type ServerResponse } from "node:http";
import { buildDir, clientDirOf } from "./build-layout.ts";
import { allowedMethods, cacheControlFor, readHeaderPolicy, securityHeaders, varyHeader } from "./headers.ts";
import { contentTypeFor, readVariant, resolvePath } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const clientDir = clientDirOf(buildDir);
const everyResponse = [...securityHeaders(readHeaderPolicy(buildDir)), varyHeader];

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body?: Buffer,
) {
  for (const [name, value] of everyResponse) response.setHeader(name, value);
  response.writeHead(status, headers).end(body);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (!(allowedMethods as readonly string[]).includes(request.method ?? "")) {
    send(response, 405, { Allow: allowedMethods.join(", "), "Cache-Control": cacheControlFor(url.pathname) });
    return;
  }
  const resolution = resolvePath(clientDir, url.pathname);
  if (resolution.kind === "redirect") {
    send(response, 301, {
      Location: resolution.location + url.search,
      "Cache-Control": cacheControlFor(url.pathname),
    });
    return;
  }
  const { body, encoding } = readVariant(resolution.file, String(request.headers["accept-encoding"] ?? ""));
  const headers: Record<string, string | number> = {
    "Content-Type": contentTypeFor(resolution.file),
    "Content-Length": body.length,
    "Cache-Control": cacheControlFor(resolution.path),
    ...(encoding ? { "Content-Encoding": encoding } : {}),
  };
  send(response, resolution.status, headers, request.method === "HEAD" ? undefined : body);
});

server.listen(port, host, () => {
  console.log(`Sitio disponible en http://${host}:${port}/`);
});
