import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

import type { SiteConfig } from "#app/config/site-config.ts";
import { retiredTowers } from "#app/content/towers.ts";
import { pages, retiredTowerRedirects } from "#app/site-map.ts";
import { clientDirOf, deployDirOf, retiredDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile, headerPolicyFor } from "../../server/headers.ts";
import { renderNginxConf, renderNginxSite } from "../../server/nginx-config.ts";
import { renderHeadersFile, renderRedirectsFile } from "../../server/static-host-config.ts";
import { bootLoaderHash } from "./islands.ts";

/**
 * Writes the server configurations for this build, all from server/headers.ts:
 * - deploy/header-policy.json: the CSP inputs (form service, inline hashes) the Node server reads;
 * - deploy/site.conf: maps + server block to include in an existing nginx (NGINX_LISTEN, default 80;
 *   NGINX_ROOT, default this build's client directory; server name from SITE_URL; /api/ and /gracias
 *   proxied to the lead service at NGINX_LEAD_SERVICE, default 127.0.0.1:3000);
 * - deploy/nginx.conf: a complete, self-contained nginx configuration (127.0.0.1:8080 unless
 *   NGINX_LISTEN is set; pid, logs and temp files under deploy/run);
 * - client/_headers and client/_redirects for static hosts.
 */
export function writeDeployFiles(buildDir: string, config: SiteConfig): void {
  const clientDir = clientDirOf(buildDir);
  const deployDir = deployDirOf(buildDir);
  mkdirSync(deployDir, { recursive: true });

  const policy = headerPolicyFor(
    htmlFiles(clientDir).map((file) => readFileSync(file, "utf8")),
    config.formServiceUrl,
  );
  if (!policy.scriptHashes.includes(bootLoaderHash)) {
    throw new Error(`The boot loader's hash ${bootLoaderHash} is not among the pages' inline scripts.`);
  }
  writeFileSync(headerPolicyFile(buildDir), JSON.stringify(policy, null, 2) + "\n");

  const root = resolve(process.env.NGINX_ROOT ?? clientDir);
  const serverName = process.env.NGINX_SERVER_NAME ?? new URL(config.siteUrl).hostname;
  const leadService = process.env.NGINX_LEAD_SERVICE;
  writeFileSync(
    join(deployDir, "site.conf"),
    renderNginxSite({ policy, root, serverName, leadService, listen: process.env.NGINX_LISTEN ?? "80" }),
  );
  // The standalone configuration keeps its pid, logs and temp files here.
  mkdirSync(join(deployDir, "run", "tmp"), { recursive: true });
  writeFileSync(
    join(deployDir, "nginx.conf"),
    renderNginxConf({
      policy,
      root,
      serverName,
      listen: process.env.NGINX_LISTEN ?? "127.0.0.1:8080",
      prefix: resolve(deployDir, "run"),
      leadService,
    }),
  );

  const entries = readdirSync(clientDir, { withFileTypes: true }).map((entry) => ({
    name: entry.name,
    directory: entry.isDirectory(),
  }));
  writeFileSync(join(clientDir, "_headers"), renderHeadersFile(policy, entries));
  const retired = retiredTowerRedirects(retiredTowers.map((tower) => tower.slug));
  writeFileSync(
    join(clientDir, "_redirects"),
    renderRedirectsFile(
      pages.map((page) => page.path),
      retired,
    ),
  );
  // The same rule for the Node server and nginx: one marker per old address, holding where it leads.
  for (const { from, to } of retired) {
    const marker = join(retiredDirOf(buildDir), from);
    mkdirSync(dirname(marker), { recursive: true });
    writeFileSync(marker, `${to}\n`);
  }
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return entry.endsWith(".html") ? [path] : [];
  });
}
