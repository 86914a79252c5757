import { towers } from "../../app/content/towers.ts";
import { apartmentFormFor } from "../../app/features/leads/forms/apartment.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";
import { createTowerEditor } from "../../server/site/tower-editor.ts";
import { expect, hydrated, test } from "./inbox-fixtures.ts";
import { answersFor, fillForm } from "./registered-forms.ts";

/**
 * The issue's own check (product decision 27, decision 0025): the owner adds a tower and
 * publishes it (the publisher called as the route calls it after the fresh second factor: a
 * real build), and with no restart a visitor on the tower's new page sends its form in
 * Chromium, with scripts (the hand-off to WhatsApp, recorded by the page) and without (a
 * native post): both leads are stored naming the tower, and the page's visit is counted.
 */
test.describe.configure({ timeout: 600_000 });

const added = { slug: "torre-walk-test", nombre: "Torre Walk Test" };
const definition = apartmentFormFor([...towers, added]);

test("a visitor's lead from a tower published a moment ago is stored, with and without scripts", async ({
  browser,
  page,
  inbox,
  guard,
}) => {
  void guard;
  const started = new Date();
  const { publisher } = inbox.publishing;
  const editor = createTowerEditor({ publisher, store: inbox.store.siteVersions });
  expect(
    await editor.editTower("", { kind: "agregar", values: { ...added, dock: "3", status: "terminado" } }),
  ).toEqual({ ok: true, slug: added.slug });
  await publisher.publish("titular@ejemplo.com");
  const towerPage = `${inbox.url}/torres/${added.slug}`;
  expect((await fetch(towerPage)).status).toBe(200);

  const storedNaming = async (name: string) =>
    (await inbox.store.leads.list({}, { limit: 50, offset: 0 })).leads.filter(
      (lead) => lead.contact.name === name && lead.values.edificio === added.nombre,
    ).length;

  // With scripts: the tower's own form, preset to it, handed to WhatsApp and recorded.
  const towerForm = (on: typeof page) =>
    on.getByRole("form", { name: `Tasá tu departamento en ${added.nombre}` });
  await page.goto(towerPage);
  await hydrated(page);
  await expect(towerForm(page).locator('[name="edificio"]')).toHaveValue(added.nombre);
  await fillForm(towerForm(page), definition, {
    ...answersFor(definition),
    edificio: added.nombre,
    nombre: "Con scripts",
  });
  await towerForm(page).locator('button[type="submit"]').click();
  await expect.poll(() => storedNaming("Con scripts"), { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole("status").filter({ hasText: "Solicitud enviada correctamente" })).toBeVisible();
  await expect(page.getByText(/no pudo registrar/)).toBeHidden();

  // Its page view was counted (the beacon of the page just published).
  const counted = async () => {
    const { byPage } = await inbox.store.visits.totals(buenosAiresDay(started), buenosAiresDay(new Date()));
    return byPage.some((count) => count.page === `/torres/${added.slug}`);
  };
  await expect.poll(counted, { timeout: 30_000 }).toBe(true);

  // Without scripts: the page's own form, posted natively, lands on the thank-you page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto(towerPage);
    const inPage = towerForm(plain);
    await fillForm(inPage, definition, {
      ...answersFor(definition),
      edificio: added.nombre,
      nombre: "Sin scripts",
    });
    await inPage.locator('button[type="submit"]').click();
    await plain.waitForURL((url) => url.pathname === "/gracias");
    expect(await storedNaming("Sin scripts")).toBe(1);
  } finally {
    await context.close();
  }
});
