import { expect, holdWebFonts, hydrated, test } from "./fixtures.ts";
import { recordFirstVisit } from "./first-visit.ts";
import { allPages } from "./site-pages.ts";

/**
 * Every public page keeps its layout when the web fonts swap in after the
 * first paint (decision 0008): the metric-matched local fonts break the copy
 * into the same lines, so nothing on the first screen moves. At Lighthouse's
 * phone width (412 px) and at a common phone's (390 px). A line more or less
 * anywhere on the first screen costs about 0.01; what is left is a nudge of
 * 3-4 px along a breadcrumb line, about 0.0001.
 *
 * What is measured is the swap alone: the fonts are held until the page has
 * loaded and painted in its fallbacks, and only the shifts of the frames after
 * they are let through count. The test waits for the first paint, not for the
 * page's load event: on a busy machine the first paint comes before the load
 * event, the boot script asks for the fonts then, and a held font holds the
 * load event too (seen at a 10x slower CPU: no load event until the fonts
 * came). How busy the machine is also decides when a slow
 * parser paints part of a page (a header laid out before its last link is
 * parsed, then again), and how late the browser reports that shift: beside two
 * busy loops, more than a second after its frame, past the moment the fonts
 * were let through. So a shift is counted by the frame it happened in, never
 * by when it was reported.
 */
const widths = [412, 390];

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const firstPainted = () => performance.getEntriesByName("first-contentful-paint").length > 0;

for (const sitePage of allPages)
  test(`${sitePage.path}: the web fonts swap in without moving the first screen`, async ({ page }) => {
    // Recorded afresh on every load.
    const visit = await recordFirstVisit(page);
    for (const width of widths) {
      const releaseFonts = await holdWebFonts(page);
      await page.setViewportSize({ width, height: 823 });
      await page.goto(sitePage.path, { waitUntil: "domcontentloaded" });
      await page.waitForFunction(firstPainted);
      await page.evaluate(nextFrames);
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-fonts"))).toBe(false);
      const releasedAt = await page.evaluate(() => performance.now());
      releaseFonts();
      await page.waitForFunction(
        () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
      );
      await hydrated(page);
      await page.evaluate(nextFrames);
      const swapShift = await visit.layoutShiftSince(releasedAt);
      expect(swapShift, `layout shift of the font swap at ${width} px`).toBeLessThan(0.001);
      await page.unrouteAll({ behavior: "wait" });
    }
  });
