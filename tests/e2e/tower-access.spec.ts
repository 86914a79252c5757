/**
 * Each building's access, once (issue 46 item 6, decision 0044), in the browser: the owner
 * writes Alvear Tower's access in the tower's editor (a refused value keeps what she typed,
 * markup stays text), publishes it (the publisher called as the route calls it after the fresh
 * second factor, as tests/e2e/site-towers.spec.ts does: a real build), and the tower's public
 * page still never shows it. Offering a window outside the building's hours is refused. The
 * client of a lead on that tower opens the link at 390 px with scripts off: what the building
 * asks is on the page and the names and DNI are required; once confirmed, the reception's
 * phone is there too, and the `visita.ics` the real SMTP server received (read by ical.js)
 * carries the building's rules. Checked with axe; screenshots at 390 and 1280 px under
 * /tmp/shots/tower-access/ for a person to look at.
 */
import { mkdirSync } from "node:fs";

import ICAL from "ical.js";

import { startSmtpCatcher } from "../service/smtp-catcher.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test as base } from "./inbox-fixtures.ts";
import { ownerEmail, startInboxServer, type InboxServer } from "./inbox-server.ts";
import { weekdayAhead } from "./visit-dates.ts";

const shots = "/tmp/shots/tower-access";
mkdirSync(shots, { recursive: true });

type MailFixtures = { mail: Awaited<ReturnType<typeof startSmtpCatcher>>; inbox: InboxServer };

/** The inbox server with SMTP set, so the visits e-mail their invitations to a real SMTP server. */
const test = base.extend<MailFixtures>({
  // Playwright reads a fixture's dependencies from this pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  mail: async ({}, use) => {
    const catcher = await startSmtpCatcher();
    await use(catcher);
    await catcher.stop();
  },
  inbox: async ({ mail }, use) => {
    const server = await startInboxServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, LEADS_NOTIFY_TO: "duena@example.com" },
    });
    await use(server);
    await server.stop();
  },
});

test.describe.configure({ timeout: 600_000 });

const phone = "+54 11 4312-0000";
const parking = `Cocheras de cortesía "B" & valet`;

