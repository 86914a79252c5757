/**
 * Production build: artwork, then the bundles (React Router's client and
 * server build, the inbox server-rendered from build/server; the public
 * pages' island, app/island.ts, one module), then the pages rendered from the
 * server bundle with this build's content, then the static-site finishing
 * steps (React Router's scripts replaced by the island's boot loader, sitemap
 * and robots, 404 and SPA shell placement, deploy headers, precompressed
 * copies). No content is compiled into a bundle (docs/decisions/0030), so an
 * owner's publication (BUILD_PREVIOUS_DIR, the served build) copies the
 * served build's bundles instead of making them: only its new photos are
 * encoded and its pages rendered.
 */
// First: the production React for the pages rendered here, and the owner's tower edits, before any
// module loads React or the catalogue.
import "./build/production-mode.ts";
import "./build/tower-overrides-global.ts";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import type { Rolldown } from "vite";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { loadSiteConfigOrExit } from "#app/config/site-config.ts";
import { notFoundPaths, prerenderedPaths } from "#app/site-map.ts";
import { readUploadedPhotos } from "../server/site/photos/build-channel.ts";
import {
  buildDir,
  clientDirOf,
  generatedDirOf,
  generatedDirVariable,
  type GeneratedSources,
  generatedSourcesOf,
  imageManifestFileOf,
  islandUrlFileOf,
  notFoundFileFor,
  pageFile,
  serverEntryOf,
  spaFallbackFileOf,
} from "../server/build-layout.ts";
import type { ImageManifest } from "#app/content/image-manifest.ts";
import { precompress } from "./build/precompress.ts";
import { renderPages } from "./build/render-pages.ts";
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

const previousDir = process.env.BUILD_PREVIOUS_DIR;
// A publication (BUILD_GENERATED_DIR set) writes its images into its own folder and reuses the
// project's fonts and generated modules, which the deployment's build made (the bundles import them).
const publication = process.env[generatedDirVariable] !== undefined;
const generated = generatedSourcesOf(process.env);
// The images and the fonts (`npm run generate`) are independent: on two cores they run side by side.
await Promise.all([
  servedImagesFit()
    ? steps.run("imágenes (las del build servido)", () => takeServedImages())
    : steps.run("imágenes (generate-images)", () => runScript("scripts/generate-images.ts")),
  publication
    ? requireDeploymentGenerated()
    : steps.run("fuentes (generate-fonts)", () => runScript("scripts/generate-fonts.ts")),
]);
// Beside a publication's images, what they were made from: the next publication may take them as they are.
if (publication) writeFileSync(imageInputsFile(generated), imageInputs());

// The served build's bundles, when a publication names one that has them: they hold no content.
const reusable = previousDir !== undefined && bundlesOf(previousDir) !== undefined ? previousDir : undefined;
const islandUrl = reusable
  ? await steps.run("bundles del build servido (copiados)", () => copyBundles(reusable))
  : await makeBundles();
writeFileSync(islandUrlFileOf(buildDir), islandUrl);

