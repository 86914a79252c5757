import { readFileSync } from "node:fs";

import { hiddenEndings, hiddenPaths } from "./build-layout.ts";
import {
  allowedMethods,
  compressibleExtensions,
  contentTypes,
  immutableCache,
  immutablePrefixes,
  revalidateCache,
  securityHeaders,
  varyHeader,
  contentSecurityPolicy,
  type HeaderPolicy,
} from "./headers.ts";
import { inboxPaths, inboxRoot } from "#app/features/inbox/paths.ts";
import { towerListPaths } from "#app/site-map.ts";
import { bodyStallMs } from "./http/body.ts";
import { uploadLimits } from "./site/photos/photo-upload.ts";

/**
 * Fills the committed nginx templates (deploy/nginx/) from the header module,
 * so nginx sends exactly what the Node server and the static-host files send.
 */

const template = (name: string) => readFileSync(new URL(`../deploy/nginx/${name}`, import.meta.url), "utf8");

export const debianModulesDir = "/usr/lib/nginx/modules";
export const brotliModules = ["ngx_http_brotli_filter_module.so", "ngx_http_brotli_static_module.so"];

export type SiteOptions = {
  policy: HeaderPolicy;
  /** Absolute path of the build's client directory. */
  root: string;
  /** `listen` parameters, e.g. "80", "127.0.0.1:8080". */
  listen: string;
  serverName?: string;
  /** Brotli (Debian: libnginx-mod-http-brotli-filter and -static). */
  brotli?: boolean;
  /** host:port of the lead service (`npm run serve`), default 127.0.0.1:3000. */
  leadService?: string;
  /** The service's stall limit for a body (default `bodyStallMs`; tests shorten both together). */
  bodyStallMs?: number;
  /**
   * The service's LEADS_PROXY_SECRET, sent with every proxied request so the service believes
   * this nginx's X-Forwarded-For (decision 0040). Without it (the build's generic copy) the header
   * is cleared, never passed on from a client.
   */
  proxySecret?: string;
};

/**
 * How long nginx waits for the next byte of a body it passes to the service: the service's own
 * stall limit and a margin, so that a stalled upload is answered by the service (408 and a page
 * that says what happened, the owner's texts kept) rather than cut by nginx with nothing.
 */
export function nginxBodyTimeoutSeconds(stallMs: number = bodyStallMs): number {
  return Math.ceil(stallMs / 1000) + 10;
}

/** Paths nginx hands to the lead service, which sets their Cache-Control itself. */
export const leadServicePaths = { prefix: "/api/", exact: ["/gracias", "/en/thank-you"] } as const;

/**
 * The owner's inbox (/bandeja, /bandeja/…, /bandeja.data), rendered by the same
 * service: it answers every method itself and sends its own Cache-Control
 * (no-store) and Content-Security-Policy (with a fresh nonce), so nginx adds neither.
 */
export const inboxPathPattern = `${inboxRoot}([/.]|$)`;

export type StandaloneOptions = SiteOptions & {
  /** Directory for the pid file, logs and temp files. */
  prefix: string;
  workers?: number | "auto";
  accessLog?: boolean;
  modulesDir?: string;
};

/** The maps and the server block, for inclusion inside `http { }`. */
export function renderNginxSite(options: SiteOptions): string {
  const brotli = options.brotli ?? true;
  const compressibleTypes = [
    ...new Set(compressibleExtensions.map((extension) => mimeType(contentTypes[extension]!))),
  ];
  const headers = [
    ...securityHeaders(options.policy),
    varyHeader,
    ["Cache-Control", "$site_cache_control"],
    ["Allow", "$site_allow"],
  ];
  // The inbox sends its own page headers (its CSP with nonces): nginx passes them on.
  const forwarding = {
    bodyTimeout: nginxBodyTimeoutSeconds(options.bodyStallMs),
    proxySecret: options.proxySecret ?? "",
  };
  const inboxProxy = proxyLines(
    headers
      .map(([name]) => name!)
      .filter(
        (name) =>
          !["Vary", "Allow", "Cache-Control", "Content-Security-Policy", "Permissions-Policy"].includes(name),
      ),
    "$http_host",
    forwarding,
  );
  return fill(template("site.conf.template"), {
    CACHE_MAP: [
      `    default ${quote(revalidateCache)};`,
      ...immutablePrefixes.map((prefix) => `    ~^${escapeRegex(prefix)} ${quote(immutableCache)};`),
      // Empty: no header added, the service's own passes through (no-store where visitor data is).
      `    ~^${escapeRegex(leadServicePaths.prefix)} "";`,
      ...leadServicePaths.exact.map((path) => `    ${path} "";`),
      `    ~^${inboxPathPattern} "";`,
    ].join("\n"),
    // The lead service sends its own Vary (on Origin too): nginx adds none to its answers.
    VARY_MAP: [
      `    default ${quote(varyHeader[1])};`,
      `    ~^${escapeRegex(leadServicePaths.prefix)} "";`,
      ...leadServicePaths.exact.map((path) => `    ${path} "";`),
    ].join("\n"),
    INBOX_PATH: inboxPathPattern,
    SITE_CSP: quote(contentSecurityPolicy(options.policy)),
    SITE_PERMISSIONS: quote(headers.find(([name]) => name === "Permissions-Policy")![1]!),
    LEAD_SERVICE: options.leadService ?? "127.0.0.1:3000",
    PROXY: proxyLines(
      headers.map(([name]) => name!).filter((name) => !["Vary", "Allow", "Cache-Control"].includes(name)),
      // With its port: the service accepts a same-origin post when its Origin names the Host it was sent to.
      "$http_host",
      forwarding,
    ),
    INBOX_PROXY: inboxProxy,
    PHOTO_UPLOAD_PATH: inboxPaths.sitePhotos,
    PHOTO_UPLOAD_PROXY: photoUploadProxyLines(inboxProxy),
    ALLOW: allowedMethods.join(", "),
    METHODS: allowedMethods.join("|"),
    LISTEN: options.listen,
    SERVER_NAME: options.serverName ?? "_",
    ROOT: options.root,
    TYPES: typesBlock(),
    CHARSET_TYPES: [...new Set(Object.values(contentTypes).filter(hasCharset).map(mimeType))].join(" "),
    COMPRESSIBLE_TYPES: compressibleTypes.filter((type) => type !== "text/html").join(" "),
    BROTLI: brotli
      ? [
          "    brotli_static on;",
          "    brotli on;",
          `    brotli_types ${compressibleTypes.filter((type) => type !== "text/html").join(" ")};`,
          "",
        ].join("\n")
      : "",
    HEADERS: headers
      .map(([name, value]) =>
        // The inbox sends its own policy: this one is mapped to nothing under /bandeja (see $site_csp).
        name === "Content-Security-Policy"
          ? `    add_header ${name} $site_csp always;`
          : name === "Permissions-Policy"
            ? `    add_header ${name} $site_permissions always;`
            : name === "Vary"
              ? `    add_header ${name} $site_vary always;`
              : `    add_header ${name} ${quote(value!)} always;`,
      )
      .join("\n"),
    TOWER_LIST_ES: towerListPaths.es,
    TOWER_LIST_EN: towerListPaths.en,
    HIDDEN: hiddenPathPattern(),
    ENGLISH_HIDDEN: englishHiddenPathPattern(),
  });
}

