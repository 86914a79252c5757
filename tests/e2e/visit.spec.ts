/**
 * The inspection visit in the browser at 390 px (issue 46): the owner sets her agenda and
 * offers two windows from a lead's page; the client opens the link with scripts off, picks a
 * window with the property and access details, sees the confirmed visit with «Reprogramar» and
 * «Cancelar»; a second lead's link offered the same window is told it is gone. Each screen is
 * checked with axe and kept as a screenshot under /tmp/shots/visit/ for a person to look at.
 */
import { mkdirSync } from "node:fs";

import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { weekdayAhead } from "./visit-dates.ts";

const shots = "/tmp/shots/visit";
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test("the owner offers windows from a lead; the client picks one without scripts; a second client finds it gone", async ({
  inbox,
  page,
  browser,
}) => {
  const lead = (name: string, phone: string) =>
    inbox.submit("express", {
      ...sampleValues(definitionOf("express"), 1),
      nombre: name,
      telefono: phone,
    });
  const first = await lead("Marta Gómez", "11 5555-0101");
  const second = await lead("Pedro Ruiz", "11 5555-0202");

  await logIn(page, inbox, "/bandeja/agenda");
  await expect(page.getByRole("heading", { name: "Agenda de visitas" })).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/duena-agenda-390.png`, fullPage: true });
  await page.getByRole("button", { name: "Guardar agenda" }).click();
  await expect(page.getByText("Agenda guardada.")).toBeVisible();

  const day = weekdayAhead(inbox.now());
  const offer = async (id: string) => {
    await page.goto(`${inbox.url}/bandeja/consulta/${id}`);
    await page.getByRole("link", { name: "Proponer visita" }).click();
    await expect(page.getByRole("heading", { name: "Proponer visita" })).toBeVisible();
    for (const [row, time] of [
      [1, "10:00"],
      [2, "15:00"],
    ] as const) {
      const window = page.getByRole("group", { name: `Horario ${row}` });
      await window.getByLabel("Día").fill(day);
      await window.getByLabel("Hora (Buenos Aires)").fill(time);
    }
    await page.getByRole("button", { name: "Crear propuesta" }).click();
    await expect(page.getByRole("heading", { name: "Propuesta lista" })).toBeVisible();
    const whatsapp = await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    return page.locator("a[href*='/api/visita/']").first().getAttribute("href");
  };
  const firstLink = (await offer(first))!;
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/duena-propuesta-390.png`, fullPage: true });
  const secondLink = (await offer(second))!;
  // The second offer shows the windows already offered to the first lead.
  await expect(page.getByRole("heading", { name: /Horarios ya ofrecidos/ })).toBeVisible();

  // The client, with scripts off, on the link as sent (the site's address replaced by this server's).
  const client = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const clientPage = await client.newPage();
  const local = (link: string) => `${inbox.url}${new URL(link).pathname}`;
  // axe reads a page through a script, so each client page is checked again in a page with
  // scripts on (the client's pages have none of their own: the same HTML either way).
  const checker = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const axeAt = async (url: string) => {
    const page = await checker.newPage();
    await page.goto(url);
    await expectNoAxeViolations(page);
    await page.close();
  };
  // The second lead opens the link too, before anyone picks: the 10:00 window is still free there.
  const other = await checker.newPage();
  await other.goto(local(secondLink));
  await clientPage.goto(local(firstLink));
  await expect(clientPage.getByRole("heading", { name: "Elegí el horario de la visita" })).toBeVisible();
  await axeAt(local(firstLink));
  await clientPage.screenshot({ path: `${shots}/cliente-elegir-390.png`, fullPage: true });
  // The lead chose «Otro» as the building: no tower, and the street address it left.
  await expect(clientPage.getByLabel("Torre", { exact: true })).toHaveValue("");
  await expect(clientPage.getByLabel("Dirección, si no es una torre del catálogo")).toHaveValue(
    String(sampleValues(definitionOf("express"), 1).direccion),
  );
  await clientPage.getByLabel("Piso").fill("12");
  await clientPage.getByLabel("Unidad").fill("B");
  await clientPage.getByLabel("¿Quién abre?").selectOption("staff");
  await clientPage.getByLabel(/Nombres y DNI/).fill("Marta Gómez, DNI 25.111.222");
  await clientPage.getByRole("button", { name: "Confirmar visita" }).click();
  await expect(clientPage.getByRole("heading", { name: "Visita confirmada" })).toBeVisible();
  await expect(clientPage.getByRole("button", { name: "Reprogramar" })).toBeVisible();
  await expect(clientPage.getByRole("button", { name: "Cancelar la visita" })).toBeVisible();
  // The street first, then floor and unit; the lead's markup stays text.
  await expect(clientPage.locator("dd").nth(1)).toHaveText(
    `${String(sampleValues(definitionOf("express"), 1).direccion)}, Piso 12, Unidad B`,
  );
  await axeAt(local(firstLink));
  await clientPage.screenshot({ path: `${shots}/cliente-confirmada-390.png`, fullPage: true });

  // The second lead picks the same 10:00 window a moment later: taken, and shown what is left.
  await other.getByLabel("Piso").fill("3");
  await other.getByLabel("Unidad").fill("A");
  await other.getByRole("button", { name: "Confirmar visita" }).click();
  await expect(other.getByRole("alert")).toContainText("Ese horario ya no está disponible");
  await expectNoAxeViolations(other);
  await other.screenshot({ path: `${shots}/cliente-ocupado-390.png`, fullPage: true });
  await client.close();
  await checker.close();
});
