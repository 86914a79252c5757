import { join } from "node:path";
import { mkdirSync } from "node:fs";

import sharp from "sharp";

import { inboxPaths } from "../../app/features/inbox/paths.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { call, sessionCookie, signIn } from "./inbox-http.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import type { InboxServer } from "./inbox-server.ts";

/**
 * The site's editor in the owner's words (issue 35, «the owner's words»; issue
 * 36, owner-entered text and unbuildable drafts): facts understood as a person
 * writes them, errors beside the field named as the page labels it, towers
 * confirmed a tower at a time, sources as links, no developer's word on the
 * owner's pages, and every text under the same rules over raw HTTP.
 */
test.describe.configure({ timeout: 180_000 });

const shots = process.env.SHOTS_DIR ?? "test-results/shots";

async function factDrafts(inbox: InboxServer): Promise<Record<string, string>> {
  const rows = await inbox.store.db.selectFrom("site_fact_drafts").select(["variable", "value"]).execute();
  return Object.fromEntries(rows.map((row) => [row.variable, row.value]));
}

async function towerDrafts(inbox: InboxServer): Promise<Record<string, { toConfirm?: string[] }>> {
  const rows = await inbox.store.db.selectFrom("site_tower_drafts").select(["slug", "value"]).execute();
  return Object.fromEntries(rows.map((row) => [row.slug, JSON.parse(row.value)]));
}

async function screenshots(page: import("@playwright/test").Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 900 });
}

test("at 390 px, by keyboard: «Mat. 6842», a phone as people write it and the days ticked in Spanish are understood; a wrong hour is named and focused", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await page.setViewportSize({ width: 390, height: 900 });
  await logIn(page, inbox, inboxPaths.site);

  await page.getByLabel("Número de matrícula").fill("Mat. 6842");
  await page.getByLabel("Número de WhatsApp").fill("+54 9 11 4567-8901");
  await page.getByLabel("Teléfono, como se muestra").fill("  +54 9 11   4567-8901 ");
  await page.getByLabel("Abre a las").fill("a las nueve");
  const days = page.getByRole("group", { name: "Días de atención" });
  await expect(days.getByRole("checkbox")).toHaveCount(7);
  await expect(days.getByRole("checkbox", { name: "Viernes" })).toBeChecked();
  await days.getByRole("checkbox", { name: "Sábado" }).press("Space");
  await page.getByRole("button", { name: "Guardar borrador" }).press("Enter");

  // The wrong field is named as the page labels it, beside the field, and the focus is on it.
  const opens = page.getByLabel("Abre a las");
  await expect(opens).toBeFocused();
  await expect(opens).toHaveAttribute("aria-invalid", "true");
  await expect(opens).toHaveAccessibleDescription(/la hora, como 09:00/);
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("link", { name: "Abre a las" })).toHaveAttribute("href", "#SITE_OPENS");
  await expect(summary).not.toContainText("SITE_");
  await expectNoAxeViolations(page);
  await screenshots(page, "owner-words-facts-error");

  // What was right is stored as a person meant it.
  expect(await factDrafts(inbox)).toEqual({
    SITE_REGISTRATION_NUMBER: "6842",
    SITE_WHATSAPP_NUMBER: "5491145678901",
    SITE_PHONE_DISPLAY: "+54 9 11 4567-8901",
    SITE_OPENING_DAYS: "Monday,Tuesday,Wednesday,Thursday,Friday,Saturday",
  });

  await opens.fill("9.30");
  await opens.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Borrador guardado. Todavía no está en el sitio.");
  const pending = page.getByRole("region", { name: "Para publicar" });
  await expect(pending).toContainText("Número de matrícula");
  await expect(pending).toContainText("Lunes, Martes, Miércoles, Jueves, Viernes, Sábado");
  await expect(pending).not.toContainText("Saturday");
  await expect(page.getByLabel("Número de matrícula")).toHaveValue("6842");

  // The site's address: read-only, in plain words, the installer's.
  const installation = page.locator("#instalacion");
  await expect(installation).toContainText(
    "La dirección del sitio la fija quien lo instala: https://www.tasaciones-madero.example",
  );
  await expect(installation.getByRole("textbox")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "owner-words-facts-saved");
});

