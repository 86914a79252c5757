import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { clientDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile } from "../../server/headers.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { startInboxServer } from "./inbox-server.ts";

/**
 * The inbox says whose it is by the name published now (decision 0025), not the one the
 * installation was built with: a rename published while the server runs is in every inbox
 * page's title and header at once, escaped as text. The public pages are not what this tests,
 * so a publication here writes a stand-in page (the real build of a rename is
 * site-publication.spec.ts); the inbox is the installation's own build. Screenshots at 390 and
 * 1280 px go to PUBLISHED_NAME_SHOTS when set.
 */
test.describe.configure({ timeout: 90_000 });

const standInBuilder: SiteBuilder = async (_env, outDir) => {
  mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "<!doctype html><title>x</title>");
  mkdirSync(dirname(headerPolicyFile(outDir)), { recursive: true });
  writeFileSync(headerPolicyFile(outDir), JSON.stringify({ formServiceUrl: "", scriptHashes: [] }));
};

test("a business name published while the server runs titles every inbox page at once", async ({
  page,
  guard,
}) => {
  void guard;
  const server = await startInboxServer({ build: standInBuilder });
  try {
    await page.goto(`${server.url}/bandeja/ingresar`);
    await expect(page).toHaveTitle(/^Bandeja de consultas · Bandeja · .*\(ejemplo\)$/);

    const name = `Estudio "Río" & Sol <b>`;
    await server.store.siteVersions.saveDrafts({ SITE_BUSINESS_NAME: name }, {}, new Date());
    await server.publishing.publisher.publish("titular@ejemplo.com");

    await page.goto(`${server.url}/bandeja/ingresar`);
    await expect(page).toHaveTitle(`Bandeja de consultas · Bandeja · ${name}`);
    await logIn(page, server);
    await expect(page).toHaveTitle(`Consultas · Bandeja · ${name}`);
    await expect(page.getByRole("banner").getByText(name, { exact: true })).toBeVisible();
    await page.goto(`${server.url}/bandeja/resultados`);
    await expect(page).toHaveTitle(`Resultados · Bandeja · ${name}`);
    // Text, never markup: no <b> element came from the name.
    await expect(page.locator("header b")).toHaveCount(0);
    const shots = process.env.PUBLISHED_NAME_SHOTS;
    if (shots)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: join(shots, `bandeja-nombre-publicado-${width}.png`) });
      }
  } finally {
    await server.stop();
  }
});
