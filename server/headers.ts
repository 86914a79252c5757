import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { deployDirOf } from "./build-layout.ts";

/**
 * The HTTP headers every server of this site sends: the single source that the
 * Node serve command, the generated nginx configuration and the static-host
 * `_headers` file are all made from (see docs/decisions/0006-production-serving.md).
 */

/** What a build needs the policy to allow; written by the build, read by every server. */
export type HeaderPolicy = {
  /** The lead service (SITE_FORM_SERVICE_URL): "" = this origin, "none" = no service, or its origin. */
  formServiceUrl: string;
  /** CSP hashes ('sha256-…') of the inline scripts the build emits. */
  scriptHashes: string[];
};

export const immutableCache = "public, max-age=31536000, immutable";
/** Stored, but revalidated on every use (cheap 304s via ETag/Last-Modified where the server has them). */
export const revalidateCache = "no-cache";

/** Hashed, content-addressed build output: safe to keep for a year. Everything else is revalidated. */
export const immutablePrefixes = ["/assets/"] as const;

export function cacheControlFor(urlPath: string): string {
  return immutablePrefixes.some((prefix) => urlPath.startsWith(prefix)) ? immutableCache : revalidateCache;
}

/** Content types by extension; `; charset=utf-8` marks the text types (nginx: charset_types). */
export const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

/** Extensions the build precompresses and servers may compress on the fly. */
export const compressibleExtensions = [
  ".html",
  ".css",
  ".js",
  ".json",
  ".svg",
  ".xml",
  ".txt",
  ".webmanifest",
];

export function contentSecurityPolicy(policy: HeaderPolicy): string {
  const directives: [string, string[]][] = [
    // Deny by default; each kind of resource the site really uses is allowed below.
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", ...policy.scriptHashes.map(quoted)]],
    // Stylesheet files only: the build refuses pages with inline styles (headerPolicyFor).
    ["style-src", ["'self'"]],
    // data: for small images inlined by the CSS pipeline; never for scripts.
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...serviceOrigin(policy)]],
    ["manifest-src", ["'self'"]],
    // The lead forms post to the lead service; WhatsApp hand-offs are link navigations.
    ["form-action", ["'self'", ...serviceOrigin(policy)]],
    ["base-uri", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The lead service's origin when it is elsewhere; same origin and "none" add nothing to 'self'. */
function serviceOrigin(policy: HeaderPolicy): string[] {
  return /^https?:/.test(policy.formServiceUrl) ? [policy.formServiceUrl] : [];
}

/** Chromium-recognised features the site never uses (unknown names would log console errors). */
const disabledFeatures = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

export const hstsValue = "max-age=63072000; includeSubDomains; preload";

/** Security headers, in the order servers send them. Same on every response (pages, assets, 404, redirects). */
export function securityHeaders(policy: HeaderPolicy): [name: string, value: string][] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(policy)],
    ["Strict-Transport-Security", hstsValue],
    ["X-Content-Type-Options", "nosniff"],
    // Legacy browsers that ignore frame-ancestors.
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", disabledFeatures.map((feature) => `${feature}=()`).join(", ")],
    // WhatsApp opens in a new tab through rel=noopener links; nothing needs a cross-origin opener.
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
}

/**
 * The owner's inbox (/bandeja), rendered per request: nothing but this
 * origin, scripts only from it or carrying this response's nonce (React
 * Router's hydration scripts), no inline styles, never framed.
 */
export function inboxContentSecurityPolicy(nonce: string): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * The inbox's Permissions-Policy: the site's, except that its own pages may
 * use passkeys (WebAuthn's `get` and `create`, never from a frame of another
 * origin). The public pages keep `publickey-credentials-get=()`.
 */
export function inboxPermissionsPolicy(): string {
  return [
    ...disabledFeatures
      .filter((feature) => feature !== "publickey-credentials-get")
      .map((feature) => `${feature}=()`),
    "publickey-credentials-get=(self)",
    "publickey-credentials-create=(self)",
  ].join(", ");
}

/**
 * Headers of every inbox response: the site's security headers with the
 * inbox's own CSP and Permissions-Policy, never stored by any cache, never indexed.
 */
export function inboxHeaders(nonce: string): [name: string, value: string][] {
  const siteHeaders = securityHeaders({
    formServiceUrl: "",
    scriptHashes: [],
  });
  return [
    ...siteHeaders.map(([name, value]): [string, string] =>
      name === "Content-Security-Policy"
        ? [name, inboxContentSecurityPolicy(nonce)]
        : name === "Permissions-Policy"
          ? [name, inboxPermissionsPolicy()]
          : [name, value],
    ),
    ["Cache-Control", "no-store"],
    ["X-Robots-Tag", "noindex, nofollow"],
  ];
}

/** Every response varies by Accept-Encoding: the servers pick a precompressed variant. */
export const varyHeader: [string, string] = ["Vary", "Accept-Encoding"];

/** The one method set the site answers; anything else gets 405 with this Allow header. */
export const allowedMethods = ["GET", "HEAD"] as const;

export function cspHash(source: string): string {
  return `sha256-${createHash("sha256").update(source).digest("base64")}`;
}

export type InlineSources = {
  scripts: string[];
  /** How many <style> elements and style attributes the page has. */
  styles: number;
};

/**
 * The inline code a built page carries that a CSP must allow: non-empty inline
 * scripts (JSON-LD data blocks and empty placeholders need nothing), and inline
 * styles (<style> elements and style attributes).
 */
export function inlineSources(html: string): InlineSources {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/gi)) {
    const { attributes = "", body = "" } = match.groups ?? {};
    if (/\ssrc=/i.test(attributes) || /type=["']?application\/ld\+json/i.test(attributes) || body === "")
      continue;
    scripts.push(body);
  }
  const styles =
    (html.match(/<style[\s>]/gi) ?? []).length + (html.match(/<[a-z][^>]*?\sstyle=["']/gi) ?? []).length;
  return { scripts, styles };
}

/**
 * Collects a policy from every built HTML document. The pages carry no inline
 * styles, so the policy allows none: one stops the build here rather than
 * being blocked in the browser.
 */
export function headerPolicyFor(htmlDocuments: string[], formServiceUrl: string): HeaderPolicy {
  const unique = (values: string[]) => [...new Set(values)].sort();
  const sources = htmlDocuments.map(inlineSources);
  if (sources.some((source) => source.styles > 0)) {
    throw new Error(
      "A page has an inline style (a <style> element or a style attribute), which the " +
        "Content-Security-Policy does not allow: move it to the stylesheet.",
    );
  }
  return { formServiceUrl, scriptHashes: unique(sources.flatMap((source) => source.scripts.map(cspHash))) };
}

function quoted(source: string): string {
  return source.startsWith("sha256-") ? `'${source}'` : source;
}

/** Where a build records its policy, so a server never recomputes hashes for HTML it did not build. */
export function headerPolicyFile(buildDir: string): string {
  return join(deployDirOf(buildDir), "header-policy.json");
}

export function readHeaderPolicy(buildDir: string): HeaderPolicy {
  const file = headerPolicyFile(buildDir);
  if (!existsSync(file))
    throw new Error(`${file} is missing: run \`npm run build\` (with BUILD_DIR=${buildDir}) first.`);
  return JSON.parse(readFileSync(file, "utf8")) as HeaderPolicy;
}
