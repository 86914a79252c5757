import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

import { minifySync } from "rolldown/utils";

/**
 * Turns a prerendered React Router page into an HTML-first page with one
 * island (docs/decisions/0015-html-first-islands.md):
 * - every script React Router wrote (context, route modules, hydration) and
 *   every modulepreload link go: nothing hydrates;
 * - the lead-form templates no opener of the page opens go;
 * - the boot loader (boot-loader.js, identical on every page, so one CSP hash
 *   covers it) goes at the end of the body, naming the island module it imports.
 * JSON-LD stays.
 */

const bootLoader = minify(readFileSync(new URL("./boot-loader.js", import.meta.url), "utf8"));

export const bootLoaderHash = `sha256-${createHash("sha256").update(bootLoader).digest("base64")}`;

const scripts = /<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g;
const modulePreload = /<link rel="modulepreload"[^>]*>/g;
const modalTemplate = /<template data-lead-modal="(?<form>[^"]+)">[\s\S]*?<\/template>/g;

export function toIslandPage(html: string, islandUrl: string): string {
  if (!html.includes("window.__reactRouterContext")) {
    throw new Error("No React Router scripts found: did React Router change its output?");
  }
  const openers = new Set([...html.matchAll(/<a [^>]*data-lead-form="([^"]+)"/g)].map((match) => match[1]));
  const page = html
    .replace(scripts, "")
    .replace(modulePreload, "")
    .replace(modalTemplate, (template, form: string) => (openers.has(form) ? template : ""));
  const loader = `<script data-island="${islandUrl}">${bootLoader}</script>`;
  return page.replace("</body>", `${loader}</body>`);
}

/** The loader is in every page's HTML, before the first paint: minified (210 B gzip less than trimmed lines). */
function minify(source: string): string {
  const { code, errors } = minifySync("boot-loader.js", source, { compress: true, mangle: true });
  if (errors.length > 0)
    throw new Error(`boot-loader.js: ${errors.map((error) => error.message).join("; ")}`);
  return code;
}