test("no developer's word on the owner's pages", async ({ page, inbox, guard }) => {
  void guard;
  await logIn(page, inbox, inboxPaths.site);
  for (const path of [
    inboxPaths.site,
    inboxPaths.siteTowers,
    inboxPaths.siteTower("alvear-tower"),
    inboxPaths.sitePhotos,
    inboxPaths.results,
    inboxPaths.dataSubject,
    inboxPaths.list,
  ]) {
    await page.goto(`${inbox.url}${path}`);
    const text = await page.locator("body").innerText();
    for (const word of [
      /SITE_[A-Z]/,
      /\bnpm\b/,
      /check:release/,
      /owner:password/,
      /docs\//,
      /variables? de entorno/,
      /utm_/,
      /LEADS_RETENTION/,
      /\([0-9a-f]{8}\)/,
    ])
      expect(text, `${path}: ${word}`).not.toMatch(word);
  }
});

test("at 390 px, by keyboard: a tower's facts confirmed in one tap, then the reviewed ones together; sources open as links; the state is a choice; the address suggested from the name", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await page.setViewportSize({ width: 390, height: 900 });
  await logIn(page, inbox, inboxPaths.siteTower("alvear-tower"));

  // The sources' addresses are links, safe to open.
  const source = page.locator("#units").getByRole("link").first();
  await expect(source).toHaveAttribute("href", /^https:\/\/lanacion\.com\.ar\//);
  await expect(source).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.locator("a[href^='javascript:'], a[href^='data:']")).toHaveCount(0);

  // «Estado» is a choice of the catalogue's two, in Spanish.
  const status = page.getByLabel("Estado (valor)");
  await expect(status.locator("option")).toHaveText(["Terminado", "En construcción"]);
  await expectNoAxeViolations(page);
  await screenshots(page, "owner-words-tower");

  // One tap for the tower: on to the next tower with facts to confirm.
  const summaryBefore = await pendingTotal(page, inbox);
  await page.goto(`${inbox.url}${inboxPaths.siteTower("alvear-tower")}`);
  await page.getByRole("button", { name: "Confirmar el dato y seguir" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Confirmados los datos de Alvear Tower");
  await expect(page).not.toHaveURL(/torres\/alvear-tower/);
  expect((await towerDrafts(inbox))["alvear-tower"]?.toConfirm).toEqual([]);
  expect(await pendingTotal(page, inbox)).toBe(summaryBefore - 1);

  // The list: two towers marked as reviewed, confirmed together. Le Parc's address is empty, so it
  // still has a fact to confirm afterwards, and keeps its box.
  const reviewed = page.getByRole("checkbox", { name: /^La revisé/ });
  const [first, second] = [
    reviewed.nth(0),
    page.locator("input[name=revisada][value=le-parc-puerto-madero]"),
  ];
  const slugs = [await first.getAttribute("value"), await second.getAttribute("value")];
  await first.press("Space");
  await second.press("Space");
  await page.getByRole("button", { name: "Confirmar todas las revisadas" }).press("Enter");
  await expect(page.getByRole("status")).toHaveText("Confirmados los datos de 2 torres (borrador).");
  const drafts = await towerDrafts(inbox);
  for (const slug of slugs) expect(drafts[slug!], slug!).toBeDefined();
  // The list starts afresh: no tick is left from the towers just confirmed.
  await expect(second).toBeVisible();
  for (const box of await reviewed.all()) await expect(box).not.toBeChecked();
  await expectNoAxeViolations(page);
  await screenshots(page, "owner-words-towers");

  // A new tower: its address follows the name, and can be changed.
  const form = page.getByRole("region", { name: "Agregar una torre" });
  await form.getByLabel("Nombre de la torre").pressSequentially("Torre Ñandú Oeste");
  await expect(form.getByLabel("Dirección web de la página")).toHaveValue("torre-nandu-oeste");
  await form.getByLabel("Dique").fill("2");
  await form.getByRole("button", { name: "Agregar la torre" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Torre Ñandú Oeste" })).toBeVisible();
  expect(page.url()).toContain(inboxPaths.siteTower("torre-nandu-oeste"));
});

async function pendingTotal(page: import("@playwright/test").Page, inbox: InboxServer): Promise<number> {
  await page.goto(`${inbox.url}${inboxPaths.siteTowers}`);
  const text = await page.getByText(/torres en el sitio · \d+ datos? a confirmar/).innerText();
  return Number(/· (\d+)/.exec(text)![1]);
}

test("over raw HTTP: every owner text under the same rules, and a draft that could not be built refused naming its field", async ({
  inbox,
  page,
}) => {
  const { session } = await signIn(inbox);
  const cookie = sessionCookie(session);
  const post = (path: string, form: Record<string, string | string[]>) =>
    call(inbox, path, { form, cookie, fetchSite: "same-origin" });

  // Business facts: NUL, a line break, a direction control and an endless name, each refused and never stored.
  for (const [value, reason] of [
    ["Madero\u0000Tasaciones", "carácter invisible"],
    ["Madero\nTasaciones", "una sola línea"],
    ["Madero \u202eselaicnesaT", "invierte el texto"],
    ["M".repeat(201), "hasta 200 caracteres"],
  ] as const) {
    const answer = await post(inboxPaths.site, { intent: "guardar", SITE_BUSINESS_NAME: value });
    expect(answer.status).toBe(200);
    const html = answer.decoded().toString("utf8");
    expect(html).toContain(reason);
    expect(html).toContain("Nombre del estudio");
  }
  // Days: none ticked is refused; a name outside the week too.
  for (const days of [[""], ["", "Monday", "Lunes"]]) {
    const answer = await post(inboxPaths.site, { intent: "guardar", SITE_OPENING_DAYS: days });
    expect(answer.decoded().toString("utf8")).toMatch(/elegí (al menos un día|los días de la lista)/);
  }
  expect(await factDrafts(inbox)).toEqual({});

  // Tower facts: the same rules, the field named as the page labels it.
  const alvear = inboxPaths.siteTower("alvear-tower");
  const bidi = await post(alvear, { intent: "corregir", fact: "developer", value: "Madero \u202eSA" });
  expect(bidi.decoded().toString("utf8")).toContain("Para guardar, corregí «Desarrolladora».");
  // «Terminada» is understood (Alvear Tower is finished already, so nothing changes), never refused.
  const terminada = await post(alvear, { intent: "corregir", fact: "status", value: "Terminada" });
  expect(terminada.status).toBe(302);
  const building = await post(inboxPaths.siteTower("mulieris"), {
    intent: "corregir",
    fact: "status",
    value: "en construccion",
  });
  expect(building.status).toBe(302);

  // A 300-character address broke every publication (ENAMETOOLONG): now refused when saved, by its name.
  const long = await post(inboxPaths.siteTowers, {
    intent: "agregar",
    nombre: "Torre Larga",
    slug: `torre-${"a".repeat(294)}`,
    dock: "1",
    status: "terminado",
  });
  expect(long.status).toBe(200);
  expect(long.decoded().toString("utf8")).toContain("hasta 60 caracteres (tiene 300)");
  expect(long.decoded().toString("utf8")).toContain("«Dirección web de la página»");
  // Without scripts, an empty address is made from the name.
  const plain = await post(inboxPaths.siteTowers, {
    intent: "agregar",
    nombre: "Torre Ñandú",
    slug: "",
    dock: "1",
    status: "terminado",
  });
  expect(plain.status).toBe(302);
  expect(plain.header("location")).toBe(`${inboxPaths.siteTower("torre-nandu")}?guardado=1`);
  const towers = await towerDrafts(inbox);
  expect(Object.keys(towers).sort()).toEqual(["mulieris", "torre-nandu"]);
  expect(towers.mulieris).toMatchObject({ status: "en construcción" });

  // Photo texts: the same rules; the English one optional, written from the place when empty.
  const png = await sharp({ create: { width: 1000, height: 625, channels: 3, background: "#506070" } })
    .png()
    .toBuffer();
  const upload = (altEs: string, altEn: string) =>
    page.request.post(`${inbox.url}${inboxPaths.sitePhotos}`, {
      headers: { Origin: inbox.url, Cookie: cookie },
      multipart: {
        slot: "tower/alvear-tower",
        alt_es: altEs,
        alt_en: altEn,
        foto: { name: "torre.png", mimeType: "image/png", buffer: png },
      },
      maxRedirects: 0,
    });
  const hostile = await upload("Fachada \u202eal atardecer", "");
  expect(await hostile.text()).toContain("invierte el texto");
  const photoRows = () =>
    inbox.store.db.selectFrom("site_photo_drafts").select(["slot", "alt_es", "alt_en"]).execute();
  expect(await photoRows()).toEqual([]);
  expect((await upload("Fachada de la torre al atardecer", "")).status()).toBe(302);
  expect(await photoRows()).toEqual([
    {
      slot: "tower/alvear-tower",
      alt_es: "Fachada de la torre al atardecer",
      alt_en: "Alvear Tower, a residential tower in Puerto Madero, Buenos Aires",
    },
  ]);
});
