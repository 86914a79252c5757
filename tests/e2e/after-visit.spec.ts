/**
 * After the visit in the browser at 390 px (issue 46 item 7, decision 0043): three clients pick
 * windows from the owner's offers; one visit is marked «Reprogramada» by keyboard before its hour
 * and one «No vino» after it, each lead's page telling its state; for the first, before its hour
 * the owner sees only «Reprogramada»; once the service's clock passes the start she marks «Visita
 * hecha» with scripts off, sees the report due
 * on the agenda, then late two days later, marks «Informe entregado» with scripts off, and reads
 * the funnel in the results. A post from another site, and one without the session, change
 * nothing. Each screen is checked with axe and kept under /tmp/shots/after-visit/.
 */
import { mkdirSync } from "node:fs";

import type { Browser, Page } from "@playwright/test";

import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import type { InboxServer } from "./inbox-server.ts";
import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { weekdayAhead } from "./visit-dates.ts";

const shots = "/tmp/shots/after-visit";
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The signed-in owner's session in a context with scripts off: every post a native form post. */
async function withoutScripts(browser: Browser, signedIn: Page) {
  return browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await signedIn.context().storageState(),
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function visitState(inbox: InboxServer, leadId: string) {
  const row = await inbox.store.db
    .selectFrom("inspection_visits" as never)
    .select(["state", "report_delivered_at"] as never)
    .where("lead_id" as never, "=", leadId as never)
    .executeTakeFirst();
  return row as { state: string; report_delivered_at: string | null } | undefined;
}

test("the owner marks the visit done without scripts, sees the report due then late, delivers it, and reads the funnel", async ({
  inbox,
  page,
  browser,
}) => {
  const name = "Marta Gómez";
  const day = weekdayAhead(inbox.now());
  /** A lead, the owner's offer of one window on `day` (Buenos Aires `start`), and the client's pick. */
  const pickedVisit = async (client: string, start: string, startsAt: string, extra = {}) => {
    const leadId = await inbox.submit(
      "express",
      { ...sampleValues(definitionOf("express"), 1), nombre: client, telefono: "11 5555-0101" },
      extra,
    );
    const visitPage = `/bandeja/consulta/${leadId}/visita`;
    await page.goto(`${inbox.url}${visitPage}`);
    const first = page.getByRole("group", { name: "Horario 1" });
    await first.getByLabel("Día").fill(day);
    await first.getByLabel("Hora (Buenos Aires)").fill(start);
    await page.getByRole("button", { name: "Crear propuesta" }).click();
    await expect(page.getByRole("heading", { name: "Propuesta lista" })).toBeVisible();
    const link = new URL((await page.locator("a[href*='/api/visita/']").first().getAttribute("href"))!);
    // The client picks the window from the link (a native form post of the client's page).
    const picked = await fetch(`${inbox.url}${link.pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: inbox.url },
      body: new URLSearchParams({
        accion: "elegir",
        ventana: `${day}T${startsAt}:00.000Z`,
        torre: "Torre Mulieris",
        piso: "12",
        unidad: "B",
        abre: "owner",
        notas: "",
      }).toString(),
    });
    expect(picked.status).toBe(303);
    return { leadId, visitPage };
  };
  await logIn(page, inbox, "/bandeja");
  const { leadId, visitPage } = await pickedVisit(name, "10:00", "13:00", { _page: "/torres/mulieris" });
  // Two more clients the same day: Pedro at 11:30 (who will not come), Ana at 14:00 (moved).
  const pedro = await pickedVisit("Pedro Ruiz", "11:30", "14:30");
  const ana = await pickedVisit("Ana Díaz", "14:00", "17:00");

  // «Reprogramada» before the hour, by keyboard: the time is freed; her lead's page says so.
  await page.goto(`${inbox.url}${ana.visitPage}`);
  await page.getByRole("button", { name: "Reprogramada: Ana Díaz" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Horario liberado y recordatorios cancelados.");
  expect((await visitState(inbox, ana.leadId))?.state).toBe("rescheduled");
  await page.goto(`${inbox.url}/bandeja/consulta/${ana.leadId}`);
  await expect(page.getByText("Estado de la visita: Reprogramada")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver la visita" })).toBeVisible();

  // The lead's own page tells where the visit stands.
  await page.goto(`${inbox.url}/bandeja/consulta/${leadId}`);
  await expect(page.getByText(/^Estado de la visita: Visita confirmada · .+, 10:00 a 11:00$/)).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await shoot(page, "duena-consulta-visita-confirmada");

  // Before its hour: only «Reprogramada», and why the others wait.
  await page.goto(`${inbox.url}${visitPage}`);
  await expect(page.getByRole("button", { name: `Reprogramada: ${name}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Visita hecha: ${name}` })).toHaveCount(0);
  await expect(page.getByText("«Visita hecha» y «No vino» aparecen cuando llega la hora")).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await shoot(page, "duena-visita-confirmada");

  // Wednesday-or-later 10:30 in Buenos Aires: the visit has begun (the service's clock moves).
  inbox.advance(Date.parse(`${day}T13:30:00.000Z`) - inbox.now().getTime());
  await logIn(page, inbox, visitPage);
  await expect(page.getByRole("button", { name: `Visita hecha: ${name}` })).toBeVisible();
  // The keyboard reaches the buttons in order.
  await page.getByRole("button", { name: `Visita hecha: ${name}` }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `No vino: ${name}` })).toBeFocused();

  // Attacks: a post from another site with the owner's cookie, and one without the session.
  const cookies = (await page.context().cookies())
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
  const visitId = await page.locator("input[name=visita]").first().getAttribute("value");
  const attack = (headers: Record<string, string>) =>
    fetch(`${inbox.url}${visitPage}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "hecha", visita: visitId! }).toString(),
    });
  expect(
    (await attack({ Cookie: cookies, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }))
      .status,
  ).toBe(403);
  const anonymous = await attack({ Origin: inbox.url, "Sec-Fetch-Site": "same-origin" });
  expect([302, 303]).toContain(anonymous.status);
  expect(anonymous.headers.get("location")).toContain("/bandeja/ingresar");
  expect((await visitState(inbox, leadId))?.state).toBe("confirmed");

  // «Visita hecha» with scripts off: a native post, and the report's clock shown.
  const plain = await withoutScripts(browser, page);
  const owner = await plain.newPage();
  await owner.goto(`${inbox.url}${visitPage}`);
  await owner.getByRole("button", { name: `Visita hecha: ${name}` }).click();
  await expect(owner.getByRole("status")).toContainText("Visita marcada como hecha");
  // Due 48 h after the visit's 11:00 end: two Buenos Aires days later at 11:00.
  const dueDate = new Date(Date.parse(`${day}T14:00:00.000Z`) + 48 * 3_600_000).toISOString();
  const dueText = `${dueDate.slice(8, 10)}/${dueDate.slice(5, 7)}`;
  await expect(owner.getByText(`Informe para entregar el ${dueText} a las 11:00`)).toBeVisible();
  expect((await visitState(inbox, leadId))?.state).toBe("done");
  await page.goto(`${inbox.url}${visitPage}`);
  await expectNoAxeViolations(page, "main");
  await shoot(page, "duena-visita-hecha");

  await page.goto(`${inbox.url}/bandeja/agenda`);
  const reports = page.getByRole("region", { name: "Informes por entregar" });
  await expect(reports.getByText(`En plazo · Informe para entregar el ${dueText} a las 11:00`)).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await shoot(page, "duena-informe-en-plazo");

  // The promise passes: the same report is late.
  inbox.advance(Date.parse(dueDate) + 60 * 60_000 - inbox.now().getTime());
  await logIn(page, inbox, "/bandeja/agenda");
  await expect(
    reports.getByText(`Atrasado · Informe atrasado: había que entregarlo hoy a las 11:00`),
  ).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await shoot(page, "duena-informe-atrasado");

  // The list of leads says so too, and leads to the agenda.
  await page.goto(`${inbox.url}/bandeja`);
  const waiting = page.getByRole("link", { name: "1 informe por entregar (1 atrasado)" });
  await expect(waiting).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await page.screenshot({ path: `${shots}/duena-consultas-informe-atrasado-390.png` });
  await waiting.click();
  await expect(page.getByRole("heading", { name: "Informes por entregar" })).toBeVisible();

  // «Informe entregado» with scripts off.
  await plain.close();
  const plainAgain = await withoutScripts(browser, page);
  const ownerAgain = await plainAgain.newPage();
  await ownerAgain.goto(`${inbox.url}/bandeja/agenda`);
  await ownerAgain.getByRole("button", { name: `Informe entregado: ${name}` }).click();
  await expect(ownerAgain.getByRole("status")).toContainText("Informe marcado como entregado.");
  await expect(ownerAgain.getByText("No hay informes pendientes.")).toBeVisible();
  expect((await visitState(inbox, leadId))?.report_delivered_at).not.toBeNull();
  await plainAgain.close();

  await page.goto(`${inbox.url}/bandeja/consulta/${leadId}`);
  await expect(page.getByText(/^Estado de la visita: Visita hecha · .+ · Informe entregado$/)).toBeVisible();

  // «No vino» for Pedro, whose visit has long begun; his lead's page says so.
  await page.goto(`${inbox.url}${pedro.visitPage}`);
  await page.getByRole("button", { name: "No vino: Pedro Ruiz" }).click();
  await expect(page.getByRole("status")).toContainText("Marcada: el cliente no vino.");
  expect((await visitState(inbox, pedro.leadId))?.state).toBe("no-show");
  await page.goto(`${inbox.url}/bandeja/consulta/${pedro.leadId}`);
  await expect(page.getByText(/^Estado de la visita: No vino · .+, 11:30 a 12:30$/)).toBeVisible();
  await expectNoAxeViolations(page, "main");

  // The funnel: three leads offered and confirmed, one done and delivered; by page, source and tower.
  await page.goto(`${inbox.url}/bandeja/resultados?periodo=4-semanas`);
  const funnel = page.getByRole("region", { name: "De la consulta al informe" });
  await expect(funnel).toBeVisible();
  for (const [step, count] of [
    ["Consultas", "3"],
    ["Visita propuesta", "3"],
    ["Visita confirmada", "3"],
    ["Visita hecha", "1"],
    ["Informe entregado", "1"],
  ] as const)
    await expect(
      funnel.getByRole("listitem").filter({ has: page.getByText(step, { exact: true }) }),
    ).toContainText(count);
  await expect(
    page
      .getByRole("table", { name: "De la consulta al informe: Por torre" })
      .getByRole("row", { name: /^Mulieris 1 1 1 1 1$/ }),
  ).toContainText("1");
  await expect(
    page
      .getByRole("table", { name: "De la consulta al informe: Por página" })
      .getByRole("row", { name: /\/torres\/mulieris/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page, "main");
  await funnel.scrollIntoViewIfNeeded();
  await shoot(page, "duena-resultados-embudo");
});
