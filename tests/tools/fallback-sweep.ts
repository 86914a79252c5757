/**
 * Which `size-adjust` of one fallback face keeps every page's first screen still (decision 0037):
 * every page of the build at 390, 412 and 1280 px is measured in the web fonts, then in the set's
 * fallbacks with a trial face (family, weight range, local() source) at each size from <from> to
 * <to> %, its ascent and descent the web font's divided by the size, as app/styles/fonts.css sets
 * them. For each size it prints the page-widths whose first-screen blocks would move at the swap
 * (tests/e2e/first-screen.ts, the font swap spec's comparison), and which blocks.
 * `node tests/tools/fallback-sweep.ts liberation "Fraunces Fallback" 600 'local("Liberation Serif
 * Bold")' 110 116 0.5 [path…]` after a build. Where no size holds every page, the blocks listed at
 * the best size are the ones whose copy or layout has to change.
 */
import { chromium } from "playwright-core";

import { chromiumEnv, chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { type FontSetName, fontSetEnv } from "../e2e/font-sets.ts";
import { firstScreenBlocks, movedBlocks } from "../e2e/first-screen.ts";
import { allPages } from "../e2e/site-pages.ts";
import { builtSiteOrigin, serveBuiltSite } from "./built-site.ts";

/** The web fonts' vertical metrics (hhea, in em), as in app/styles/fonts.css. */
const webMetrics = { sans: { ascent: 0.969, descent: 0.241 }, serif: { ascent: 0.978, descent: 0.255 } };
const widths = [390, 412, 1280];
const screenHeight = (width: number) => (width < 1024 ? 823 : 800);

const [set, family, weight, src, from, to, step, ...paths] = process.argv.slice(2);
const metrics = /fraunces/i.test(family!) ? webMetrics.serif : webMetrics.sans;
const sizes: number[] = [];
for (let size = Number(from); size <= Number(to) + 1e-9; size += Number(step)) sizes.push(size);
const pages = paths.length > 0 ? allPages.filter((sitePage) => paths.includes(sitePage.path)) : allPages;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
  env: { ...chromiumEnv, ...fontSetEnv(set as FontSetName) },
});
const page = await browser.newPage({ viewport: { width: widths[0]!, height: screenHeight(widths[0]!) } });
await serveBuiltSite(page);

/** For each trial size, the page-widths that move and their moved blocks. */
const moves = new Map<number, string[]>(sizes.map((size) => [size, []]));
for (const sitePage of pages) {
  await page.setViewportSize({ width: widths[0]!, height: screenHeight(widths[0]!) });
  await page.goto(`${builtSiteOrigin}${sitePage.path}`, { waitUntil: "load" });
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
  );
  for (const width of widths) {
    await page.setViewportSize({ width, height: screenHeight(width) });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const web = await firstScreenBlocks(page);
    const trials = await page.evaluate(
      async ({ family, weight, src, sizes, metrics }) => {
        // Back to the fallbacks: the web fonts are named only under [data-fonts].
        const swapped = [...document.querySelectorAll("[data-fonts]")];
        for (const element of swapped) element.removeAttribute("data-fonts");
        const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const measure = () =>
          window.__firstScreen![innerWidth]!.blocks.map((element) => {
            const rect = element.getBoundingClientRect();
            return { text: "", top: rect.top + scrollY, left: rect.left + scrollX, height: rect.height };
          });
        const out: ReturnType<typeof measure>[] = [];
        for (const size of sizes) {
          const percent = (value: number) => `${((value / size) * 10000).toFixed(1)}%`;
          // A face added later than the stylesheet's, with the same descriptors, is the one used.
          const face = new FontFace(family, src, {
            weight,
            sizeAdjust: `${size}%`,
            ascentOverride: percent(metrics.ascent),
            descentOverride: percent(metrics.descent),
            lineGapOverride: "0%",
          } as FontFaceDescriptors);
          document.fonts.add(face);
          await face.load();
          await frames();
          out.push(measure());
          document.fonts.delete(face);
        }
        for (const element of swapped) element.setAttribute("data-fonts", "");
        await frames();
        return out;
      },
      { family: family!, weight: weight!, src: src!, sizes, metrics },
    );
    trials.forEach((blocks, index) => {
      const moved = movedBlocks(
        blocks.map((block, at) => ({ ...block, text: web[at]!.text })),
        web,
      );
      if (moved.length > 0)
        moves.get(sizes[index]!)!.push(`${sitePage.path} ${width} px: ${moved.join("; ")}`);
    });
  }
}
await browser.close();

for (const [size, moved] of moves) {
  console.log(`\n${size.toFixed(2)}%: ${moved.length} page-widths move`);
  for (const line of moved) console.log(`  ${line}`);
}
