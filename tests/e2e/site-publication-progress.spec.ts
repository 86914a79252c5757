import { ownerEmail, ownerPassword } from "./inbox-server.ts";
import { expect, test } from "./inbox-fixtures.ts";

/**
 * The owner sees a preview (and a publication: site-publication-passkey.spec.ts)
 * happen without JavaScript: «Ver vista previa» answers at once with the page
 * of its progress, which the browser asks for again by itself (the Refresh
 * header) while the real build runs, with «Publicar» and «Ver vista previa»
 * disabled, until it says how long it took and how many pages changed.
 */
test.describe.configure({ timeout: 300_000 });

test("without JavaScript, at 390 px: the preview's progress in a live region, the buttons disabled, then its seconds and pages", async ({
  browser,
  inbox,
}, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${inbox.url}/bandeja/sitio`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  // The second step (decision 0024), as a native form.
  await page.waitForURL((url) => url.pathname === "/bandeja/ingresar/verificar");
  await page.getByLabel("Código", { exact: true }).fill(inbox.ownerCode());
  await page.getByRole("button", { name: "Confirmar con el código" }).click();
  await page.waitForURL((url) => url.pathname === "/bandeja/sitio");

  await page.getByLabel("Número de WhatsApp").fill("5491145678901");
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  const answer = page.waitForResponse((response) => response.url().includes("progreso="));
  await page.getByRole("button", { name: "Ver vista previa" }).click();
  // The page that follows it refreshes itself while the build runs.
  expect((await answer).headers()["refresh"]).toBe("2");
  const progress = page.locator("#progreso[aria-live=polite]");
  await expect(progress).toHaveText(/^Armando la vista previa… \d+ s\. Esta página se actualiza sola\.$/);
  await expect(page.getByRole("button", { name: "Ver vista previa" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
  await expect(page.getByText("Esperá a que termine para publicar o ver otra vista previa.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("progreso-390.png"), fullPage: false });

  await expect(progress).toHaveText(/^Vista previa lista, en \d+ s: cambian \d+ páginas\.$/, {
    timeout: 240_000,
  });
  await expect(page.getByRole("button", { name: "Publicar" })).toBeEnabled();
  await expect(page.locator("#vista-previa")).toContainText(/Vista previa lista: cambian \d+ páginas/);
  await page.screenshot({ path: testInfo.outputPath("lista-390.png"), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("lista-1280.png"), fullPage: false });
  await context.close();
});
