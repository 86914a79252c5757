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
  let builder = new AxeBuilder({ page }).withTags(wcag22AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}
