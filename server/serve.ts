/**
 * Serves the production build on localhost with the same status codes,
 * redirects and headers as the production nginx configuration (both come from
 * server/headers.ts and the policy the build recorded).
 *   PORT (default 3000), HOST (default 127.0.0.1), BUILD_DIR (default build)
 */
import { createServer, type ServerResponse } from "node:http";
import { join } from "node:path";

import { createAppHandler, isAppPath } from "./app-handler.ts";
import { allowedMethods, cacheControlFor, readHeaderPolicy, securityHeaders, varyHeader } from "./headers.ts";
import { contentTypeFor, readVariant, resolvePath } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = join(buildDir, "client");
const everyResponse = [...securityHeaders(readHeaderPolicy(buildDir)), varyHeader];
const handleApp = await createAppHandler({
  buildDir,
  describeClient: (request) => {
    const address = request.socket.remoteAddress ?? "";
    return { clientAddress: address, secureTransport: isLoopback(address), protocol: "http" };
  },
});

function isLoopback(address: string): boolean {
  return address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127.");
}

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
  if (isAppPath(url.pathname)) {
    handleApp(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
    return;
  }
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
