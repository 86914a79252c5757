import { readFileSync } from "node:fs";

import { parse } from "csv-parse/sync";

import { allFields } from "../../app/features/leads/forms/types.ts";
import { adversarialName, definitionOf, formIds, sampleValues } from "../inbox/sample-leads.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { confirmWithPassword, expect, hydrated, logIn, test } from "./inbox-fixtures.ts";
import { ownerPassword, startInboxServer } from "./inbox-server.ts";

/** The owner's inbox in Chromium, against the real server, database and build. */

// Each test starts its own server and signs in (scrypt): more than the default half minute on a busy machine.
test.describe.configure({ timeout: 90_000 });

const minutes = (count: number) => count * 60_000;
const cards = (page: import("@playwright/test").Page) => page.getByRole("article");

test("without an owner account, /bandeja explains the command that creates it", async ({ page, guard }) => {
  void guard;
  const server = await startInboxServer({ owner: false });
  try {
    await page.goto(`${server.url}/bandeja`);
    await expect(page).toHaveURL(`${server.url}/bandeja/ingresar`);
    await expect(page.getByRole("heading", { name: "Todavía no hay una cuenta de titular" })).toBeVisible();
    await expect(page.locator("pre code")).toHaveText(
      `printf '%s' "$CONTRASEÑA" | npm run --silent owner:password -- titular@ejemplo.com`,
    );
    await expect(page.getByLabel("Contraseña")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await server.setOwner();
    await page.reload();
    await expect(page.getByLabel("Contraseña")).toBeVisible();
  } finally {
    await server.stop();
  }
});

test("shows the leads of all seven forms exactly as typed, and never runs what they typed", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const ids = new Map<string, string>();
  for (const [index, formId] of formIds.entries())
    ids.set(formId, await inbox.submit(formId, sampleValues(definitionOf(formId), index + 1)));

  await logIn(page, inbox);
  await expect(cards(page)).toHaveCount(7);
  for (const [index, formId] of formIds.entries()) {
    const definition = definitionOf(formId);
    const card = page.locator(`article[aria-labelledby="consulta-${ids.get(formId)}"]`);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(adversarialName(index + 1));
    await expect(card).toContainText(definition.title);
  }
  // Markup typed by a visitor stays text: no element was made from it.
  await expect(page.locator('img[src="x"], script:not([src]):text("alert")')).toHaveCount(0);

  for (const [index, formId] of formIds.entries()) {
    const definition = definitionOf(formId);
    const values = sampleValues(definition, index + 1);
    await page.goto(`${inbox.url}/bandeja/consulta/${ids.get(formId)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(adversarialName(index + 1));
    const answers = page.getByRole("region", { name: "Respuestas" });
    const shown = await answers
      .locator("dt")
      .evaluateAll((terms) =>
        terms.map((term) => ({ label: term.textContent, value: term.nextElementSibling?.textContent })),
      );
    expect(shown, formId).toEqual(
      allFields(definition).map((field) => {
        const value = values[field.name]!;
        return { label: field.label, value: typeof value === "string" ? value : value.join(", ") };
      }),
    );
    const phone = allFields(definition).find((field) => field.type === "tel")!;
    await expect(page.getByRole("link", { name: /^WhatsApp:/ })).toHaveAttribute(
      "href",
      `https://wa.me/${String(values[phone.name]).replace(/\D/g, "")}`,
    );
    await expect(page.getByRole("link", { name: /^Llamar:/ })).toHaveAttribute(
      "href",
      `tel:+${String(values[phone.name]).replace(/\D/g, "")}`,
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("filters by form, status and week, searches by name, phone or e-mail, and pages", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  for (let n = 1; n <= 27; n++) await inbox.submit("express", sampleValues(definitionOf("express"), n));
  await inbox.submit("valuation", sampleValues(definitionOf("valuation"), 40));
  await inbox.submit("valuation", sampleValues(definitionOf("valuation"), 41));
  await logIn(page, inbox);

  await expect(page.getByText("Mostrando 1–25 de 29")).toBeVisible();
  await page.getByRole("link", { name: "Más antiguas" }).click();
  await expect(page.getByText("Mostrando 26–29 de 29")).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  await page.getByRole("link", { name: "Más nuevas" }).click();
  await expect(cards(page)).toHaveCount(25);

  await page.getByText("Más filtros").click();
  await page.getByLabel("Formulario").selectOption({ label: definitionOf("valuation").title });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/formulario=valuation/);
  await expect(cards(page)).toHaveCount(2);

  const search = page.getByRole("searchbox", { name: "Buscar" });
  await search.fill("1155550041");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole("heading")).toHaveText(adversarialName(41));

  await page.getByRole("link", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja`);
  // The unfiltered list has arrived (its form is rendered anew): only now is typing kept.
  await expect(page.getByText("Mostrando 1–25 de 29")).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("PERSONA7+bandeja@example.com");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Buscar" }).fill("ñandú");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Mostrando 1–25 de 29")).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("' OR 1=1 --");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("No hay consultas con estos filtros.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Each count on top opens the leads it counts: this week's, from Monday 00:00 in Buenos Aires.
  const thisWeek = page.getByRole("link", { name: /Esta semana$/ });
  await expect(thisWeek).toHaveText("29Esta semana");
  await thisWeek.click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja?semana=1`);
  await expect(page.getByText("Mostrando 1–25 de 29")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Solo esta semana" })).toBeChecked();
  // Eight days on, the same leads are last week's.
  inbox.advance(minutes(8 * 24 * 60));
  await logIn(page, inbox, "/bandeja?semana=1");
  await expect(page).toHaveURL(/\/bandeja\?semana=1/);
  await expect(thisWeek).toHaveText("0Esta semana");
  await expect(page.getByText("No hay consultas con estos filtros.")).toBeVisible();
});

test("marks leads contacted and archived; the counts and the status filter follow", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const first = await inbox.submit("express", sampleValues(definitionOf("express"), 1));
  const second = await inbox.submit("sale", sampleValues(definitionOf("sale"), 2));
  await logIn(page, inbox);
  const newCount = page.getByRole("link", { name: /Nuevas$/ });
  await expect(newCount).toHaveText("2Nuevas");

  const firstCard = page.locator(`article[aria-labelledby="consulta-${first}"]`);
  await firstCard.getByRole("button", { name: /^Marcar contactada/ }).click();
  await expect(firstCard.getByText("Contactada", { exact: true })).toBeVisible();
  await expect(newCount).toHaveText("1Nuevas");
  expect(await inbox.statusOf(first)).toBe("contactado");

  const secondCard = page.locator(`article[aria-labelledby="consulta-${second}"]`);
  await secondCard.getByRole("button", { name: /^Archivar/ }).click();
  await expect(secondCard.getByText("Archivada", { exact: true })).toBeVisible();
  expect(await inbox.statusOf(second)).toBe("archivado");
  await expect(newCount).toHaveText("0Nuevas");

  await page.getByText("Más filtros").click();
  await page.getByLabel("Estado").selectOption({ label: "Archivada" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(cards(page)).toHaveCount(1);
  await cards(page)
    .getByRole("button", { name: /^Volver a nueva/ })
    .click();
  // No longer archived, so no longer in this filtered list.
  await expect(cards(page)).toHaveCount(0);
  expect(await inbox.statusOf(second)).toBe("nuevo");
});

test("exports the current filter as CSV: UTF-8 with BOM, formulas as text", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await inbox.submit("express", sampleValues(definitionOf("express"), 1));
  const offPlan = sampleValues(definitionOf(formIds.at(-1)!), 2);
  await inbox.submit(formIds.at(-1)!, { ...offPlan, nombre: '=HYPERLINK("http://x","y")' });
  await logIn(page, inbox, `/bandeja?formulario=${formIds.at(-1)}`);
  await expect(cards(page)).toHaveCount(1);

  // Without a second factor, the export asks for the password again first, and comes back here.
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  await confirmWithPassword(page);
  await expect(page).toHaveURL(`${inbox.url}/bandeja?formulario=${formIds.at(-1)}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^consultas-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], row = [], ...rest] = parse(bytes, { bom: true, delimiter: ";" }) as string[][];
  expect(rest).toEqual([]);
  expect(header.slice(0, 16).join(";")).toBe(
    "Recibido;Formulario;Estado;WhatsApp;Nombre;Teléfono;Email;Página;Página de llegada;Sitio de procedencia;utm_source;utm_medium;utm_campaign;Idioma;Dispositivo;Presupuesto",
  );
  expect(row.slice(4, 7)).toEqual([
    `'=HYPERLINK("http://x","y")`,
    "'+54 9 11 5555-0002",
    "persona2+bandeja@example.com",
  ]);
  expect(row.join("\n")).toContain(`'=HYPERLINK("http://x","y") <script>alert(2)</script>`);
});

test("deletes a lead only after the owner confirms", async ({ page, inbox, guard }) => {
  void guard;
  const id = await inbox.submit("apartment", sampleValues(definitionOf("apartment"), 3));
  await logIn(page, inbox, `/bandeja/consulta/${id}`);
  await page.getByRole("link", { name: "Eliminar" }).click();
  await confirmWithPassword(page);
  await expect(page.getByRole("heading", { name: "¿Eliminar esta consulta para siempre?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { name: "¿Eliminar esta consulta para siempre?" })).toHaveCount(0);
  expect(await inbox.statusOf(id)).toBe("nuevo");

  await page.getByRole("link", { name: "Eliminar" }).click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja?eliminadas=1`);
  await expect(page.getByRole("status")).toHaveText("Se eliminó la consulta.");
  expect(await inbox.statusOf(id)).toBe("gone");
  await page.goto(`${inbox.url}/bandeja/consulta/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Esa consulta no existe: tal vez ya se eliminó.",
  );
});

test("answers a data-subject request: finds every lead of one person, exports and deletes them", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const mine = [
    await inbox.submit("express", sampleValues(definitionOf("express"), 5)),
    await inbox.submit("valuation", sampleValues(definitionOf("valuation"), 5)),
  ];
  const someoneElse = await inbox.submit("express", sampleValues(definitionOf("express"), 6));
  await logIn(page, inbox);
  await page.getByRole("link", { name: "Pedidos de datos" }).click();
  await page.getByRole("searchbox", { name: "Email o teléfono" }).fill("Persona5+Bandeja@example.com");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(
    page.getByRole("heading", { name: "Hay 2 consultas de Persona5+Bandeja@example.com." }),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole("link", { name: "Exportar sus datos (CSV)" }).click();
  await confirmWithPassword(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar sus datos (CSV)" }).click();
  const csv = readFileSync(await (await downloading).path(), "utf8");
  expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
  expect(csv).not.toContain("persona6");

  await page.getByRole("link", { name: "Eliminar todas" }).click();
  await expect(page.getByRole("group", { name: /¿Eliminar para siempre las 2 consultas/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sí, eliminar todo" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Se eliminaron 2 consultas de Persona5+Bandeja@example.com.",
  );
  await expect(
    page.getByRole("heading", { name: "No hay consultas de Persona5+Bandeja@example.com." }),
  ).toBeVisible();
  expect([await inbox.statusOf(mine[0]!), await inbox.statusOf(mine[1]!)]).toEqual(["gone", "gone"]);
  expect(await inbox.statusOf(someoneElse)).toBe("nuevo");
});

test("logging out ends the session on the server", async ({ page, inbox, guard }) => {
  void guard;
  await logIn(page, inbox);
  const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-bandeja-sesion")!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });

  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja/ingresar?motivo=salida`);
  await expect(page.getByRole("status")).toHaveText("Cerraste la sesión.");
  await page.goto(`${inbox.url}/bandeja`);
  await expect(page).toHaveURL(`${inbox.url}/bandeja/ingresar`);

  // The old cookie, replayed, opens nothing.
  await page.context().addCookies([cookie]);
  await page.goto(`${inbox.url}/bandeja`);
  await expect(page).toHaveURL(`${inbox.url}/bandeja/ingresar`);
});

test("a session ends after 30 idle minutes and 12 hours after sign-in", async ({ page, inbox, guard }) => {
  void guard;
  const id = await inbox.submit("sale-by-type", sampleValues(definitionOf("sale-by-type"), 4));
  await logIn(page, inbox);

  inbox.advance(minutes(29));
  await cards(page)
    .getByRole("link", { name: adversarialName(4), exact: true })
    .click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja/consulta/${id}`);

  inbox.advance(minutes(30));
  await page.getByRole("link", { name: "Volver a la lista" }).click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja/ingresar?motivo=vencida`);
  await expect(page.getByRole("status")).toHaveText(
    "Tu sesión se cerró por inactividad o porque pasaron 12 horas. Ingresá de nuevo.",
  );

  // Signing in again goes back to where the owner was headed.
  await page.goto(`${inbox.url}/bandeja/consulta/${id}`);
  await expect(page).toHaveURL(new RegExp(`/bandeja/ingresar\\?volver=%2Fbandeja%2Fconsulta%2F${id}$`));
  await page.getByLabel("Email").fill("titular@ejemplo.com");
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await page.getByLabel("Código", { exact: true }).fill(inbox.ownerCode());
  await page.getByRole("button", { name: "Confirmar con el código" }).click();
  await expect(page).toHaveURL(`${inbox.url}/bandeja/consulta/${id}?ingreso=1`);

  // However active the owner, the session ends 12 hours after sign-in.
  for (let elapsed = 0; elapsed < minutes(12 * 60 - 25); elapsed += minutes(25)) {
    inbox.advance(minutes(25));
    const response = await page.request.get(`${inbox.url}/bandeja/consulta/${id}`, { maxRedirects: 0 });
    expect(response.status(), `after ${elapsed / 60_000 + 25} minutes`).toBe(200);
  }
  inbox.advance(minutes(25));
  await page.reload();
  await expect(page).toHaveURL(/\/bandeja\/ingresar\?motivo=vencida/);
});

test("an open list shows new leads without a reload, and signs itself out when idle", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await inbox.submit("express", sampleValues(definitionOf("express"), 1));
  await page.clock.install();
  await logIn(page, inbox);
  await expect(cards(page)).toHaveCount(1);

  const arrived = await inbox.submit("express-online", sampleValues(definitionOf("express-online"), 2));
  await page.clock.runFor(15_000);
  const fresh = page.locator(`article[aria-labelledby="consulta-${arrived}"]`);
  await expect(fresh).toBeVisible();
  await expect(fresh.getByText("Recién llegada")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Llegó 1 consulta nueva.");
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: /Nuevas$/ })).toHaveText("2Nuevas");

  // Polling is not activity: left open past the idle timeout, the list leaves for the login.
  inbox.advance(minutes(31));
  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/bandeja\/ingresar\?motivo=vencida&volver=%2Fbandeja/);
});

test("works from the keyboard alone: sign in, open a lead, mark it contacted", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const id = await inbox.submit("valuation", sampleValues(definitionOf("valuation"), 9));
  await page.goto(`${inbox.url}/bandeja`);
  await hydrated(page);
  await page.keyboard.press("Tab"); // skip link
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type("titular@ejemplo.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type(ownerPassword);
  await page.keyboard.press("Enter");
  // The second step, by keyboard too: the authenticator's code.
  await expect(page).toHaveURL(/\/bandeja\/ingresar\/verificar/);
  await hydrated(page);
  const codeField = page.getByLabel("Código", { exact: true });
  for (
    let presses = 0;
    presses < 10 && !(await codeField.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(codeField).toBeFocused();
  await page.keyboard.type(inbox.ownerCode());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/bandeja\?ingreso=1$/);
  await hydrated(page);

  const link = page.getByRole("link", { name: adversarialName(9), exact: true });
  for (
    let presses = 0;
    presses < 30 && !(await link.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${inbox.url}/bandeja/consulta/${id}`);

  const mark = page.getByRole("button", { name: /^Marcar contactada/ });
  for (
    let presses = 0;
    presses < 30 && !(await mark.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(mark).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Contactada", { exact: true })).toBeVisible();
  expect(await inbox.statusOf(id)).toBe("contactado");
  await expectNoAxeViolations(page);
});
