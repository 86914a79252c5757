/**
 * The visit is the person's data (issue 46 item 8, decision 0042): after a client picks a window
 * with the address, the names and DNI for the guard and notes, the owner's «Pedidos de datos»
 * exports it below the person's leads (formula-safe), says the deletion takes it, and the
 * deletion does: the client's link no longer opens. Screenshots under /tmp/shots/visit-data/.
 */
import { mkdirSync, readFileSync } from "node:fs";

import { parse } from "csv-parse/sync";

import { openInSpreadsheet } from "../tools/spreadsheet.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { confirmWithPassword, expect, logIn, test } from "./inbox-fixtures.ts";
import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { weekdayAhead } from "./visit-dates.ts";

const shots = "/tmp/shots/visit-data";
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test("the person's export carries their visit, formula-safe, and the deletion takes it: the link no longer opens", async ({
  inbox,
  page,
  browser,
}) => {
  const lead = await inbox.submit("express", {
    ...sampleValues(definitionOf("express"), 1),
    nombre: "Marta Gómez",
    telefono: "11 5555-0303",
  });
  const someoneElse = await inbox.submit("express", {
    ...sampleValues(definitionOf("express"), 2),
    nombre: "Pedro Ruiz",
    telefono: "11 5555-0404",
  });

  await logIn(page, inbox, "/bandeja/agenda");
  await page.getByRole("button", { name: "Guardar agenda" }).click();
  await expect(page.getByText("Agenda guardada.")).toBeVisible();
  await page.goto(`${inbox.url}/bandeja/consulta/${lead}`);
  await page.getByRole("link", { name: "Proponer visita" }).click();
  const window = page.getByRole("group", { name: "Horario 1" });
  await window.getByLabel("Día").fill(weekdayAhead(inbox.now()));
  await window.getByLabel("Hora (Buenos Aires)").fill("10:00");
  await page.getByRole("button", { name: "Crear propuesta" }).click();
  await expect(page.getByRole("heading", { name: "Propuesta lista" })).toBeVisible();
  const link = new URL((await page.locator("a[href*='/api/visita/']").first().getAttribute("href"))!)
    .pathname;

  // The client picks with scripts off, and writes a formula where the notes go.
  const client = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const clientPage = await client.newPage();
  await clientPage.goto(`${inbox.url}${link}`);
  await clientPage.getByLabel("Piso").fill("12");
  await clientPage.getByLabel("Unidad").fill("B");
  await clientPage.getByLabel("¿Quién abre?").selectOption("staff");
  await clientPage.getByLabel(/Nombres y DNI/).fill("Marta Gómez, DNI 25.111.222");
  await clientPage.getByLabel(/Notas/).fill('=HYPERLINK("https://example.com/x";"ver")');
  await clientPage.getByRole("button", { name: "Confirmar visita" }).click();
  await expect(clientPage.getByRole("heading", { name: "Visita confirmada" })).toBeVisible();

  await page.goto(`${inbox.url}/bandeja/titular?contacto=${encodeURIComponent("11 5555-0303")}`);
  await expect(page.getByRole("heading", { name: "Hay 1 consulta de 11 5555-0303." })).toBeVisible();
  await page.getByRole("link", { name: "Exportar sus datos (CSV)" }).click();
  await confirmWithPassword(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar sus datos (CSV)" }).click();
  const csv = readFileSync(await (await downloading).path(), "utf8");
  const records = parse(csv, { bom: true, delimiter: ";", relax_column_count: true }) as string[][];
  // The lead's table, an empty line, then the visits' own title, header and row.
  const title = records.findIndex((record) => record[0] === "Visitas de inspección");
  expect(title).toBe(3);
  expect(records[2]).toEqual([""]);
  const header = records[title + 1]!;
  const row = Object.fromEntries(header.map((label, index) => [label, records[title + 2]![index]]));
  expect(records).toHaveLength(title + 3);
  expect(row).toMatchObject({
    Estado: "Visita confirmada",
    Torre: expect.any(String),
    Piso: "12",
    Unidad: "B",
    Abre: "El personal del edificio",
    "Autorizar en la guardia": "Marta Gómez, DNI 25.111.222",
    Cochera: "no",
    Habitada: "no",
    // The spreadsheet reads it as text: the same apostrophe as every cell of the lead's table.
    Notas: `'=HYPERLINK("https://example.com/x";"ver")`,
  });
  expect(row["Cuándo (hora de Buenos Aires)"]).toMatch(/, 10:00 a 11:00$/);
  expect(row["Consulta recibida"]).toBe(records[1]![0]);
  expect(csv).not.toContain("Pedro Ruiz");
  // Opened as the owner's spreadsheet would, whichever separator it splits on: no formula, and
  // the visit's notes a cell of text under «Notas».
  const sheet = openInSpreadsheet(csv, ";");
  expect(sheet.formulas).toEqual([]);
  const sheetTitle = sheet.rows.findIndex((cells) => cells[0] === "Visitas de inspección");
  expect(sheet.rows[sheetTitle + 1]).toEqual(header);
  expect(sheet.rows[sheetTitle + 2]![header.indexOf("Notas")]).toBe(row.Notas);
  expect(openInSpreadsheet(csv, ",").formulas).toEqual([]);

  await page.getByRole("link", { name: "Eliminar todas" }).click();
  const confirming = page.getByRole("group", { name: /¿Eliminar para siempre la consulta/ });
  await expect(confirming).toContainText("sus visitas");
  await expect(confirming).toContainText("nombres y DNI");
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/datos-eliminar-390.png`, fullPage: true });
  await page.getByRole("button", { name: "Sí, eliminar todo" }).click();
  await expect(page.getByRole("status")).toHaveText("Se eliminó 1 consulta de 11 5555-0303.");
  expect(await inbox.statusOf(lead)).toBe("gone");
  expect(await inbox.statusOf(someoneElse)).toBe("nuevo");

  // The offer and the visit went with the lead: the client's link is an unknown one now.
  const gone = await clientPage.goto(`${inbox.url}${link}`);
  expect(gone?.status()).toBe(404);
  await expect(clientPage.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
  await client.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${inbox.url}/bandeja/titular?contacto=${encodeURIComponent("11 5555-0404")}&eliminar=1`);
  await expect(page.getByRole("group", { name: /¿Eliminar para siempre la consulta/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/datos-eliminar-1280.png`, fullPage: true });
});
