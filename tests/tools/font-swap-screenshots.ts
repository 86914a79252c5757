/**
 * The first screen of a page in one font set's fallbacks and then in the web fonts, for a person
 * to compare (decision 0037): `node tests/tools/font-swap-screenshots.ts <folder> [set] [path]
 * [width]` after a build (default: liberation, /, 390 px).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import { chromium } from "playwright-core";

import { chromiumEnv, chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { type FontSetName, fontSetEnv } from "../e2e/font-sets.ts";
import { builtSiteOrigin, serveBuiltSite } from "./built-site.ts";

const [folder = ".", set = "liberation", path = "/", width = "390"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
  env: { ...chromiumEnv, ...fontSetEnv(set as FontSetName) },
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 823 } });
  await serveBuiltSite(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.woff2", async (route) => {
    await released;
    await route.fallback();
  });
  // The first paint, not the load event: the held fonts hold the load event on a busy machine (see
  // tests/e2e/font-swap.spec.ts).
  await page.goto(`${builtSiteOrigin}${path}`, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const name = `${set}-${path === "/" ? "inicio" : path.replace(/\W+/g, "-").replace(/^-/, "")}-${width}`;
  const fallback = join(folder, `${name}-fallback.png`);
  // DevTools' own capture: Playwright's screenshot waits for the fonts this one holds back.
  const session = await page.context().newCDPSession(page);
  const { data } = await session.send("Page.captureScreenshot", { format: "png" });
  writeFileSync(fallback, Buffer.from(data, "base64"));
  release();
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const webFont = join(folder, `${name}-web-font.png`);
  await page.screenshot({ path: webFont });
  console.log(`${fallback}\n${webFont}`);
} finally {
  await browser.close();
}