// The build's own images (new photos, an added tower's artwork), read by the pages as they render.
const images = (await import(pathToFileURL(resolve(generated.imagesModule)).href)) as {
  imageManifest: ImageManifest;
  socialCards: ImageManifest;
};
await steps.run("páginas (React Router, desde el bundle del servidor)", () =>
  renderPages({ buildDir, paths: prerenderedPaths, islandUrl, images }),
);
const spaShell = await steps.run("SPA shell", () => renderSpaShell(buildDir));
await steps.run("404, sitemap", () => {
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
writeFileSync(imageManifestFileOf(buildDir), JSON.stringify(images.imageManifest));
await steps.run("cabeceras (CSP) y nginx", () => writeDeployFiles(buildDir, config));
// An owner's publication names the build it replaces: its compressed copies of unchanged files are reused.
await steps.run("copias comprimidas", () => precompress(clientDir, previousDir && clientDirOf(previousDir)));

/**
 * What the images step reads besides the code (which a publication shares with the build it
 * replaces): the business's name (the social cards), the tower edits (each tower's artwork) and the
 * owner's photos, by their bytes.
 */
function imageInputs(): string {
  const photos = Object.entries(readUploadedPhotos(process.env)).map(([slot, photo]) => [
    slot,
    photo.alt,
    createHash("sha256").update(readFileSync(photo.file)).digest("hex"),
  ]);
  const towerEdits = (globalThis as { __TOWER_OVERRIDES__?: unknown }).__TOWER_OVERRIDES__ ?? null;
  return createHash("sha256")
    .update(JSON.stringify({ businessName: config.businessName, towerEdits, photos }))
    .digest("hex");
}

function imageInputsFile(sources: GeneratedSources): string {
  return join(dirname(sources.imagesModule), "image-inputs.txt");
}

/** The served build's own generated folder (a publication's; the deployment's build has none). */
function servedGenerated(): GeneratedSources | undefined {
  return previousDir
    ? generatedSourcesOf({ [generatedDirVariable]: generatedDirOf(previousDir) })
    : undefined;
}

/**
 * A publication whose images' inputs are the served build's (any fact but the name changed, the
 * towers and photos as published) takes the served build's images instead of running the step: its
 * folder already holds their copies (server/site/site-builder.ts), and the module is copied here.
 */
function servedImagesFit(): boolean {
  const served = servedGenerated();
  if (!publication || !served) return false;
  const stamp = imageInputsFile(served);
  return (
    existsSync(stamp) &&
    existsSync(served.imagesModule) &&
    existsSync(generated.publicDir) &&
    readFileSync(stamp, "utf8") === imageInputs()
  );
}

function takeServedImages(): void {
  cpSync(servedGenerated()!.imagesModule, generated.imagesModule);
}

/** React Router's client and server bundles, then the island: what a deployment builds once. */
async function makeBundles(): Promise<string> {
  await steps.run("React Router: cliente, servidor", () =>
    runScript("node_modules/@react-router/dev/bin.cjs", ["build"]),
  );
  return await steps.run("isla (vite)", () => buildIsland());
}

/** A build's bundles, if it has them all (a build made before bundles held no content has no island file). */
function bundlesOf(build: string): { islandUrl: string } | undefined {
  if (!existsSync(serverEntryOf(build)) || !existsSync(islandUrlFileOf(build))) return undefined;
  return { islandUrl: readFileSync(islandUrlFileOf(build), "utf8") };
}

/**
 * Copies the served build's client assets and server bundle, and this build's public files (what
 * Vite would copy): the same bytes a build of this code makes, content apart. The server bundle
 * names its client folder relative to the project; it is renamed to this build's, as Vite writes it.
 */
function copyBundles(served: string): string {
  cpSync(generated.publicDir, clientDir, { recursive: true });
  cpSync(join(clientDirOf(served), "assets"), join(clientDir, "assets"), { recursive: true });
  const bundle = readFileSync(serverEntryOf(served), "utf8");
  const ownFolder = `var assetsBuildDirectory = ${JSON.stringify(relative(process.cwd(), clientDir))};`;
  const renamed = bundle.replace(/^var assetsBuildDirectory = ".*";$/m, () => ownFolder);
  if (!renamed.includes(ownFolder))
    throw new Error("The served server bundle does not name its client folder.");
  cpSync(dirname(serverEntryOf(served)), dirname(serverEntryOf(buildDir)), { recursive: true });
  writeFileSync(serverEntryOf(buildDir), renamed);
  return bundlesOf(served)!.islandUrl;
}

/**
 * A publication cannot make the fonts or the images' module the bundles import (that would write into
 * the project): the deployment's build did.
 */
function requireDeploymentGenerated(): void {
  const fonts = "app/generated/fonts";
  if (!existsSync(fonts) || !readdirSync(fonts).some((name) => name.endsWith(".woff2")))
    throw new Error(`Faltan las fuentes en ${fonts}: construí el sitio con npm run build antes de publicar.`);
  const images = generatedSourcesOf({}).imagesModule;
  if (!existsSync(images))
    throw new Error(`Falta ${images}: construí el sitio con npm run build antes de publicar.`);
}

/** Bundles app/island.ts into one hashed module next to the other assets; returns its URL. */
async function buildIsland(): Promise<string> {
  // Loaded only here: a publication that reuses the served bundles never starts Vite.
  const { build: viteBuild } = await import("vite");
  const result = await viteBuild({
    configFile: false,
    logLevel: "warn",
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
