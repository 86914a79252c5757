/**
 * The owner's side of reminders and the calendar feed in the browser (issue 46, decision 0041):
 * a client who left only a phone picks a window; a day before the visit (the inbox's clock
 * moved) her reminder is in the owner's WhatsApp list at /bandeja/agenda; one tap opens wa.me
 * with the message written and takes it off the list. The owner makes her calendar's secret
 * address after the fresh confirmation, and the address answers text/calendar with the visit.
 * Checked with axe; screenshots at 390 and 1280 px under /tmp/shots/visits/ for a person.
 */
import { mkdirSync } from "node:fs";

import { expectNoAxeViolations } from "./axe.ts";
import { confirmWithPassword, expect, logIn, test } from "./inbox-fixtures.ts";
import { weekdayAhead } from "./visit-dates.ts";

const shots = "/tmp/shots/visits";
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 180_000 });

test("a WhatsApp-only client's reminder waits in the owner's list, one tap sends it; her calendar's secret address", async ({
  inbox,
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Every form asks for an e-mail today, so a lead with only a phone (an older one, one from
  // WhatsApp) is written straight into the service's database.
  const { id } = await inbox.store.leads.insert({
    receivedAt: inbox.now(),
    formId: "express",
    page: "/",
    values: { nombre: "Marta Gómez", telefono: "11 5555-0101", edificio: "Torre Mulieris" },
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: null,
    spam: false,
    contact: { name: "Marta Gómez", phone: "11 5555-0101", email: null },
    notify: [],
  });
  await logIn(page, inbox, `/bandeja/consulta/${id}/visita`);
  const day = weekdayAhead(inbox.now());
  const window = page.getByRole("group", { name: "Horario 1" });
  await window.getByLabel("Día").fill(day);
  await window.getByLabel("Hora (Buenos Aires)").fill("10:00");
  await page.getByRole("button", { name: "Crear propuesta" }).click();
  await expect(page.getByRole("heading", { name: "Propuesta lista" })).toBeVisible();
  const link = (await page.locator("a[href*='/api/visita/']").first().getAttribute("href"))!;

  // The visitor's own time beside Buenos Aires time, when the browser's zone differs (scripts on).
  const linkPath = new URL(link).pathname;
  const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo", viewport: { width: 390, height: 844 } });
  const tokyoPage = await tokyo.newPage();
  await tokyoPage.goto(`${inbox.url}${linkPath}`);
  const offered = tokyoPage.locator("label").filter({ has: tokyoPage.locator("time[datetime]") });
  // 10:00 in Buenos Aires is 22:00 in Tokyo, the same day.
  await expect(offered.first()).toContainText(
    /10:00 a 11:00 \(hora de Buenos Aires\)\s*Tu hora: .+, 22:00 a 23:00 \(Asia\/Tokyo\)/,
  );
  await expectNoAxeViolations(tokyoPage);
  await tokyoPage.screenshot({ path: `${shots}/cliente-tu-hora-390.png`, fullPage: true });
  await tokyo.close();
  const home = await browser.newContext({ timezoneId: "America/Argentina/Buenos_Aires" });
  const homePage = await home.newPage();
  await homePage.goto(`${inbox.url}${linkPath}`);
  await expect(homePage.locator("time[datetime]").first()).toBeVisible();
  await expect(homePage.locator("html")).toHaveAttribute("data-hora-local", "America/Buenos_Aires");
  await expect(homePage.getByText(/Tu hora/)).toHaveCount(0);
  await home.close();

  // The client picks with scripts off: Buenos Aires time only.
  const client = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const clientPage = await client.newPage();
  await clientPage.goto(`${inbox.url}${linkPath}`);
  await expect(clientPage.getByText(/Tu hora/)).toHaveCount(0);
  await clientPage.getByLabel("Piso").fill("12");
  await clientPage.getByLabel("Unidad").fill("B");
  await clientPage.getByRole("button", { name: "Confirmar visita" }).click();
  await expect(clientPage.getByRole("heading", { name: "Visita confirmada" })).toBeVisible();
  await client.close();

  // Nothing to send yet; a day before the visit (10:00 in Buenos Aires is 13:00 UTC), her reminder.
  await page.goto(`${inbox.url}/bandeja/agenda`);
  await expect(page.getByText("No hay recordatorios pendientes.")).toBeVisible();
  inbox.advance(Date.parse(`${day}T13:00:00Z`) - 24 * 3_600_000 - inbox.now().getTime() + 60_000);
  // Two days later the session has ended (12 hours at most): she signs in again.
  await logIn(page, inbox, "/bandeja/agenda");
  const reminders = page.getByRole("region", { name: "Recordatorios por WhatsApp para enviar" });
  await expect(reminders.getByText("Marta Gómez")).toBeVisible();
  await expect(reminders.getByText(/10:00 a 11:00 · 24 h antes/)).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/agenda-recordatorios-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/agenda-recordatorios-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // One tap: wa.me opens with the message written (answered here, not by WhatsApp), and the
  // reminder leaves the list.
  await page.context().route("https://wa.me/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!DOCTYPE html><title>WhatsApp</title><p>WhatsApp</p>",
    }),
  );
  const [whatsapp] = await Promise.all([
    page.waitForEvent("popup"),
    reminders.getByRole("link", { name: "Enviar por WhatsApp" }).click(),
  ]);
  const sent = new URL(whatsapp.url());
  expect(sent.pathname).toBe("/5491155550101");
  expect(sent.searchParams.get("text")).toMatch(
    /^Hola Marta Gómez, te escribo de .+ para recordarte la visita de tasación el .+ 10:00 a 11:00 \(hora de Buenos Aires\)/,
  );
  await whatsapp.close();
  await expect(page.getByText("No hay recordatorios pendientes.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No hay recordatorios pendientes.")).toBeVisible();

  // Her calendar: the address needs the fresh confirmation, then shows once.
  const calendar = page.getByRole("region", { name: "Calendario en tu teléfono" });
  await expect(calendar.getByText("Todavía no creaste la dirección del calendario.")).toBeVisible();
  await calendar.getByRole("button", { name: "Crear la dirección del calendario" }).click();
  await confirmWithPassword(page, inbox);
  await expect(page).toHaveURL(/\/bandeja\/agenda(\?|$)/);
  await page
    .getByRole("region", { name: "Calendario en tu teléfono" })
    .getByRole("button", { name: "Crear la dirección del calendario" })
    .click();
  await expect(page.getByText("Dirección nueva lista")).toBeVisible();
  const address = await page.getByLabel("Dirección del calendario").inputValue();
  expect(address).toMatch(/\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByRole("link", { name: "Suscribirme en este iPhone" })).toHaveAttribute(
    "href",
    address.replace(/^https?:/, "webcal:"),
  );
  await expectNoAxeViolations(page, "main");
  await page.getByRole("region", { name: "Calendario en tu teléfono" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/agenda-calendario-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/agenda-calendario-1280.png`, fullPage: true });

  // The address as a calendar app fetches it: no cookie, text/calendar, her visit.
  const feed = await fetch(`${inbox.url}${new URL(address).pathname}`);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toContain("SUMMARY:Visita: Marta Gómez");
  expect(text).not.toContain("5555-0101");

  // After the page is left, the address is not shown again: only when it was made.
  await page.goto(`${inbox.url}/bandeja/agenda`);
  await expect(page.getByLabel("Dirección del calendario")).toHaveCount(0);
  await expect(page.getByText(/Tenés una dirección creada el/)).toBeVisible();
});
