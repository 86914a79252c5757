import { expect, test } from "./fixtures.ts";

/**
 * Decision 0008: the web fonts stay off the path to the first paint. With
 * JavaScript, every page requests them only after its first contentful paint
 * and then shows them: checked on every visit of the page loop in
 * pages.spec.ts (tests/e2e/first-visit.ts). Without JavaScript they never load.
 */
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
