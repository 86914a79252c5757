import type { Page } from "@playwright/test";

import { budgets, gzipSize } from "./budgets.ts";
import { expect } from "./fixtures.ts";

/**
 * What a visitor's first load of a page does, recorded from before the page
 * starts: its layout shifts, when its first contentful paint came and when
 * the web fonts were requested (decision 0008), and the CSS and
 * JavaScript it downloads. The page loop of pages.spec.ts checks all of it on
 * every visit; recording costs the visit nothing.
 */

/** Each layout shift by the time of the frame it happened in (its startTime), not by when it was reported. */
type Observed = { shifts: { at: number; value: number }[]; firstPaint: number; flush: () => void };

export type FirstVisit = {
  /** The cumulative layout shift so far. */
  layoutShift: () => Promise<number>;
  /**
   * The layout shift of the frames from `since` on (the page's performance.now()): what a step
   * taken at that moment moved, whenever the browser got round to reporting it.
   */
  layoutShiftSince: (since: number) => Promise<number>;
  /** Web fonts requested only after the first contentful paint, then in use (after hydration). */
  expectFontsAfterFirstPaint: () => Promise<void>;
  /** The CSS and JavaScript downloaded so far within their budgets (gzip bytes of the build's files). */
  expectWithinBudgets: () => { css: number; javascript: number };
};

export async function recordFirstVisit(page: Page): Promise<FirstVisit> {
  const requested: { path: string; type: string }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname === "127.0.0.1") requested.push({ path: url.pathname, type: request.resourceType() });
  });
  await page.addInitScript(() => {
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) observed.shifts.push({ at: entry.startTime, value: entry.value });
    };
    const shifts = new PerformanceObserver((list) => record(list.getEntries()));
    // A busy page reports its shifts to observers late (more than a second after the frame, seen
    // beside two busy loops): what is read now takes the shifts already queued, too.
    const observed: Observed = { shifts: [], firstPaint: -1, flush: () => record(shifts.takeRecords()) };
    Object.assign(window, { __firstVisit: observed });
    shifts.observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName("first-contentful-paint")[0];
      if (!paint) return;
      observed.firstPaint = paint.startTime;
    }).observe({ type: "paint", buffered: true });
  });
  const observed = () =>
    page.evaluate(() => {
      const visit = (window as unknown as { __firstVisit: Observed }).__firstVisit;
      visit.flush();
      return { shifts: visit.shifts, firstPaint: visit.firstPaint };
    });
  const shiftSince = async (since: number) =>
    (await observed()).shifts
      .filter((shift) => shift.at >= since)
      .reduce((total, shift) => total + shift.value, 0);

  return {
    layoutShift: () => shiftSince(0),
    layoutShiftSince: shiftSince,

    async expectFontsAfterFirstPaint() {
      // (A font's status read in an observer of the paint would race the boot loader's own
      // observer, which starts the downloads: when each request started is the fact that counts.)
      const { firstPaint } = await observed();
      const fontRequests = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".woff2"))
          .map((entry) => entry.startTime),
      );
      expect(firstPaint, "first contentful paint observed").toBeGreaterThan(0);
      expect(fontRequests, "both web fonts requested once").toHaveLength(2);
      for (const start of fontRequests)
        expect(start, "a web font requested before the first paint").toBeGreaterThanOrEqual(firstPaint);

      // Hydration waits for the fonts, so by now both are in use.
      const inUse = await page.evaluate(() => ({
        heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
        // A paragraph of the page: <html> and <body> name no font themselves (app/styles/fonts.css).
        text: getComputedStyle(document.querySelector("main p")!).fontFamily,
        loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
      }));
      expect(inUse.heading).toMatch(/^"Fraunces Variable"/);
      expect(inUse.text).toMatch(/^"Inter Variable"/);
      expect(inUse.loaded.map((family) => family.replace(/"/g, ""))).toEqual(
        expect.arrayContaining(["Inter Variable", "Fraunces Variable"]),
      );
    },

    expectWithinBudgets() {
      const sum = (type: string) =>
        requested
          .filter((request) => request.type === type)
          .reduce((total, request) => total + gzipSize(request.path), 0);
      const sizes = { css: sum("stylesheet"), javascript: sum("script") };
      expect(sizes.css, "CSS gzip bytes").toBeLessThanOrEqual(budgets.css);
      expect(sizes.javascript, "first-visit JavaScript gzip bytes").toBeLessThanOrEqual(budgets.javascript);
      const scripts = requested.filter((request) => request.type === "script").length;
      expect(scripts, "first-visit JavaScript requests").toBeLessThanOrEqual(budgets.javascriptRequests);
      return sizes;
    },
  };
}
