import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { langOf, twinOf } from "../../app/site-map.ts";
import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { budgets, gzipSize } from "./budgets.ts";
import { expect, test } from "./fixtures.ts";
import { allPages, type SitePage } from "./site-pages.ts";

/**
 * Every page's HTML within its budget (tests/e2e/budgets.ts). What a first
 * visit downloads (CSS and JavaScript) is checked on every visit of the page
 * loop in pages.spec.ts.
 */

/** The prerendered HTML file of a page, gzip bytes. */
const htmlBytes = ({ file }: SitePage) => gzipSize(`/${file}`);

/** The budget's name: the Spanish page's (a tower page's is shared by all of them). */
function budgetName({ path, status }: SitePage): string {
  if (status === 404) return "404";
  const spanish = langOf(path) === "en" ? twinOf(path)! : path;
  return spanish.replace(/^\/torres\/.+$/, "/torres/*");
}

test("every page's HTML stays within its budget", () => {
  for (const sitePage of allPages) {
    const budget = budgets.html[budgetName(sitePage)];
    const size = htmlBytes(sitePage);
    expect
      .soft(
        budget,
        `${sitePage.name} has no HTML budget yet: add "${sitePage.name}" to budgets.html in ` +
          `tests/e2e/budgets.ts (it measures ${size} B gzip; allow a small margin)`,
      )
      .toBeDefined();
    expect.soft(size, `${sitePage.name}: HTML gzip bytes`).toBeLessThanOrEqual(budget ?? 0);
  }
});

/**
 * The JavaScript files a page's HTML names, however it names them (a script, a preload, the
 * island's loader): every built script path in it. What those files import in turn is counted
 * by the visit of each page in pages.spec.ts (first-visit.ts), which sees every request.
 */
function scriptsOf({ file }: SitePage): string[] {
  const html = readFileSync(join(clientDirOf(buildDir), file), "utf8");
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js\b/g)].map((match) => match[0]))];
}

test("every public page's first-visit JavaScript is at most 12 KB gzip, in at most 2 requests", () => {
  for (const sitePage of allPages) {
    const scripts = scriptsOf(sitePage);
    const bytes = scripts.reduce((total, path) => total + gzipSize(path), 0);
    expect
      .soft(scripts.length, `${sitePage.name}: JavaScript requests`)
      .toBeLessThanOrEqual(budgets.javascriptRequests);
    expect.soft(bytes, `${sitePage.name}: JavaScript gzip bytes`).toBeLessThanOrEqual(budgets.javascript);
  }
});

/**
 * The owner's pages run on the router's client; what every one of them loads (the root route and
 * the start of the client) holds none of the public site's image list, which no inbox page reads.
 * The files are the router's own manifest's, as the browser is told to load them.
 */
test("the root of the owner's pages loads no image list", () => {
  const assets = join(clientDirOf(buildDir), "assets");
  const manifestFile = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  expect(manifestFile, "the router's client manifest").toBeDefined();
  const manifest = JSON.parse(
    readFileSync(join(assets, manifestFile!), "utf8").replace(/^window\.__reactRouterManifest=|;$/g, ""),
  ) as { entry: ChunkList; routes: Record<string, ChunkList> };
  const loadedByEveryPage = [manifest.entry, manifest.routes.root!].flatMap((chunk) => [
    chunk.module,
    ...(chunk.imports ?? []),
  ]);
  for (const path of loadedByEveryPage) {
    const code = readFileSync(join(clientDirOf(buildDir), path), "utf8");
    expect.soft(code, `${path} holds the image list`).not.toContain("/generated/property-types/");
  }
});

type ChunkList = { module: string; imports?: string[] };
