/**
 * The three sites the benchmark compares, served the same way (compression as in production):
 * - site: the production build as it is;
 * - floor: the same prerendered HTML with every script removed (what HTML and CSS alone can do);
 * - baseline: the client-rendered architecture of the original site: one empty shell for every
 *   route that renders in the browser (the build's SPA fallback page).
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

import { clientDirOf, pageFile, spaFallbackFileOf } from "../../server/build-layout.ts";
import { readHeaderPolicy, securityHeaders } from "../../server/headers.ts";
import { contentTypes, resolvePath } from "../../server/static-site.ts";

export type Variant = "site" | "floor" | "baseline";

export function stripScripts(html: string): string {
  return html
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/**
 * Serves a variant of the build compressed as in production: each body is compressed once and
 * kept, so the server answers at once, as nginx does with the build's precompressed files.
 * Compressing per request (Brotli at its best level takes 0.25-0.7 s for a 117 KB page on this
 * machine) made Lighthouse estimate a slow server and add that to every request of the page.
 * The site and the floor carry the production headers (server/headers.ts: CSP, HSTS…), about 1 KB
 * a response, as `npm start` and nginx send them: the document counts in Lighthouse's first window of
 * 14.6 KB with its headers. The client-rendered baseline goes without (its inline scripts have no
 * hash in the policy).
 */
export function serveVariant(variant: Variant, buildDir: string, port: number): Promise<Server> {
  const clientDir = clientDirOf(buildDir);
  const shell = readFileSync(spaFallbackFileOf(buildDir), "utf8");
  const productionHeaders = variant === "baseline" ? [] : securityHeaders(readHeaderPolicy(buildDir));
  const bodies = new Map<string, Buffer>();
  const bodyOf = (file: string, encoding: Encoding): Buffer => {
    const key = `${encoding} ${file}`;
    let body = bodies.get(key);
    if (!body) {
      let plain: Buffer = readFileSync(file);
      if (file.endsWith(".html") && variant === "floor")
        plain = Buffer.from(stripScripts(plain.toString("utf8")));
      if (file.endsWith(".html") && variant === "baseline") plain = Buffer.from(shell);
      body = encoders[encoding](plain);
      bodies.set(key, body);
    }
    return body;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const resolution = resolvePath(clientDir, url.pathname);
    if (resolution.kind === "redirect") {
      response.writeHead(301, { Location: resolution.location }).end();
      return;
    }
    const isHtml = resolution.file.endsWith(".html");
    const accept = String(request.headers["accept-encoding"] ?? "");
    const encoding: Encoding = !/\.(html|css|js|svg|json|xml|txt)$/.test(resolution.file)
      ? "identity"
      : /\bbr\b/.test(accept)
        ? "br"
        : /\bgzip\b/.test(accept)
          ? "gzip"
          : "identity";
    const body = bodyOf(resolution.file, encoding);
    const headers: Record<string, string | number> = {
      ...Object.fromEntries(productionHeaders),
      "Content-Type": contentTypes[extname(resolution.file)] ?? "application/octet-stream",
      "Cache-Control": isHtml ? "no-cache" : "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      "Content-Length": body.length,
    };
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    // Lighthouse refuses to audit a 404 response, so the 404 page is measured with status 200.
    response.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

type Encoding = "br" | "gzip" | "identity";
const encoders: Record<Encoding, (plain: Buffer) => Buffer> = {
  br: (plain) => brotliCompressSync(plain),
  gzip: (plain) => gzipSync(plain),
  identity: (plain) => plain,
};

export function hasBuild(buildDir: string): boolean {
  return existsSync(join(clientDirOf(buildDir), pageFile("/"))) && existsSync(spaFallbackFileOf(buildDir));
}
