import { expect, hydrated, test } from "./fixtures.ts";
import { browserPages } from "./site-pages.ts";

/**
 * Decision 0008: the web fonts stay off the path to the first paint. Each page
 * paints in the metric-matched local fonts, requests the web fonts only after
 * its first contentful paint, and then shows them. (The page loop of
 * pages.spec.ts checks that the swap moves nothing.)
 */
type FontState = { family: string; status: string };
type Observed = { atFirstPaint: FontState[]; firstPaint: number; fontRequests: number[] };

for (const { name, path } of browserPages) {
  test(`page ${name} paints before it requests a web font, then shows both`, async ({ page }) => {
    await page.addInitScript(() => {
      const observed = { atFirstPaint: [], firstPaint: -1, fontRequests: [] } as Observed;
      (window as unknown as { __fonts: Observed }).__fonts = observed;
      new PerformanceObserver((list) => {
        const paint = list.getEntriesByName("first-contentful-paint")[0];
        if (!paint) return;
        observed.firstPaint = paint.startTime;
        observed.atFirstPaint = [...document.fonts].map((face) => ({
          family: face.family,
          status: face.status,
        }));
      }).observe({ type: "paint", buffered: true });
    });
    await page.goto(path);
    await hydrated(page);

    const observed = await page.evaluate(() => {
      const state = (window as unknown as { __fonts: Observed }).__fonts;
      state.fontRequests = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".woff2"))
        .map((entry) => entry.startTime);
      return state;
    });
    const webFonts = (states: FontState[]) =>
      states.filter((face) => face.family.replace(/"/g, "").endsWith("Variable"));

    expect(observed.firstPaint, "first contentful paint observed").toBeGreaterThan(0);
    for (const face of webFonts(observed.atFirstPaint))
      expect(face.status, `${face.family} at the first paint`).toBe("unloaded");
    expect(observed.fontRequests).toHaveLength(2);
    for (const start of observed.fontRequests) expect(start).toBeGreaterThanOrEqual(observed.firstPaint);

    // Hydration waits for the fonts, so by now both are in use.
    const inUse = await page.evaluate(() => ({
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
      text: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
    }));
    expect(inUse.heading).toMatch(/^"Fraunces Variable"/);
    expect(inUse.text).toMatch(/^"Inter Variable"/);
    expect(inUse.loaded.map((family) => family.replace(/"/g, ""))).toEqual(
      expect.arrayContaining(["Inter Variable", "Fraunces Variable"]),
    );
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a page requests no web font and keeps the fallbacks", async ({ page }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(fontRequests).toEqual([]);
    const heading = await page.locator("h1").evaluate((element) => getComputedStyle(element).fontFamily);
    expect(heading).toMatch(/^"Fraunces Fallback"/);
  });
});
