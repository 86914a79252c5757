import { langOf, twinOf } from "../../app/site-map.ts";
import { budgets, gzipSize } from "./budgets.ts";
import { expect, test } from "./fixtures.ts";
import { allPages, type SitePage } from "./site-pages.ts";

/**
 * Every page's HTML within its budget (tests/e2e/budgets.ts). What a first
 * visit downloads (CSS and JavaScript) is checked on every visit of the page
 * loop in pages.spec.ts.
 */

/** The prerendered HTML file of a page, gzip bytes. */
const htmlBytes = ({ file }: SitePage) => gzipSize(`/${file}`);

/** The budget's name: the Spanish page's (a tower page's is shared by all of them). */
function budgetName({ path, status }: SitePage): string {
  if (status === 404) return "404";
  const spanish = langOf(path) === "en" ? twinOf(path)! : path;
  return spanish.replace(/^\/torres\/.+$/, "/torres/*");
}

test("every page's HTML stays within its budget", () => {
  for (const sitePage of allPages) {
    const budget = budgets.html[budgetName(sitePage)];
    const size = htmlBytes(sitePage);
    expect
      .soft(
        budget,
        `${sitePage.name} has no HTML budget yet: add "${sitePage.name}" to budgets.html in ` +
          `tests/e2e/budgets.ts (it measures ${size} B gzip; allow a small margin)`,
      )
      .toBeDefined();
    expect.soft(size, `${sitePage.name}: HTML gzip bytes`).toBeLessThanOrEqual(budget ?? 0);
  }
});
