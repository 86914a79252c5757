/**
 * Screenshots of /bandeja/resultados with a year of generated traffic (5,000
 * visits a day, 100,000 leads), at 390 and 1280 px wide, for a person to look
 * at: `node tests/tools/results-screenshots.ts <folder>` (after a build).
 */
import { join } from "node:path";

import { chromium } from "playwright-core";

import { chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { fillLeads, fillVisits } from "../../scripts/bench/traffic.ts";
import { ownerEmail, ownerPassword, startInboxServer } from "../e2e/inbox-server.ts";

const folder = process.argv[2] ?? ".";
const inbox = await startInboxServer();
const now = new Date();
const rows = await fillVisits(inbox.store, { days: 365, perDay: 5_000, now });
await fillLeads(inbox.store, { count: 100_000, days: 365, now });
console.log(`${rows} visit rows, 100,000 leads`);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${inbox.url}/bandeja/ingresar?volver=/bandeja/resultados`);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Contraseña").fill(ownerPassword);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/bandeja/ingresar");
    for (const period of ["12-meses", "4-semanas"]) {
      await page.goto(`${inbox.url}/bandeja/resultados?periodo=${period}`);
      const file = join(folder, `resultados-${period}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // The first screen, and the weekly charts, at a size a person can look at.
      await page.screenshot({ path: file.replace(".png", "-inicio.png") });
      for (const section of ["semanas", "paginas"]) {
        await page
          .locator(`#${section}`)
          .evaluate((heading) => heading.scrollIntoView({ behavior: "instant" }));
        await page.screenshot({ path: file.replace(".png", `-${section}.png`) });
      }
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await inbox.stop();
}
