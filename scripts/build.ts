/**
 * Production build: artwork, React Router build (public pages prerendered,
 * the inbox server-rendered from build/server), then the static-site
 * finishing steps (deferred hydration, sitemap and robots, 404 and SPA shell
 * placement, deploy headers, precompressed copies).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { loadSiteConfigOrExit } from "#app/config/site-config.ts";
import { notFoundPaths, prerenderedPaths } from "#app/site-map.ts";
import {
  buildDir,
  clientDirOf,
  notFoundFileFor,
  pageFile,
  spaFallbackFileOf,
} from "../server/build-layout.ts";
import { precompress } from "./build/precompress.ts";
import { bootModuleWriter, deferHydration } from "./build/defer-hydration.ts";
import { robotsTxt, sitemapXml } from "./build/seo-files.ts";
import { renderSpaShell } from "./build/spa-shell.ts";
import { writeDeployFiles } from "./build/deploy-files.ts";

const clientDir = clientDirOf(buildDir);

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: "inherit" });
}

const { config, examplesInUse } = loadSiteConfigOrExit(process.env);
if (examplesInUse.length > 0) {
  console.warn(
    `\n\u001b[33m⚠  ATENCIÓN: el sitio usa valores de EJEMPLO en ${examplesInUse.join(", ")}.\n` +
      `   Definí esas variables de entorno antes de publicar (README, "Configuration"); ` +
      `\`npm run check:release\` lo verifica.\u001b[0m\n`,
  );
}

run("npm", ["run", "generate"]);
run("npx", ["react-router", "build"]);

for (const path of prerenderedPaths) {
  const file = join(clientDir, pageFile(path));
  const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
  const html = deferHydration(readFileSync(file, "utf8"), bootModuleWriter(clientDir, name));
  writeFileSync(file, html);
}

// The 404 page sits where static hosts look for it; the SPA shell is kept out
// of the public folder (only the benchmark's client-rendered baseline uses it).
for (const notFoundPath of Object.values(notFoundPaths)) {
  renameSync(join(clientDir, pageFile(notFoundPath)), join(clientDir, notFoundFileFor(notFoundPath)));
  rmSync(join(clientDir, dirname(pageFile(notFoundPath))), { recursive: true });
}
writeFileSync(spaFallbackFileOf(buildDir), await renderSpaShell(buildDir));

const today = new Date().toISOString().slice(0, 10);
writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(config.siteUrl, today));
writeFileSync(join(clientDir, "robots.txt"), robotsTxt(config.siteUrl));

writeDeployFiles(buildDir, config);
precompress(clientDir);

console.log(`\nBuild ready in ${buildDir}/client (${readdirSync(join(clientDir, "assets")).length} assets).`);