/**
 * The proxy settings of a location handed to the lead service; `hidden`: the
 * service's headers nginx sets itself; `host`: the Host the service sees; `bodyTimeout`: the
 * seconds nginx waits for a body's next byte; `proxySecret`: what proves this nginx to the service.
 */
function proxyLines(
  hidden: string[],
  host: string,
  { bodyTimeout, proxySecret }: { bodyTimeout: number; proxySecret: string },
): string {
  return [
    "proxy_http_version 1.1;",
    'proxy_set_header Connection "";',
    `proxy_set_header Host ${host};`,
    // The service believes this header only from a request that carries its secret (decision 0040).
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    `proxy_set_header X-Proxy-Secret ${quote(proxySecret)};`,
    "proxy_set_header X-Forwarded-Proto $scheme;",
    // A little above the service's own 32 KB limit, so the service answers 413 itself.
    "client_max_body_size 64k;",
    // A body is given up when it stalls, never for being slow: after the service's own limit.
    `client_body_timeout ${bodyTimeout}s;`,
    // Down or slow: fail fast, the page falls back to WhatsApp.
    "proxy_connect_timeout 5s;",
    "proxy_read_timeout 30s;",
    ...hidden.map((name) => `proxy_hide_header ${name};`),
  ]
    .map((line) => `        ${line}`)
    .join("\n");
}

/**
 * The inbox's proxy settings for the photo upload: the body passed on as it arrives (the service
 * reads it with its own limit) and allowed up to the service's request limit, so even a 50 MB
 * photo gets the service's page with its message instead of nginx's bare 413.
 */
function photoUploadProxyLines(inboxLines: string): string {
  const megabytes = Math.ceil(uploadLimits.requestBytes / 1024 / 1024);
  return inboxLines
    .replace("client_max_body_size 64k;", `client_max_body_size ${megabytes}m;`)
    .replace("proxy_read_timeout 30s;", "proxy_read_timeout 60s;\n        proxy_request_buffering off;");
}

/** A complete nginx.conf that needs nothing outside `prefix` and the build. */
export function renderNginxConf(options: StandaloneOptions): string {
  const modulesDir = options.modulesDir ?? debianModulesDir;
  const site = renderNginxSite(options)
    .split("\n")
    .map((line) => (line ? `    ${line}` : line))
    .join("\n");
  return fill(template("nginx.conf.template"), {
    LOAD_MODULES:
      (options.brotli ?? true)
        ? brotliModules.map((module) => `load_module ${modulesDir}/${module};`).join("\n")
        : "",
    WORKERS: String(options.workers ?? "auto"),
    PREFIX: options.prefix,
    ACCESS_LOG: options.accessLog ? `${options.prefix}/access.log` : "off",
    SITE: site,
  });
}

/** The hidden paths under /en as one location regex: they get the English 404 page. */
function englishHiddenPathPattern(): string {
  const english = hiddenPaths.filter((path) => path.startsWith("/en/"));
  return `^(${english.map(escapeRegex).join("|")})$|^(?=/en/).*(${hiddenEndings.map(escapeRegex).join("|")})$`;
}

/** The build layout's hidden paths as one location regex. */
function hiddenPathPattern(): string {
  return `^(${hiddenPaths.map(escapeRegex).join("|")})$|(${hiddenEndings.map(escapeRegex).join("|")})$`;
}

function typesBlock(): string {
  return Object.entries(contentTypes)
    .map(([extension, type]) => `        ${mimeType(type)} ${extension.slice(1)};`)
    .join("\n");
}

function fill(text: string, values: Record<string, string>): string {
  const filled = text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for ${whole}`);
    return value;
  });
  return filled;
}

function mimeType(contentType: string): string {
  return contentType.split(";")[0]!.trim();
}

function hasCharset(contentType: string): boolean {
  return /charset=/i.test(contentType);
}

/** nginx string literal: double-quoted, with \ and " escaped; `$name` stays a variable. */
function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
