import { expect, holdWebFonts, hydrated, test } from "./fixtures.ts";
import { type FontSetName, fontSet } from "./font-sets.ts";
import { type Block, drawnText, firstScreenBlocks, measureBlocks, movedBlocks } from "./first-screen.ts";
import { recordFirstVisit } from "./first-visit.ts";
import { allPages } from "./site-pages.ts";

/**
 * Every public page keeps its layout when the web fonts swap in after the first paint (decisions
 * 0008 and 0037), with each set of local fonts visitors have (tests/e2e/font-sets.ts: this spec
 * runs once per set, as the playwright config's `fonts-…` projects). The metric-matched fallbacks
 * break the copy into the same lines, so nothing on the first screen moves.
 *
 * Each page is loaded with the web fonts held back and measured in its fallbacks at a common
 * phone's width (390 px), a laptop's (1280 px) and Lighthouse's phone (412 px), then the fonts are
 * let through at 412 px and the page is measured again at the three widths. Nothing here depends
 * on timing:
 * - DevTools names the font Chromium drew each piece of first-screen text with: the set's own
 *   fallback before the swap (so a run on some other font fails, not passes), the web fonts after;
 * - the first screen's text blocks at each width, fallback against web font: none moves up or
 *   down, grows or shrinks by more than 1 px (tests/e2e/first-screen.ts);
 * - the layout shift of the frames after the fonts were let through, counted by the frame it
 *   happened in (never by when the browser reported it), stays under 0.001: it also counts the
 *   sideways nudges the block comparison leaves out.
 * A page laid out again at another width is laid out as if loaded at it: one load per page
 * measures all three widths (three loads per page and set made the suite minutes longer).
 *
 * The test waits for the first paint, not for the page's load event: on a busy machine the first
 * paint comes before the load event, the boot script asks for the fonts then, and a held font
 * holds the load event too (seen at a 10x slower CPU: no load event until the fonts came). How
 * busy the machine is also decides when a slow parser paints part of a page (a header laid out
 * before its last link is parsed, then again), and how late the browser reports that shift: beside
 * two busy loops, more than a second after its frame, past the moment the fonts were let through.
 * So a shift is counted by the frame it happened in, never by when it was reported.
 */
const swapWidth = 412;
const widths = [390, 1280, swapWidth];
const screenHeight = (width: number) => (width < 1024 ? 823 : 800);

const webFonts = { sans: "Inter", serif: "Fraunces" };

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const firstPainted = () => performance.getEntriesByName("first-contentful-paint").length > 0;

for (const sitePage of allPages)
  test(`${sitePage.path}: the web fonts swap in without moving the first screen`, async ({ page }) => {
    const set = fontSet(test.info().project.metadata.fontSet as FontSetName);
    const session = await page.context().newCDPSession(page);
    const visit = await recordFirstVisit(page);
    const resize = async (width: number) => {
      await page.setViewportSize({ width, height: screenHeight(width) });
      await page.evaluate(nextFrames);
    };

    const releaseFonts = await holdWebFonts(page);
    await page.setViewportSize({ width: widths[0]!, height: screenHeight(widths[0]!) });
    await page.goto(sitePage.path, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(firstPainted);
    await page.evaluate(nextFrames);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-fonts"))).toBe(false);
    const before = new Map<number, Block[]>();
    for (const width of widths) {
      await resize(width);
      before.set(width, await firstScreenBlocks(page));
      expect(before.get(width)!.length, `text on the first screen at ${width} px`).toBeGreaterThan(0);
    }
    const fallbackText = await drawnText(page, session);
    const notFallback = fallbackText.filter((text) =>
      text.fonts.some((font) => font.family !== (text.display ? set.drawnWith.serif : set.drawnWith.sans)),
    );
    expect(notFallback, `the first screen drawn with ${set.name}'s fallbacks`).toEqual([]);

    const releasedAt = await page.evaluate(() => performance.now());
    releaseFonts();
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-fonts") && document.fonts.status === "loaded",
    );
    await hydrated(page);
    await page.evaluate(nextFrames);
    const swapShift = await visit.layoutShiftSince(releasedAt);
    expect.soft(swapShift, `layout shift of the font swap at ${swapWidth} px`).toBeLessThan(0.001);
    const webText = await drawnText(page, session);
    const notWebFont = webText.filter((text) =>
      text.fonts.some((font) => !font.family.startsWith(text.display ? webFonts.serif : webFonts.sans)),
    );
    expect(notWebFont, "the first screen drawn with the web fonts").toEqual([]);

    for (const width of widths) {
      await resize(width);
      const moved = movedBlocks(before.get(width)!, await measureBlocks(page));
      expect.soft(moved, `first-screen blocks moved by the swap at ${width} px (${set.name})`).toEqual([]);
    }
    await page.unrouteAll({ behavior: "wait" });
  });
