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
import { contentTypes, resolvePath } from "../../server/static-site.ts";

export type Variant = "site" | "floor" | "baseline";

export function stripScripts(html: string): string {
  return html
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** Serves a variant of the build with the same compression as production. */
export function serveVariant(variant: Variant, buildDir: string, port: number): Promise<Server> {
  const clientDir = clientDirOf(buildDir);
  const shell = readFileSync(spaFallbackFileOf(buildDir), "utf8");
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const resolution = resolvePath(clientDir, url.pathname);
    if (resolution.kind === "redirect") {
      response.writeHead(301, { Location: resolution.location }).end();
      return;
    }
    const isHtml = resolution.file.endsWith(".html");
    let body: Buffer = readFileSync(resolution.file);
    // Lighthouse refuses to audit a 404 response, so the 404 page is measured with status 200.
    const status = 200;
    if (isHtml && variant === "floor") body = Buffer.from(stripScripts(body.toString("utf8")));
    if (isHtml && variant === "baseline") {
      body = Buffer.from(shell);
    }
    const accept = String(request.headers["accept-encoding"] ?? "");
    const headers: Record<string, string | number> = {
      "Content-Type": contentTypes[extname(resolution.file)] ?? "application/octet-stream",
      "Cache-Control": isHtml ? "no-cache" : "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    };
    if (/\.(html|css|js|svg|json|xml|txt)$/.test(resolution.file)) {
      if (/\bbr\b/.test(accept)) {
        body = brotliCompressSync(body);
        headers["Content-Encoding"] = "br";
      } else if (/\bgzip\b/.test(accept)) {
        body = gzipSync(body);
        headers["Content-Encoding"] = "gzip";
      }
    }
    headers["Content-Length"] = body.length;
    response.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export function hasBuild(buildDir: string): boolean {
  return existsSync(join(clientDirOf(buildDir), pageFile("/"))) && existsSync(spaFallbackFileOf(buildDir));
}
