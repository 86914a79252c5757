import { notFoundPaths } from "../../app/site-map.ts";
import { expect, hydrated, test } from "./inbox-fixtures.ts";
import type { InboxServer } from "./inbox-server.ts";
import {
  addPasskey,
  confirmWithPasskey,
  pressHeldWork,
  localOrigin,
  signInWithAuthenticator,
} from "./passkeys.ts";
import { visitInALoop } from "./visitor-loop.ts";

/**
 * The issue's own check of a publication (decision 0020), in Debian's Chromium
 * with a virtual authenticator: «Publicar» refused before any second factor,
 * the public pages unchanged; a passkey added; a new WhatsApp number published
 * and confirmed with it, then every page the sitemap lists read over plain
 * HTTP, with a visitor asking for pages throughout; the undo, confirmed with
 * the passkey again, and every page read again. Real builds of the site.
 */
test.describe.configure({ timeout: 600_000 });

const exampleNumber = "5491100000000";
const refusedNumber = "5491145678901";
const publishedNumber = "5491187654321";

/** Every page the sitemap lists (their paths on this server), and the 404 page of each language. */
async function publicPages(inbox: InboxServer): Promise<{ path: string; status: number }[]> {
  const sitemap = await (await fetch(`${inbox.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed.length).toBeGreaterThan(50);
  return [
    ...listed.map((path) => ({ path, status: 200 })),
    ...Object.values(notFoundPaths).map((path) => ({ path, status: 404 })),
  ];
}

/** Reads every page over plain HTTP: each must hold `present` and not one of `absent`. */
async function expectEveryPage(inbox: InboxServer, present: string, absent: string[]): Promise<void> {
  for (const { path, status } of await publicPages(inbox)) {
    const response = await fetch(inbox.url + path);
    const html = await response.text();
    expect(response.status, path).toBe(status);
    expect(html, path).toContain(present);
    for (const number of absent) expect(html, path).not.toContain(number);
  }
}

test("a new WhatsApp number: held without a fresh confirmation, then published and undone with a passkey, every page switching whole", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await page.setViewportSize({ width: 390, height: 900 });
  await signInWithAuthenticator(page, inbox, "/bandeja/sitio");
  const publicar = page.getByRole("button", { name: "Publicar" });

  // Without a fresh confirmation by a trusted factor: the draft is kept, «Publicar» asks for the
  // confirmation first, no page changes.
  await page.getByLabel("Número de WhatsApp").fill(refusedNumber);
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page.getByRole("status")).toHaveText("Borrador guardado. Todavía no está en el sitio.");
  await publicar.click();
  await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
  await expectEveryPage(inbox, exampleNumber, [refusedNumber]);

  await addPasskey(page, inbox, "Teléfono de Laura");
  // Later than the ten minutes the passkey's own confirmation counts for: publishing asks again.
  inbox.advance(11 * 60_000);

  await page.goto(`${localOrigin(inbox)}/bandeja/sitio`);
  await hydrated(page);
  await page.getByLabel("Número de WhatsApp").fill(publishedNumber);
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page.getByRole("status")).toHaveText("Borrador guardado. Todavía no está en el sitio.");
  const pages = await publicPages(inbox);
  const publishing = visitInALoop(inbox.url, pages, exampleNumber, publishedNumber);
  await publicar.click();
  // After the confirmation, the page shows what goes live; one press publishes it (decision 0035).
  await confirmWithPasskey(page, "/bandeja/sitio");
  await pressHeldWork(page);
  const progress = page.locator("#progreso[aria-live=polite]");
  await expect(progress).toHaveText(
    /^Publicando… \d+ s\. Se arman todas las páginas; esta página se actualiza sola\.$/,
  );
  await expect(publicar).toBeDisabled();
  await expect(page.getByRole("button", { name: "Ver vista previa" })).toBeDisabled();
  // The build runs behind the page, which asks again by itself: as long as a publication takes here.
  await expect(progress).toHaveText(/^Publicado: versión 1, en \d+ s\. El sitio ya la muestra\.$/, {
    timeout: 300_000,
  });
  const duringPublication = await publishing.finish();
  expect(duringPublication.after).toBeGreaterThan(0);
  await expectEveryPage(inbox, publishedNumber, [exampleNumber, refusedNumber]);

  // The undo asks for the passkey again once the confirmation is old.
  inbox.advance(11 * 60_000);
  const undo = page.getByRole("button", { name: "Volver a los datos de la instalación" });
  const undoing = visitInALoop(inbox.url, pages, publishedNumber, exampleNumber);
  await undo.click();
  // Confirmed, the undo waits for its press too.
  await confirmWithPasskey(page, "/bandeja/sitio");
  await pressHeldWork(page);
  await expect(page.getByRole("status")).toHaveText(
    "Listo: el sitio vuelve a mostrar los datos de la instalación (queda como versión 2).",
    { timeout: 60_000 },
  );
  expect((await undoing.finish()).after).toBeGreaterThan(0);
  await expectEveryPage(inbox, exampleNumber, [publishedNumber, refusedNumber]);
});
