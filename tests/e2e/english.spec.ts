import { site } from "../../app/config/site.ts";
import { composeMessage } from "../../app/features/leads/compose-message.ts";
import { expressOnlineForm, formInLanguage } from "../../app/features/leads/markup/site-forms.ts";
import { modalForms } from "../../app/features/leads/markup/form-registry.ts";
import type { LeadValues } from "../../app/features/leads/forms/types.ts";
import { towers } from "../../app/content/towers.ts";
import { langOf, sitemapPages, twinOf } from "../../app/site-map.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, pauseClock, test } from "./fixtures.ts";
import { englishNotFoundPage, sitePages } from "./site-pages.ts";

/**
 * The English site (product decision 18): the language links between the
 * twins, the switch, the English 404 page, and an English form's WhatsApp
 * message. The generic loops (pages, budgets, fonts, validity) cover every
 * English page like any other, because they iterate the page list.
 */

const origin = site.siteUrl;

/** The `hreflang` alternates a page's HTML declares, as paths. */
function alternatesOf(html: string): Record<string, string> {
  const links = [...html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)].map((match) => match[0]);
  return Object.fromEntries(
    links.map((tag) => {
      const lang = /hreflang="([^"]+)"/i.exec(tag)![1]!;
      const href = /href="([^"]+)"/.exec(tag)![1]!;
      expect(href.startsWith(origin), href).toBe(true);
      return [lang, href.slice(origin.length) || "/"];
    }),
  );
}

test("hreflang pairs are reciprocal, Spanish is x-default, and every alternate answers 200", async ({
  request,
}) => {
  const html = new Map(sitePages.map((sitePage) => [sitePage.path, sitePage.html]));
  const alternates = new Set<string>();
  for (const { path } of sitemapPages) {
    const own = alternatesOf(html.get(path)!);
    const twin = twinOf(path)!;
    const [spanish, english] = langOf(path) === "es" ? [path, twin] : [twin, path];
    expect(own, path).toEqual({ "es-AR": spanish, en: english, "x-default": spanish });
    // The twin names this page back: the pair is reciprocal.
    expect(alternatesOf(html.get(twin)!), `${twin} links back to ${path}`).toEqual(own);
    for (const alternate of Object.values(own)) alternates.add(alternate);
  }
  expect(alternates.size).toBe(sitemapPages.length);
  for (const path of alternates) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
});

test("the thank-you and 404 pages declare no alternates (they are not for search engines)", () => {
  for (const sitePage of sitePages.filter((candidate) => /gracias|thank-you/.test(candidate.path)))
    expect(alternatesOf(sitePage.html), sitePage.path).toEqual({});
  expect(alternatesOf(englishNotFoundPage.html)).toEqual({});
});

test("the language switch keeps the visitor on the same page, both ways", async ({ page }) => {
  const tower = towers[0]!;
  for (const [spanish, english] of [
    ["/", "/en"],
    ["/tasador", "/en/appraiser"],
    ["/comprar-en-pozo", "/en/off-plan"],
    [`/torres/${tower.slug}`, `/en/towers/${tower.slug}`],
  ] as const) {
    await page.goto(spanish);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
    await page.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(english);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    await page.getByRole("link", { name: "Español", exact: true }).click();
    await expect(page).toHaveURL(spanish);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
  }
});

test("the switch is visible on a phone, and the browser's language never redirects", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  // English as the browser's first language: the Spanish page stays Spanish.
  const response = await page.goto("/tasador");
  expect(response!.status()).toBe(200);
  expect(page.url()).toMatch(/\/tasador$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-AR");
  const toEnglish = page.getByRole("link", { name: "English", exact: true });
  await expect(toEnglish).toBeVisible();
  await expect(toEnglish).toHaveAttribute("href", "/en/appraiser");
  await context.close();
});

