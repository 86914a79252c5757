/**
 * Screenshots of /bandeja/sitio at 390 and 1280 px, for a person to look at:
 * the editor with a draft, a refused value, the preview (390 px: it is a real
 * build), the «Publicar» step and the launch checklist. `node tests/tools/site-editor-screenshots.ts <folder>` (after a build).
 */
import { join } from "node:path";

import { chromium } from "playwright-core";

import { chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { ownerEmail, ownerPassword, startInboxServer } from "../e2e/inbox-server.ts";

const folder = process.argv[2] ?? ".";
const inbox = await startInboxServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const shot = async (name: string, fullPage = false) => {
      const file = join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };
    await page.goto(`${inbox.url}/bandeja/ingresar?volver=/bandeja/sitio`);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Contraseña").fill(ownerPassword);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja/sitio");
    await shot("sitio-inicio");
    await page.getByLabel("Número de WhatsApp").fill("+54 11 4567");
    await page.getByLabel("Matrícula", { exact: true }).fill("1234");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await page.locator("#SITE_WHATSAPP_NUMBER").scrollIntoViewIfNeeded();
    await shot("sitio-error");
    await page.getByLabel("Número de WhatsApp").fill("5491145678901");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await page.getByRole("status").waitFor();
    await shot("sitio-borrador");
    await shot("sitio-completo", true);
    if (width === 390) {
      // The preview is a real build: once, at the phone's width.
      await page.getByRole("button", { name: "Ver vista previa" }).click();
      await page.locator("#vista-previa").waitFor({ timeout: 240_000 });
      await shot("sitio-vista-previa");
      await page.goto(`${inbox.url}/bandeja/sitio/vista-previa/tasador`);
      await shot("sitio-vista-previa-tasador");
      await page.goto(`${inbox.url}/bandeja/sitio`);
    }
    await page.getByRole("button", { name: "Publicar" }).click();
    await page.getByRole("alert").waitFor();
    await shot("sitio-publicar");
    await page.locator("#lista").scrollIntoViewIfNeeded();
    await page.locator("#lista").evaluate((heading) => heading.scrollIntoView({ behavior: "instant" }));
    await shot("sitio-lista");
    await page.close();
  }
} finally {
  await browser.close();
  await inbox.stop();
}