test("the owner publishes a building's access; the client's page and invitation carry it, the public page never", async ({
  inbox,
  mail,
  page,
  browser,
  guard,
}) => {
  void guard;
  await page.setViewportSize({ width: 390, height: 900 });
  await logIn(page, inbox, "/bandeja/sitio/torres/alvear-tower");
  const access = page.getByRole("region", { name: "Acceso al edificio para las visitas" });
  await expect(access).toBeVisible();

  // Refused: the reasons beside their fields, what was typed kept, nothing stored.
  await access.getByLabel("Horario de visitas del edificio").fill("de mañana");
  await access.getByLabel("Teléfono de la recepción").fill("<script>alert(1)</script>");
  await access.getByRole("button", { name: "Guardar el acceso" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Para guardar, corregí «Horario de visitas del edificio» y «Teléfono de la recepción».",
  );
  await expect(access.getByLabel("Horario de visitas del edificio")).toHaveValue("de mañana");
  await expect(access.getByLabel("Horario de visitas del edificio")).toHaveAttribute("aria-invalid", "true");
  // The focus goes to the first field to correct, its reason read with it.
  await expect(access.getByLabel("Horario de visitas del edificio")).toBeFocused();
  await expect(access).toContainText("escribilo como 09:00-18:00");
  await expect(access.getByLabel("Teléfono de la recepción")).toHaveValue("<script>alert(1)</script>");
  await expect(access).toContainText("sin los signos");
  expect(await inbox.store.siteVersions.towerDrafts()).toEqual({});
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await access.screenshot({ path: `${shots}/duena-acceso-rechazado-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 900 });

  await access.getByLabel("Nombres y DNI por adelantado en la guardia").selectOption("si");
  await access.getByLabel("Horario de visitas del edificio").fill("9-13");
  await access.getByLabel("Estacionamiento para visitas").fill(parking);
  await access.getByLabel("Teléfono de la recepción").fill(phone);
  await access.getByRole("button", { name: "Guardar el acceso" }).click();
  await expect(page.getByRole("status")).toContainText("Guardado como borrador");
  await expect(access.getByLabel("Horario de visitas del edificio")).toHaveValue("09:00-13:00");
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/duena-torre-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 900 });

  // «Para publicar» lists each access fact, as the confirmation and the e-mail will.
  await page.goto(`${inbox.url}/bandeja/sitio`);
  const pending = page.getByRole("region", { name: "Para publicar" });
  await expect(pending).toContainText("Torre Alvear Tower: horario de visitas del edificio");
  await expect(pending).toContainText("Torre Alvear Tower: teléfono de la recepción");

  // Published with a real build; the tower's public page shows none of it.
  await inbox.publisher.publish(ownerEmail);
  for (const path of ["/torres/alvear-tower", "/en/towers/alvear-tower"]) {
    const html = await (await fetch(`${inbox.url}${path}`)).text();
    expect(html).toContain("Alvear Tower");
    expect(html).not.toContain("4312");
    expect(html).not.toContain("Cocheras de cortesía");
  }

  // A lead on that tower; the owner offers a window outside the building's hours, then one inside.
  const { id } = await inbox.store.leads.insert({
    receivedAt: inbox.now(),
    formId: "valuation",
    page: "/",
    values: { nombre: "Marta Gómez", torre: "Alvear Tower" },
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: null,
    spam: false,
    contact: { name: "Marta Gómez", phone: "11 5555-0101", email: "marta@example.com" },
    notify: [],
  });
  await page.goto(`${inbox.url}/bandeja/consulta/${id}/visita`);
  const day = weekdayAhead(inbox.now());
  const window = page.getByRole("group", { name: "Horario 1" });
  await window.getByLabel("Día").fill(day);
  await window.getByLabel("Hora (Buenos Aires)").fill("15:00");
  await page.getByRole("button", { name: "Crear propuesta" }).click();
  await expect(page.getByText("Alvear Tower permite visitas de 09:00 a 13:00")).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/duena-fuera-de-horario-390.png`, fullPage: true });
  await page.getByRole("group", { name: "Horario 1" }).getByLabel("Día").fill(day);
  await page.getByRole("group", { name: "Horario 1" }).getByLabel("Hora (Buenos Aires)").fill("10:00");
  await page.getByRole("button", { name: "Crear propuesta" }).click();
  await expect(page.getByRole("heading", { name: "Propuesta lista" })).toBeVisible();
  const link = (await page.locator("a[href*='/api/visita/']").first().getAttribute("href"))!;
  const local = `${inbox.url}${new URL(link).pathname}`;

  // The client, scripts off, at 390 px: the tower prefilled, what the building asks, no phone yet.
  const client = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const clientPage = await client.newPage();
  // axe reads a page through a script: the same HTML checked again in a page with scripts on.
  const checker = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const axeAt = async (url: string) => {
    const checked = await checker.newPage();
    await checked.goto(url);
    await expectNoAxeViolations(checked);
    await checked.close();
  };
  await clientPage.goto(local);
  await expect(clientPage.getByLabel("Torre", { exact: true })).toHaveValue("Alvear Tower");
  const rules = clientPage.getByRole("region", { name: "Lo que pide el edificio: Alvear Tower" });
  await expect(rules).toContainText("La guardia pide por adelantado los nombres y DNI");
  await expect(rules).toContainText("El edificio permite visitas de 09:00 a 13:00 (hora de Buenos Aires).");
  await expect(rules).toContainText(`Estacionamiento para visitas: ${parking}`);
  await expect(clientPage.getByLabel(/Nombres y DNI/)).toHaveAttribute("required", "");
  await expect(clientPage.getByLabel("Hay cochera para la visita")).toBeChecked();
  expect(await clientPage.content()).not.toContain("4312");
  await axeAt(local);
  for (const width of [390, 1280]) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.screenshot({ path: `${shots}/cliente-elegir-${width}.png`, fullPage: true });
  }
  await clientPage.setViewportSize({ width: 390, height: 844 });

  await clientPage.getByLabel("Piso").fill("31");
  await clientPage.getByLabel("Unidad").fill("B");
  await clientPage.getByLabel(/Nombres y DNI/).fill("Marta Gómez, DNI 20.000.000");
  await clientPage.getByRole("button", { name: "Confirmar visita" }).click();
  await expect(clientPage.getByRole("heading", { name: "Visita confirmada" })).toBeVisible();
  await expect(clientPage.getByRole("region", { name: /Lo que pide el edificio/ })).toContainText(
    `Recepción del edificio: ${phone}`,
  );
  await axeAt(local);
  for (const width of [390, 1280]) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.screenshot({ path: `${shots}/cliente-confirmada-${width}.png`, fullPage: true });
  }
  await client.close();
  await checker.close();

  // The invitation to the client, as her calendar reads it.
  await expect
    .poll(
      () =>
        mail.received.filter(
          (one) => one.to.includes("marta@example.com") && one.message.parts["text/calendar"],
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const invitation = mail.received.find(
    (one) => one.to.includes("marta@example.com") && one.message.parts["text/calendar"],
  )!;
  const calendar = new ICAL.Component(ICAL.parse(invitation.message.parts["text/calendar"]!));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  expect(event.location).toBe("Alvear Tower, Piso 31, Unidad B, Puerto Madero, Buenos Aires");
  expect(event.description).toContain("Lo que pide el edificio (Alvear Tower):");
  expect(event.description).toContain("El edificio permite visitas de 09:00 a 13:00");
  expect(event.description).toContain(`Estacionamiento para visitas: ${parking}`);
  expect(event.description).toContain(`Recepción del edificio: ${phone}`);
  expect(invitation.message.parts["text/plain"]).toContain(`Recepción del edificio: ${phone}`);
});
