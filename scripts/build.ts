/**
 * Production build: artwork, React Router build (public pages prerendered,
 * the inbox server-rendered from build/server), the public pages' island
 * (app/island.ts, one module), then the static-site finishing steps (React
 * Router's scripts replaced by the island's boot loader, sitemap and robots,
 * 404 and SPA shell placement, deploy headers, precompressed copies).
 */
// First: the owner's tower edits, before any module loads the catalogue.
import "./build/tower-overrides-global.ts";
import { spawn } from "node:child_process";
import { build as viteBuild, type Rolldown } from "vite";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { loadSiteConfigOrExit } from "#app/config/site-config.ts";
import { notFoundPaths, prerenderedPaths } from "#app/site-map.ts";
import {
  buildDir,
  clientDirOf,
  generatedDirVariable,
  generatedSourcesOf,
  imageManifestFileOf,
  notFoundFileFor,
  pageFile,
  spaFallbackFileOf,
} from "../server/build-layout.ts";
import { precompress } from "./build/precompress.ts";
import { toIslandPage } from "./build/islands.ts";
import { siteDefines } from "./build/site-defines.ts";
import { BuildSteps } from "./build/build-steps.ts";
import { robotsTxt, sitemapXml } from "./build/seo-files.ts";
import { renderSpaShell } from "./build/spa-shell.ts";
import { writeDeployFiles } from "./build/deploy-files.ts";

const clientDir = clientDirOf(buildDir);
const steps = new BuildSteps();

/** A Node script of this project, with this Node, its output passed through. */
function runScript(script: string, args: string[] = []): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: "inherit" });
    child.on("error", fail);
    child.on("close", (code, signal) =>
      code === 0 ? done() : fail(new Error(`${script} ${args.join(" ")}: ${signal ?? `exit code ${code}`}`)),
    );
  });
}

const { config, examplesInUse } = loadSiteConfigOrExit(process.env);
if (examplesInUse.length > 0) {
  console.warn(
    `\n\u001b[33m⚠  ATENCIÓN: el sitio usa valores de EJEMPLO en ${examplesInUse.join(", ")}.\n` +
      `   Definí esas variables de entorno antes de publicar (README, "Configuration"); ` +
      `\`npm run check:release\` lo verifica.\u001b[0m\n`,
  );
}

// A publication (BUILD_GENERATED_DIR set) writes its images into its own folder and reuses the
// project's fonts, which depend on the code alone and were made by the deployment's build.
const publication = process.env[generatedDirVariable] !== undefined;
const generated = generatedSourcesOf(process.env);
// The images and the fonts (`npm run generate`) are independent: on two cores they run side by side.
await Promise.all([
  steps.run("imágenes (generate-images)", () => runScript("scripts/generate-images.ts")),
  publication
    ? requireFonts()
    : steps.run("fuentes (generate-fonts)", () => runScript("scripts/generate-fonts.ts")),
]);
await steps.run("React Router: cliente, servidor, prerender", () =>
  runScript("node_modules/@react-router/dev/bin.cjs", ["build"]),
);

// Rendered before the island's build, which sets NODE_ENV and would change which React the server build loads.
const spaShell = await steps.run("SPA shell", () => renderSpaShell(buildDir));
const islandUrl = await steps.run("isla (vite)", () => buildIsland());
await steps.run("páginas a isla, 404, sitemap", () => {
  for (const path of prerenderedPaths) {
    const file = join(clientDir, pageFile(path));
    writeFileSync(file, toIslandPage(readFileSync(file, "utf8"), islandUrl));
  }

  // The 404 page sits where static hosts look for it; the SPA shell is kept out
  // of the public folder (only the benchmark's client-rendered baseline uses it).
  for (const notFoundPath of Object.values(notFoundPaths)) {
    renameSync(join(clientDir, pageFile(notFoundPath)), join(clientDir, notFoundFileFor(notFoundPath)));
    rmSync(join(clientDir, dirname(pageFile(notFoundPath))), { recursive: true });
  }
  writeFileSync(spaFallbackFileOf(buildDir), spaShell);

  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(config.siteUrl, today));
  writeFileSync(join(clientDir, "robots.txt"), robotsTxt(config.siteUrl));
});

// The server reads a build's images as data (the inbox shows the artwork the served pages show).
const images = (await import(pathToFileURL(resolve(generated.imagesModule)).href)) as {
  imageManifest: unknown;
};
writeFileSync(imageManifestFileOf(buildDir), JSON.stringify(images.imageManifest));
await steps.run("cabeceras (CSP) y nginx", () => writeDeployFiles(buildDir, config));
// An owner's publication names the build it replaces: its compressed copies of unchanged files are reused.
await steps.run("copias comprimidas", () =>
  precompress(clientDir, process.env.BUILD_PREVIOUS_DIR && clientDirOf(process.env.BUILD_PREVIOUS_DIR)),
);

/** A publication cannot make the fonts (that would write into the project): the deployment's build did. */
function requireFonts(): void {
  const fonts = "app/generated/fonts";
  if (!existsSync(fonts) || !readdirSync(fonts).some((name) => name.endsWith(".woff2")))
    throw new Error(`Faltan las fuentes en ${fonts}: construí el sitio con npm run build antes de publicar.`);
}

/** Bundles app/island.ts into one hashed module next to the other assets; returns its URL. */
async function buildIsland(): Promise<string> {
  const result = await viteBuild({
    configFile: false,
    logLevel: "warn",
    define: siteDefines(config),
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      rollupOptions: {
        input: "app/island.ts",
        output: { format: "es", entryFileNames: "assets/island-[hash].js", codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === "chunk");
  if (chunks.length !== 1) throw new Error(`The island must be one module; got ${chunks.length}`);
  return `/${chunks[0]!.fileName}`;
}

console.log(`\n${steps.report()}`);
console.log(`\nBuild ready in ${buildDir}/client (${readdirSync(join(clientDir, "assets")).length} assets).`);
