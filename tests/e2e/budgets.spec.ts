import { statSync } from "node:fs";
import { join } from "node:path";

import { langOf, twinOf } from "../../app/site-map.ts";
import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { allPages, browserPages, type SitePage } from "./site-pages.ts";

/**
 * Byte budgets (gzip) per page, set from measured sizes with a small margin.
 * A failure names the page and the number; raise a budget only on purpose.
 * An English page has the budget of its Spanish twin: the same page, in
 * other words.
 */
const budgets = {
  /**
   * HTML per page: the catalogue pages carry 26 towers; every tower page has
   * the same budget; each page with modal
   * forms also carries its own copy of its form for visitors without
   * JavaScript (about 2.5 KB), and every footer the data-protection notice
   * (about 0.6 KB): see docs/decisions/0010-forms-without-javascript.md.
   * Each page also names its twin in the other language (hreflang) and the
   * router's manifest lists the routes of both languages (about 100 B); the
   * budget covers the larger of the two twins (docs/decisions/0013-english-version.md).
   */
  html: {
    "/": 14_100,
    "/valoracion-de-inmuebles": 12_500,
    "/tasaciones": 9_400,
    "/comprar-en-pozo": 8_300,
    "/tasar-departamentos": 12_900,
    // The English page's type field carries the English of the types its openers preset (0.1 KB).
    "/tasar-propiedades": 9_900,
    "/tasaciones-online": 8_000,
    "/privacidad": 6_300,
    "/gracias": 5_100,
    "/tasador": 7_100,
    "/torres/*": 10_000,
    "404": 4_800,
  } as Record<string, number>,
  css: 7_500,
  /**
   * Everything a first visit downloads until the page is interactive (modal forms load on demand;
   * a page with an in-page form carries its code). Largest measured: the English tower page,
   * 150.4 KB (its route, the apartment form's code and the English shared copy); its Spanish twin
   * 146.0 KB (docs/decisions/0013-english-version.md).
   */
  javascript: 152 * 1024,
};

const clientDir = clientDirOf(buildDir);
const gzipSize = (path: string) => statSync(join(clientDir, `${path}.gz`)).size;

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
          `tests/e2e/budgets.spec.ts (it measures ${size} B gzip; allow a small margin)`,
      )
      .toBeDefined();
    expect.soft(size, `${sitePage.name}: HTML gzip bytes`).toBeLessThanOrEqual(budget ?? 0);
  }
});

for (const { name, path } of browserPages) {
  test(`page ${name}: what a first visit downloads stays within the CSS and JavaScript budgets`, async ({
    page,
  }) => {
    const requested: { path: string; type: string }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.hostname === "127.0.0.1") requested.push({ path: url.pathname, type: request.resourceType() });
    });
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");

    const sum = (type: string) =>
      requested
        .filter((request) => request.type === type)
        .reduce((total, request) => total + gzipSize(request.path), 0);
    const sizes = { css: sum("stylesheet"), javascript: sum("script") };
    console.log(`${name}: css ${sizes.css} B, js ${sizes.javascript} B (gzip)`);
    expect(sizes.css, `${name}: CSS gzip bytes`).toBeLessThanOrEqual(budgets.css);
    expect(sizes.javascript, `${name}: first-visit JavaScript gzip bytes`).toBeLessThanOrEqual(
      budgets.javascript,
    );
  });
}