test("an unknown path under /en answers the English 404 page with status 404", async ({ page, request }) => {
  const raw = await request.get("/en/no-such-page");
  expect(raw.status()).toBe(404);
  const body = await raw.text();
  expect(body).toContain('<html lang="en"');
  expect(body).toContain("<title>Page not found |");

  const response = await page.goto("/en/no-such-page");
  expect(response!.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Its links lead to the English pages; the switch leads to the Spanish home page.
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Property valuation" })).toHaveAttribute(
    "href",
    "/en/property-valuation",
  );
  await expect(main.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/en");
  await expect(page.getByRole("link", { name: "Español", exact: true })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);

  // Any other unknown path keeps the Spanish 404 page.
  const spanish = await request.get("/no-such-page");
  expect(spanish.status()).toBe(404);
  expect(await spanish.text()).toContain("Página no encontrada");
});

/**
 * Spanish words a message must not carry (the Spanish of the form's own
 * labels, options and opening); proper names (towers, streets) are allowed.
 */
const spanishWords =
  /\b(hola|quiero|solicitud|tasaci[oó]n|propiedad|edificio|direcci[oó]n|superficie|ambientes?|nombre|tel[eé]fono|vista|cochera|antig[uü]edad|estado|renta|comentarios|departamento|r[ií]o|s[ií]|otro|a estrenar|años|excelente|bueno|consulta|balc[oó]n|terraza|pileta|gimnasio|urgencia|horas?|semana)\b/i;

test("an English form's WhatsApp message is entirely English but for proper names", async ({
  page,
  whatsapp,
}) => {
  const definition = formInLanguage(modalForms.valuation, "en");
  const values: LeadValues = {
    torre: "Alvear Tower",
    ambientes: "2",
    vista: "Río",
    cochera: "Sí",
    superficieCubierta: "95",
    superficieDescubierta: "12",
    superficieTotal: "107",
    antiguedad: "6-10 años",
    estado: "Muy bueno",
    conRenta: "No",
    comentarios: "Corner unit with a view of Dique 2.",
    nombre: "Jane Smith",
    whatsapp: "+44 20 7946 0000",
    email: "jane.smith@example.com",
  };
  await page.goto("/en/property-valuation");
  await hydrated(page);
  await page.getByRole("link", { name: "Request a Valuation" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Request a valuation" })).toBeVisible();
  // Labels and options read in English; the values sent are the stored ones.
  await expect(dialog.getByLabel("View")).toContainText("River");
  for (const [name, value] of Object.entries(values)) {
    const control = dialog.locator(`[name="${name}"]`);
    if ((await control.evaluate((element) => element.tagName)) === "SELECT")
      await control.selectOption(value as string);
    else await control.fill(value as string);
  }
  await dialog.getByRole("button", { name: "Send via WhatsApp" }).click();

  const { text } = await whatsapp.last();
  expect(text).toBe(composeMessage(definition, values));
  expect(text.split("\n")[0]).toBe(
    "Hello, I would like to request a property valuation. I prefer to continue in English.",
  );
  expect(text).toContain("🌅 View: River");
  expect(text).toContain("📅 Age of the building: 6–10 years");
  const withoutProperNames = text.replaceAll("Alvear Tower", "").replaceAll("Dique 2", "");
  expect(withoutProperNames).not.toMatch(spanishWords);
});

test("the express online form in English: labels, states and message in English", async ({
  page,
  whatsapp,
}) => {
  const definition = formInLanguage(expressOnlineForm, "en");
  await page.clock.install();
  await page.goto("/en/online-appraisal");
  await hydrated(page);
  const form = page.locator('form[data-lead-inline="express-online"]');
  await form.locator('[name="tipoPropiedad"]').selectOption("Departamento");
  await form.locator('[name="direccion"]').fill("Juana Manso 1150");
  await form.locator('[name="superficie"]').fill("80");
  await form.locator('[name="ambientes"]').selectOption("3");
  await form.locator('[name="antiguedad"]').selectOption("A estrenar");
  await form.locator('[name="estado"]').selectOption("Excelente");
  await form.getByLabel("Swimming pool").check();
  await form.getByLabel("24-hour security").check();
  await form.locator('[name="urgencia"]').selectOption("48 horas");
  await form.getByLabel("Full name").fill("John Doe");
  await form.getByLabel("Phone").fill("+1 212 555 0100");
  await form.getByLabel("Email").fill("john@example.com");
  await pauseClock(page);
  await form.getByRole("button", { name: "Send via WhatsApp" }).click();
  await expect(form.getByRole("button", { name: "Sending request..." })).toBeVisible();

  const { text } = await whatsapp.last();
  expect(text).toBe(
    composeMessage(definition, {
      tipoPropiedad: "Departamento",
      direccion: "Juana Manso 1150",
      superficie: "80",
      ambientes: "3",
      antiguedad: "A estrenar",
      estado: "Excelente",
      amenities: ["Pileta", "Seguridad 24 h"],
      urgencia: "48 horas",
      contacto: "John Doe",
      telefono: "+1 212 555 0100",
      email: "john@example.com",
    }),
  );
  expect(text).toContain("✨ Amenities: Swimming pool, 24-hour security");
  expect(text.replaceAll("Juana Manso", "")).not.toMatch(spanishWords);
  await page.clock.runFor(2_000);
  // innerText: what is shown (the island's other states are in the region, hidden).
  await expect(form.getByRole("status")).toHaveText(/^Request sent\. .+ will be in touch shortly\.$/, {
    useInnerText: true,
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an English form posts to the lead service and ends on the English thank-you page", async ({
    page,
  }) => {
    await page.goto("/en/online-appraisal");
    const form = page.locator('form[data-lead-inline="express-online"]');
    await form.locator('[name="tipoPropiedad"]').selectOption("Casa");
    await form.locator('[name="direccion"]').fill("Juana Manso 1150");
    await form.locator('[name="superficie"]').fill("140");
    await form.locator('[name="ambientes"]').selectOption("4");
    await form.locator('[name="antiguedad"]').selectOption("Más de 20 años");
    await form.locator('[name="estado"]').selectOption("A refaccionar");
    await form.locator('[name="urgencia"]').selectOption("1 semana");
    await form.locator('[name="contacto"]').fill("Ann Lee");
    await form.locator('[name="telefono"]').fill("+1 212 555 0199");
    await form.locator('[name="email"]').fill("ann@example.com");
    await form.getByRole("button", { name: "Send via WhatsApp" }).click();

    await expect(page).toHaveURL(/\/en\/thank-you\?envio=[\w-]{22}$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! We have your request");
    const handoff = new URL((await page.locator("a[data-handoff-link]").getAttribute("href"))!);
    const text = handoff.searchParams.get("text")!;
    expect(text).toMatch(
      /^Hello, I would like to request an express online appraisal\. I prefer to continue in English\./,
    );
    expect(text).toContain("🏠 Property type: House");
    expect(text).toContain("🛠️ Condition: Needs renovation");
    expect(text.replaceAll("Juana Manso", "")).not.toMatch(spanishWords);
  });
});
