/**
 * Measures, in Chromium, how wide the site's own copy is in each web font against each local
 * fallback, per font set and weight (decision 0037): the `size-adjust` that makes a fallback as
 * wide as the web font over the copy, and the ascent/descent overrides that keep the web font's
 * line box (its metrics divided by that factor). `node tests/tools/fallback-calibration.ts [set…]`
 * after a build; it reads every page of the build at 412 px with the web fonts loaded, and prints
 * a table for app/styles/fonts.css.
 */
import { chromium } from "playwright-core";

import { chromiumEnv, chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { type FontSetName, fontSet, fontSetEnv, fontSets } from "../e2e/font-sets.ts";
import { allPages } from "../e2e/site-pages.ts";
import { builtSiteOrigin, serveBuiltSite } from "./built-site.ts";

/** The web fonts' vertical metrics (hhea, in em), which every fallback's overrides reproduce. */
const webMetrics = { sans: { ascent: 0.969, descent: 0.241 }, serif: { ascent: 0.978, descent: 0.255 } };

type Sample = { serif: boolean; weight: number; size: number; text: string };

const names = (
  process.argv.length > 2 ? process.argv.slice(2) : fontSets.map((set) => set.name)
) as FontSetName[];
for (const name of names) {
  const set = fontSet(name);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    env: { ...chromiumEnv, ...fontSetEnv(name) },
  });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await serveBuiltSite(page);
  // The copy of every page, by face, weight and size, as the web fonts lay it out.
  const samples = new Map<string, Sample>();
  for (const sitePage of allPages) {
    await page.goto(`${builtSiteOrigin}${sitePage.path}`, { waitUntil: "load" });
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
    );
    const found = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const texts: { serif: boolean; weight: number; size: number; text: string }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.replace(/\s+/g, " ").trim();
        if (!text || !node.parentElement) continue;
        const style = getComputedStyle(node.parentElement);
        if (style.display === "none" || style.visibility !== "visible") continue;
        texts.push({
          serif: /fraunces/i.test(style.fontFamily.split(",")[0]!),
          weight: Number(style.fontWeight),
          size: parseFloat(style.fontSize),
          text: style.textTransform === "uppercase" ? text.toUpperCase() : text,
        });
      }
      return texts;
    });
    for (const sample of found) samples.set(JSON.stringify(sample), sample);
  }
  // Each piece of copy measured in the web font and in the set's local font at 100 %.
  const widths = await page.evaluate(
    ({ samples, local }) => {
      const context = document.createElement("canvas").getContext("2d")!;
      const width = (family: string, sample: Sample) => {
        context.font = `${sample.weight} ${sample.size}px "${family}"`;
        return context.measureText(sample.text).width;
      };
      return samples.map((sample) => ({
        ...sample,
        web: width(sample.serif ? "Fraunces Variable" : "Inter Variable", sample),
        local: width(sample.serif ? local.serif : local.sans, sample),
      }));
    },
    { samples: [...samples.values()], local: set.drawnWith },
  );
  const groups = new Map<string, { web: number; local: number; pieces: number; ratios: number[] }>();
  for (const measured of widths) {
    const key = `${measured.serif ? set.drawnWith.serif : set.drawnWith.sans} ${measured.weight}`;
    const group = groups.get(key) ?? { web: 0, local: 0, pieces: 0, ratios: [] };
    group.web += measured.web;
    group.local += measured.local;
    group.pieces += 1;
    if (measured.text.length >= 12) group.ratios.push(measured.web / measured.local);
    groups.set(key, group);
  }
  console.log(`\n${name}: ${samples.size} pieces of copy on ${allPages.length} pages`);
  console.log(
    "face weight | pieces | size-adjust | ascent | descent | copy's own ratios (10th-90th percentile)",
  );
  for (const [key, group] of [...groups].sort()) {
    const adjust = group.web / group.local;
    const metrics = key.startsWith(set.drawnWith.serif) ? webMetrics.serif : webMetrics.sans;
    const sorted = group.ratios.sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.floor((sorted.length - 1) * p)] ?? Number.NaN;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `${key} | ${group.pieces} | ${percent(adjust)} | ${percent(metrics.ascent / adjust)} | ${percent(metrics.descent / adjust)} | ${percent(percentile(0.1))}-${percent(percentile(0.9))}`,
    );
  }
  await browser.close();
}
