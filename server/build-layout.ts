import { join } from "node:path";

/**
 * Where a build puts its output: the build writes this layout; the Node
 * server, the nginx configuration, the benchmark and the tests read it.
 *
 *   <build>/client/                 the public folder a web server serves
 *   <build>/client/index.html       the home page; every other page is <path>/index.html
 *   <build>/client/404.html         the page for unknown paths (status 404)
 *   <build>/server/index.js         React Router's server build: renders the inbox (/bandeja) per request
 *   <build>/spa-fallback.html       React Router's empty shell, kept out of the public folder
 *   <build>/deploy/                 server configuration made for this build
 *   <build>/island-url.txt          the URL of the pages' island module (assets/island-<hash>.js)
 */

/** The build folder: BUILD_DIR (tests and parallel builds use their own), or build/. */
export const buildDir = process.env.BUILD_DIR ?? "build";

export function clientDirOf(build: string): string {
  return join(build, "client");
}

export function deployDirOf(build: string): string {
  return join(build, "deploy");
}

export function serverEntryOf(build: string): string {
  return join(build, "server", "index.js");
}

/** Names the island the pages load, so a publication that reuses this build's bundles loads the same one. */
export function islandUrlFileOf(build: string): string {
  return join(build, "island-url.txt");
}

export function spaFallbackFileOf(build: string): string {
  return join(build, "spa-fallback.html");
}

/**
 * Where a build marks retired towers' old addresses: `<build>/retired/<path>`
 * holds the path it answers 301 to. Outside the public folder; the Node server
 * and nginx both look here, so the rule lives with the build it belongs to.
 */
export function retiredDirOf(build: string): string {
  return join(build, "retired");
}

/** The HTML file of a page, relative to the client folder. */
export function pageFile(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** The 404 page, relative to the client folder. */
export const notFoundFile = "404.html";
/** The English 404 page, for unknown paths under /en. */
export const englishNotFoundFile = "en/404.html";

/** The 404 page in the language of the path asked for (English under /en, Spanish elsewhere). */
export function notFoundFileFor(path: string): string {
  return path === "/en" || path.startsWith("/en/") ? englishNotFoundFile : notFoundFile;
}

/** Where React Router writes its empty shell in the client folder; the build moves it out. */
export const spaShellFile = "__spa-fallback.html";

/** URL paths of build files that are not pages: every server answers them with the 404 page. */
export const hiddenPaths = [
  "/404",
  `/${notFoundFile}`,
  "/en/404",
  `/${englishNotFoundFile}`,
  "/index.html",
  `/${spaShellFile}`,
  "/_headers",
  "/_redirects",
];

/** Endings of hidden paths: index documents and the precompressed copies. */
export const hiddenEndings = ["/index.html", ".gz", ".br"];

export function isHiddenPath(path: string): boolean {
  return hiddenPaths.includes(path) || hiddenEndings.some((ending) => path.endsWith(ending));
}

/**
 * Where a build writes what it generates (artwork, photos' variants, icons, the
 * images' manifest module) when it must not write into the project: a
 * publication sets it to a folder inside its own build (decision 0020).
 * Without it, the project's own `public/` and `app/generated/`, as in `npm run build`.
 */
export const generatedDirVariable = "BUILD_GENERATED_DIR";

export function generatedDirOf(build: string): string {
  return join(build, "generated");
}

export type GeneratedSources = {
  /** Vite's public folder: copied whole into the client folder. */
  publicDir: string;
  /** The typed images' manifest module the app imports (app/content/images.ts). */
  imagesModule: string;
};

export function generatedSourcesOf(env: Record<string, string | undefined>): GeneratedSources {
  const dir = env[generatedDirVariable];
  return dir
    ? { publicDir: join(dir, "public"), imagesModule: join(dir, "images.ts") }
    : { publicDir: "public", imagesModule: join("app", "generated", "images.ts") };
}

/** The images' manifest of a build, as data the server reads at run time (the inbox's artwork). */
export function imageManifestFileOf(build: string): string {
  return join(build, "images.json");
}
