/**
 * Which `size-adjust` values keep one block's lines (decision 0037): the block whose text starts
 * with <text>, on <path> at <width> px, is measured in the web font, then in the fallbacks with a
 * trial face (family, weight range, local() source) at each size from <from> to <to> %.
 * `node tests/tools/fallback-range.ts liberation /privacidad 412 "Política de privacidad"
 * "Fraunces Fallback" 600 'local("Liberation Serif Bold")' 110 116 0.5` after a build; the font
 * swap spec names the blocks that moved.
 */
import { chromium } from "playwright-core";
import { chromiumEnv, chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { type FontSetName, fontSetEnv } from "../e2e/font-sets.ts";
import { builtSiteOrigin, serveBuiltSite } from "./built-site.ts";

const [set, path, width, start, family, weight, src, from, to, step] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
  env: { ...chromiumEnv, ...fontSetEnv(set as FontSetName) },
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 823 } });
await serveBuiltSite(page);
await page.goto(`${builtSiteOrigin}${path}`, { waitUntil: "load" });
await page.waitForFunction(
  () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
);
const result = await page.evaluate(
  async ({ start, family, weight, src, from, to, step }) => {
    const el = [...document.querySelectorAll("h1,h2,h3,p,li,a,span,div")].find(
      (element) => element.textContent!.trim().startsWith(start!) && element.children.length < 3,
    )!;
    const web = el.getBoundingClientRect().height;
    // Back to the fallbacks: the web fonts are named only under [data-fonts].
    for (const element of document.querySelectorAll("[data-fonts]")) element.removeAttribute("data-fonts");
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const fallback = el.getBoundingClientRect().height;
    const out: string[] = [
      `web ${web} fallback-now ${fallback} width ${el.getBoundingClientRect().width} font ${getComputedStyle(el).fontSize}`,
    ];
    for (let v = Number(from); v <= Number(to) + 1e-9; v += Number(step)) {
      // A face added later than the stylesheet's, with the same descriptors, is the one used.
      const face = new FontFace(family!, src!, {
        weight,
        sizeAdjust: `${v.toFixed(2)}%`,
      } as FontFaceDescriptors);
      document.fonts.add(face);
      await face.load();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      out.push(`${v.toFixed(2)}%: ${el.getBoundingClientRect().height}`);
      document.fonts.delete(face);
    }
    return out;
  },
  { start, family, weight, src, from, to, step },
);
console.log(result.join("\n"));
await browser.close();
