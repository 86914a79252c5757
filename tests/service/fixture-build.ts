import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { headerPolicyFile, type HeaderPolicy } from "../../server/headers.ts";

/**
 * A minimal build for the service's process tests (the real build takes
 * minutes and the browser tests use it): a home page, the 404 page with a
 * stylesheet, and the thank-you pages (Spanish and English) with the generic
 * WhatsApp link the prerendered /gracias and /en/thank-you carry.
 */
export const genericWhatsAppLink = "https://wa.me/5491100000000";

export function writeFixtureBuild(): string {
  const buildDir = mkdtempSync(join(tmpdir(), "leads-build-"));
  const client = join(buildDir, "client");
  mkdirSync(join(client, "gracias"), { recursive: true });
  mkdirSync(join(client, "en", "thank-you"), { recursive: true });
  mkdirSync(join(client, "assets"), { recursive: true });
  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html lang="es"><head><title>${title}</title>` +
    `<link rel="stylesheet" href="/assets/root-test.css"></head><body>${body}</body></html>`;
  writeFileSync(join(client, "index.html"), page("Inicio", "<h1>Inicio</h1>"));
  writeFileSync(join(client, "404.html"), page("No encontrada", "<h1>Página no encontrada</h1>"));
  writeFileSync(join(client, "assets", "root-test.css"), "body{margin:0}");
  writeFileSync(
    join(client, "gracias", "index.html"),
    page(
      "Gracias",
      `<h1>¡Gracias!</h1><p><a class="btn" data-handoff-link="" href="${genericWhatsAppLink}" ` +
        `target="_blank" rel="noopener noreferrer">Abrir WhatsApp</a></p>`,
    ),
  );
  writeFileSync(
    join(client, "en", "thank-you", "index.html"),
    page(
      "Thank you",
      `<h1>Thank you!</h1><p><a class="btn" data-handoff-link="" href="${genericWhatsAppLink}" ` +
        `target="_blank" rel="noopener noreferrer">Open WhatsApp</a></p>`,
    ),
  );
  const policy: HeaderPolicy = { formServiceUrl: "", scriptHashes: [] };
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  // The server bundle the inbox (/bandeja) is rendered from: a stand-in with no routes, enough
  // for the server to start; the inbox's own tests run on the real build.
  mkdirSync(join(buildDir, "server"), { recursive: true });
  writeFileSync(
    join(buildDir, "server", "index.js"),
    [
      "export const entry = { module: { hostContext: {}, default: () => new Response(null, { status: 404 }) } };",
      "export const routes = {};",
      'export const assets = { routes: {}, entry: { module: "", imports: [] }, url: "", version: "0" };',
      'export const publicPath = "/";',
      'export const assetsBuildDirectory = "client";',
      "export const future = {};",
      'export const basename = "/";',
      "export const ssr = true;",
      "export const isSpaMode = false;",
      "export const prerender = [];",
      'export const routeDiscovery = { mode: "initial" };',
    ].join("\n"),
  );
  writeFileSync(headerPolicyFile(buildDir), JSON.stringify(policy));
  return buildDir;
}
