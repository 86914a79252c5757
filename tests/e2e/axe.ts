import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect } from "./fixtures.ts";

const wcag22AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * Fails with a short summary (rule, impact, first targets) when axe finds any
 * WCAG 2.2 A or AA violation in the page, or in the part `include` selects.
 * Kept outside the spec files: importing a spec would run its tests too.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // Sections below the fold skip their rendering until scrolled near (content-visibility: auto,
  // decision 0008), and axe cannot read colours it does not see painted: it checks every section
  // as it is painted once the visitor gets there.
  // (Through the CSSOM: the page's CSP refuses an added <style>.)
  const paintAll = (visible: boolean) => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (visible && getComputedStyle(element).contentVisibility === "auto") {
        element.style.contentVisibility = "visible";
        element.dataset.axePainted = "";
      } else if (!visible && element.dataset.axePainted !== undefined) {
        element.style.contentVisibility = "";
        delete element.dataset.axePainted;
      }
    }
  };
  await page.evaluate(paintAll, true);
  let builder = new AxeBuilder({ page }).withTags(wcag22AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  await page.evaluate(paintAll, false);
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}
