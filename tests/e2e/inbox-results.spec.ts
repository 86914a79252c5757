import { parse } from "csv-parse/sync";

import { originFields } from "../../app/lib/visit-origin.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { confirmWithPassword, expect, hydrated, logIn, test } from "./inbox-fixtures.ts";
import type { InboxServer } from "./inbox-server.ts";
import { sessionCookie, signIn } from "./inbox-http.ts";
import { rawRequest } from "./raw-http.ts";
import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";

/**
 * /bandeja/resultados as the owner uses it (counts, origin of a lead, keyboard,
 * axe) and as a stranger attacks it (no session, cross-site, a replayed session).
 */
test.describe.configure({ timeout: 90_000 });

const secretHost = "secreto-origen.example";

/** A visit from another site with campaign parameters, then its lead (as the form's script posts it). */
async function visitAndLead(inbox: InboxServer): Promise<string> {
  const day = buenosAiresDay(new Date());
  for (const kind of ["view", "view", "view", "form_open"] as const)
    await inbox.store.visits.record({
      day,
      page: "/torres/alvear-tower",
      lang: "es",
      referrer: secretHost,
      campaign: "otono-2026",
      kind,
    });
  return inbox.submit("express", sampleValues(definitionOf("express"), 3), {
    _page: "/torres/alvear-tower",
    _handoff: "tab-opened",
    [originFields.landing]: "/torres/alvear-tower",
    [originFields.referrer]: secretHost,
    [originFields.utmSource]: "instagram",
    [originFields.utmMedium]: "paid",
    [originFields.utmCampaign]: "otono-2026",
    [originFields.device]: "phone",
  });
}

function get(inbox: InboxServer, path: string, headers: Record<string, string> = {}) {
  return rawRequest(`${inbox.url}${path}`, { method: "GET", headers });
}

async function sessionOf(inbox: InboxServer): Promise<string> {
  return sessionCookie((await signIn(inbox)).session);
}

test("without a session the results give the login, never a number or a host", async ({ inbox }) => {
  await visitAndLead(inbox);
  for (const cookie of [
    undefined,
    "__Host-bandeja-sesion=forjada",
    `__Host-bandeja-sesion=${"A".repeat(43)}`,
  ])
    for (const path of [
      "/bandeja/resultados",
      "/bandeja/resultados?periodo=12-meses",
      "/bandeja/resultados.data",
    ]) {
      const response = await get(inbox, path, cookie ? { Cookie: cookie } : {});
      const body = response.decoded().toString("utf8");
      expect(body, path).not.toContain(secretHost);
      expect(body, path).not.toContain("otono-2026");
      const location =
        (response.header("location") ?? "") + (response.header("x-remix-redirect") ?? "") + body;
      expect(location, `${path}: ${response.status}`).toContain("/bandeja/ingresar");
    }
});

test("a cross-site page cannot post to the results, and a session replayed after sign-out reads nothing", async ({
  inbox,
}) => {
  await visitAndLead(inbox);
  const cookie = await sessionOf(inbox);
  const signedIn = await get(inbox, "/bandeja/resultados", { Cookie: cookie });
  expect(signedIn.status).toBe(200);
  // What the stranger must never see is there for the owner: the test can see the attack work.
  expect(signedIn.decoded().toString()).toContain("otono-2026");
  expect(signedIn.header("cache-control")).toBe("no-store");
  expect(signedIn.header("x-frame-options")).toBe("DENY");
  expect(signedIn.header("content-security-policy")).toContain("frame-ancestors 'none'");

  const forgeries: Record<string, string>[] = [
    { Origin: "https://atacante.example" },
    { Origin: "https://atacante.example", "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "cross-site" },
  ];
  for (const headers of forgeries) {
    const forged = await rawRequest(`${inbox.url}/bandeja/resultados`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "periodo=12-meses",
    });
    expect(forged.status, JSON.stringify(headers)).toBe(403);
  }

  const signOut = await rawRequest(`${inbox.url}/bandeja/salir`, {
    method: "POST",
    headers: { Origin: inbox.url, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
  });
  expect([302, 303]).toContain(signOut.status);
  const replayed = await get(inbox, "/bandeja/resultados", { Cookie: cookie });
  expect(replayed.decoded().toString()).not.toContain("otono-2026");
  expect(replayed.header("location")).toMatch(/^\/bandeja\/ingresar/);
});

test("the owner sees a lead's origin on its page and in the CSV, and the counts on the results", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const id = await visitAndLead(inbox);
  await logIn(page, inbox, `/bandeja/consulta/${id}`);
  await page.goto(`${inbox.url}/bandeja/consulta/${id}`);
  const origin = page.getByRole("region", { name: "Origen de la visita" });
  for (const text of ["/torres/alvear-tower", secretHost, "instagram", "paid", "otono-2026", "teléfono"])
    await expect(origin).toContainText(text);

  // The export asks for the password again first (no second factor here).
  await page.goto(`${inbox.url}/bandeja/confirmar?para=datos&volver=/bandeja`);
  await confirmWithPassword(page);
  const csv = await page.request.get(`${inbox.url}/bandeja/exportar.csv`);
  const [header = [], row = []] = parse(await csv.body(), { bom: true, delimiter: ";" }) as string[][];
  expect(header.slice(8, 15)).toEqual([
    "Página de llegada",
    "Sitio de procedencia",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "Idioma",
    "Dispositivo",
  ]);
  expect(row.slice(8, 15)).toEqual([
    "/torres/alvear-tower",
    secretHost,
    "instagram",
    "paid",
    "otono-2026",
    "español",
    "teléfono",
  ]);

  await page.goto(`${inbox.url}/bandeja/resultados?periodo=semana`);
  await hydrated(page);
  const pages = page.locator("#tabla-paginas");
  const towerRow = pages.getByRole("row", { name: /\/torres\/alvear-tower/ });
  // Visits 3, forms opened 1, leads 1, to WhatsApp 1, taps 0, conversion 1 of 3.
  await expect(towerRow.getByRole("cell")).toHaveText(["3", "1", "1", "1", "0", "33,3%"]);
  const sourceRow = page.locator("#tabla-origenes").getByRole("row", { name: /campaña otono-2026/ });
  await expect(sourceRow.getByRole("cell")).toHaveText(["3", "1", "1", "1", "0", "33,3%"]);
  await expect(page.locator("#tabla-torres").getByRole("row", { name: /alvear-tower/ })).toContainText(
    "Alvear Tower",
  );
  // Every table: one row per key, the key in the row's first cell (its header).
  for (const table of await page.locator("table").all())
    for (const row of await table.locator("tbody tr").all())
      await expect(row.locator("> :first-child")).toHaveAttribute("scope", "row");
  await expect(page.getByRole("img", { name: /Visitas y formularios abiertos por semana/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("works from the keyboard: the period links, the tables' scroll boxes, a waiting lead", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await visitAndLead(inbox);
  await logIn(page, inbox, "/bandeja/resultados");
  await page.goto(`${inbox.url}/bandeja/resultados`);
  await hydrated(page);
  const twelveMonths = page.getByRole("link", { name: "Últimos 12 meses" });
  for (
    let presses = 0;
    presses < 30 && !(await twelveMonths.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(twelveMonths).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/periodo=12-meses$/);
  await expect(twelveMonths).toHaveAttribute("aria-current", "page");
  await expect(page.locator("#tabla-semanas tbody tr")).toHaveCount(52);
  const weeks = page.getByRole("region", { name: "Por semana" }).last();
  for (
    let presses = 0;
    presses < 40 && !(await weeks.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(weeks).toBeFocused();
  await expectNoAxeViolations(page);
});
