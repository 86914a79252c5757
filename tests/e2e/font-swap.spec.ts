import { expect, hydrated, test } from "./fixtures.ts";
import { recordFirstVisit } from "./first-visit.ts";
import { allPages } from "./site-pages.ts";

/**
 * Every public page keeps its layout when the web fonts swap in after the
 * first paint (decision 0008): the metric-matched local fonts break the copy
 * into the same lines, so nothing on the first screen moves. At Lighthouse's
 * phone width (412 px) and at a common phone's (390 px). A line more or less
 * anywhere on the first screen costs about 0.01; what is left is a nudge of
 * 3-4 px along a breadcrumb line, about 0.0001.
 */
const widths = [412, 390];

for (const sitePage of allPages)
  test(`${sitePage.path}: the web fonts swap in without moving the first screen`, async ({ page }) => {
    // Recorded afresh on every load.
    const visit = await recordFirstVisit(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 823 });
      await page.goto(sitePage.path);
      await hydrated(page);
      await page.waitForFunction(
        () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
      );
      expect(await visit.layoutShift(), `cumulative layout shift at ${width} px`).toBeLessThan(0.001);
    }
  });
