import type { Locator, Page } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * The seven pages and the 404 page: what the spec says each one shows, the
 * navigation, the footer and the metadata, in the HTML the server sends and in
 * the hydrated page. Expected texts are the spec's, written out here on purpose
 * (not imported from the content modules) so a changed label fails the test.
 */

// The same configuration the build under test was made with (tests/test-build-env.ts).
const { config: site } = loadSiteConfig(process.env);

const contactGreeting = "Hola, necesito una tasación profesional en Puerto Madero";
const propertyTypes = ["Casa", "Loft", "Penthouse", "Oficina", "Local Comercial", "Estudio"];
const towerCount = 26;

type PageCase = {
  path: string;
  title: RegExp;
  h1: RegExp;
  jsonLdType: "RealEstateAgent" | "Service";
  /** Checks specific to the page, on the hydrated page. */
  check: (page: Page) => Promise<void>;
};

function leadButtons(page: Page, form: string, name: string | RegExp): Locator {
  return page.locator(`button[data-lead-form="${form}"]`).filter({ hasText: name });
}

async function expectTowerButtons(page: Page, form: string, label: string) {
  const buttons = page
    .locator(`li button[data-lead-form="${form}"][data-lead-preset]`)
    .filter({ hasText: label });
  await expect(buttons).toHaveCount(towerCount);
  await expect(buttons.first()).toHaveAttribute("data-lead-preset", "Alvear Tower");
  // Each tower card shows its name and address next to its button.
  const firstCard = page
    .locator("li")
    .filter({ has: page.locator(`button[data-lead-form="${form}"][data-lead-preset="Alvear Tower"]`) });
  await expect(firstCard.getByRole("heading", { name: "Alvear Tower" })).toBeVisible();
  await expect(firstCard).toContainText("Azucena Villaflor");
  await expect(firstCard.getByRole("img")).toHaveAttribute("alt", /Alvear Tower/);
}

async function expectTypeButtons(page: Page, form: string) {
  for (const tipo of propertyTypes) {
    const button = page.locator(`button[data-lead-form="${form}"][data-lead-preset="${tipo}"]`);
    await expect(button).toHaveCount(1);
    await expect(button).toHaveText(`Tasar ${tipo}`);
  }
}

async function expectSteps(page: Page, titles: string[]) {
  const list = page.locator("ol").filter({ hasText: titles[0]! }).last();
  const items = list.locator(":scope > li");
  await expect(items).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) await expect(items.nth(index)).toContainText(title);
}

const cases: PageCase[] = [
  {
    path: "/",
    title: /Tasaciones en Puerto Madero/,
    h1: /Conocé el valor real de tu departamento/,
    jsonLdType: "RealEstateAgent",
    check: async (page) => {
      await expect(leadButtons(page, "express", "Solicitar Tasación Express")).toHaveCount(1);
      // Product decision 4: every service card's button opens the express modal.
      const serviceButtons = page.locator("#servicios li button[data-lead-form='express']");
      await expect(serviceButtons).toHaveCount(6);
      for (const title of [
        "Entrega rápida",
        "Configuración profesional",
        "Especialización local",
        "Departamentos residenciales",
        "Asesoramiento en inversión",
        "Análisis de mercado",
      ]) {
        await expect(page.locator("#servicios")).toContainText(title);
      }
      await expect(
        page.getByRole("heading", { name: /Por qué elegirnos|Precisión de especialista/ }),
      ).toBeVisible();
      await expectTowerButtons(page, "express", "Tasar Departamento");
      const seeTowers = page.getByRole("link", { name: "VER EDIFICIOS", exact: true });
      await expect(seeTowers).toHaveAttribute("href", "/tasar-departamentos");
      await expect(page.getByRole("heading", { name: "Tasador matriculado" })).toBeVisible();
      // The WhatsApp call to action shows the phone number and opens the chat.
      const whatsappCta = page.locator("main").getByRole("link", { name: /WhatsApp/ });
      await expect(whatsappCta).toContainText(site.phoneDisplay);
      await expect(whatsappCta).toHaveAttribute("target", "_blank");
      await expect(whatsappCta).toHaveAttribute(
        "href",
        new RegExp(`^https://wa\\.me/${site.whatsappNumber}\\?text=`),
      );
    },
  },
  {
    path: "/valoracion-de-inmuebles",
    title: /Valoración de Inmuebles/,
    h1: /Cuánto vale hoy tu departamento/,
    jsonLdType: "Service",
    check: async (page) => {
      // Hero button plus one per tower.
      await expect(leadButtons(page, "valuation", /^Solicitar Valoración$/)).toHaveCount(1 + towerCount);
      await expect(leadButtons(page, "valuation", "Completar Formulario de Valoración")).toHaveCount(1);
      await expect(page.locator("#beneficios li")).toHaveCount(3);
      await expectTowerButtons(page, "valuation", "Solicitar Valoración");
    },
  },
  {
    path: "/tasaciones",
    title: /Tasaciones para Venta/,
    h1: /Un precio que vende/,
    jsonLdType: "Service",
    check: async (page) => {
      await expect(leadButtons(page, "sale", /^Solicitar Tasación$/)).toHaveCount(1);
      await expectTypeButtons(page, "sale");
      await expectSteps(page, [
        "Análisis de mercado",
        "Valuación técnica",
        "Estrategia de precio",
        "Asesoramiento",
      ]);
      await expect(page.locator("#diferenciales li")).toHaveCount(4);
      await expect(leadButtons(page, "sale", "Solicitar Tasación Estratégica")).toHaveCount(1);
    },
  },
  {
    path: "/comprar-en-pozo",
    title: /Comprar en Pozo/,
    h1: /Invertí en pozo/,
    jsonLdType: "Service",
    check: async (page) => {
      await expect(page.getByRole("link", { name: "Consultar Inversión" })).toHaveAttribute(
        "href",
        "#consulta",
      );
      await expect(page.locator("#consulta")).toHaveCount(1);
      const benefits = page.locator("#beneficios li");
      await expect(benefits).toHaveCount(4);
      await expect(benefits.nth(0)).toContainText(`${site.offPlanDiscountPercent}%`);
      await expect(benefits.nth(1)).toContainText("pesos");
      await expect(benefits.nth(2)).toContainText(`${site.yearlyAppreciation}%`);
      await expect(benefits.nth(3)).toContainText("llave en mano");
      await expectSteps(page, ["Consulta", "Selección", "Reserva", "Financiación", "Entrega"]);
      const advice = page.getByRole("link", { name: /asesoramiento por WhatsApp/ });
      await expect(advice).toHaveAttribute("target", "_blank");
      const url = new URL((await advice.getAttribute("href"))!);
      expect(url.hostname).toBe("wa.me");
      expect(url.searchParams.get("text")).toMatch(/asesoramiento.*invertir.*pozo/i);
    },
  },
  {
    path: "/tasar-departamentos",
    title: /Tasar Departamentos/,
    h1: /Tasamos tu departamento, torre por torre/,
    jsonLdType: "Service",
    check: async (page) => {
      const hero = page.locator('button[data-lead-form="apartment"][data-lead-preset="Consulta general"]');
      await expect(hero).toHaveText("Solicitar Tasación Express");
      await expectTowerButtons(page, "apartment", "Tasar Departamento");
      for (const factor of ["Edificio", "Ubicación", "Características", "Mercado"]) {
        await expect(page.locator("#factores h3", { hasText: factor })).toHaveCount(1);
      }
      await expectSteps(page, ["Solicitud", "Análisis", "Inspección", "Informe"]);
      await expect(page.locator("#proceso")).toContainText(`${site.deliveryHours} h`);
    },
  },
  {
    path: "/tasar-propiedades",
    title: /Tasar Propiedades/,
    h1: /Tasá tu propiedad antes de ponerla en venta/,
    jsonLdType: "Service",
    check: async (page) => {
      await expect(leadButtons(page, "sale-by-type", "Solicitar Tasación Express")).toHaveCount(1);
      await expectTypeButtons(page, "sale-by-type");
      // The cards show each type's zone and description.
      await expect(page.locator("#tipos")).toContainText("Docks reciclados de Puerto Madero Oeste");
      await expect(page.locator("#razones li")).toHaveCount(4);
      await expect(
        page.locator('button[data-lead-form="sale-by-type"][data-lead-preset="Consulta Venta"]'),
      ).toHaveCount(1);
    },
  },
  {
    path: "/tasaciones-online",
    title: /Tasación Online Express/,
    h1: /Tasación online express/,
    jsonLdType: "Service",
    check: async (page) => {
      const hero = page.locator("section").first();
      await expect(hero).toContainText(`${site.deliveryHours} h`);
      await expect(hero).toContainText(site.registrationNumber);
      await expect(hero).toContainText("Precisión garantizada");
      await expect(page.locator("#formulario")).toHaveCount(1);
      await expect(page.locator("#razones li")).toHaveCount(3);
      await expect(page.locator("main a[href='/tasar-departamentos']")).toHaveCount(1);
    },
  },
];

function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

for (const pageCase of cases) {
  test.describe(`page ${pageCase.path}`, () => {
    test("the server's HTML already holds the heading, the canonical URL and the JSON-LD", async ({
      request,
    }) => {
      const response = await request.get(pageCase.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<html lang="es-AR"/);
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "";
      expect(h1).toMatch(pageCase.h1);
      expect(html).toContain(`<link rel="canonical" href="${site.siteUrl}${pageCase.path}"/>`);
      const types = jsonLdOf(html).map((data) => data["@type"]);
      expect(types).toContain(pageCase.jsonLdType);
    });

    test("shows the spec's sections, buttons, footer and metadata", async ({ page }) => {
      await page.goto(pageCase.path);
      await hydrated(page);
      await expect(page).toHaveTitle(pageCase.title);
      await expect(page).toHaveTitle(new RegExp(site.businessName.replace(/[()]/g, "\\$&")));
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveText(pageCase.h1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${site.siteUrl}${pageCase.path}`,
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /,/);

      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const data = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>);
      const main = data.find((item) => item["@type"] === pageCase.jsonLdType);
      expect(main, `JSON-LD of type ${pageCase.jsonLdType}`).toBeDefined();
      expect(main!["@context"]).toBe("https://schema.org");

      await pageCase.check(page);

      const footer = page.locator("footer");
      await expect(footer).toContainText(site.businessName);
      await expect(footer).toContainText(`Matrícula ${site.registrationNumber} — ${site.professionalBody}`);
      await expect(footer.locator(`a[href="tel:+${site.whatsappNumber}"]`)).toHaveText(site.phoneDisplay);
      await expect(footer.locator(`a[href="mailto:${site.email}"]`)).toHaveText(site.email);
      await expect(footer).toContainText(site.streetAddress);
      await expect(footer).toContainText(`Lunes a viernes, de ${site.opens} a ${site.closes}`);
      for (const path of [
        "/tasar-departamentos",
        "/tasar-propiedades",
        "/valoracion-de-inmuebles",
        "/comprar-en-pozo",
      ]) {
        await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
      }
      await expect(footer).not.toContainText(/creado con|hecho con|made with|powered by/i);
    });
  });
}

test("the home page's JSON-LD describes the agent: hours, currencies, payment methods, area served", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const agent = jsonLdOf(html).find((data) => data["@type"] === "RealEstateAgent") as Record<string, string>;
  expect(agent).toBeDefined();
  expect(agent.name).toBe(site.businessName);
  expect(agent.telephone).toBe(site.phoneDisplay);
  expect(agent.openingHoursSpecification).toMatchObject({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "18:00",
  });
  expect(agent.currenciesAccepted).toMatch(/ARS/);
  expect(agent.currenciesAccepted).toMatch(/USD/);
  for (const method of ["Cash", "Credit Card", "Bank Transfer"])
    expect(agent.paymentAccepted).toContain(method);
  expect(JSON.stringify(agent.areaServed)).toContain("Puerto Madero");
});

test("the Contacto button is a real link to WhatsApp with the spec's greeting, in a new tab", async ({
  page,
}) => {
  await page.goto("/tasaciones");
  const contact = page.locator("header").getByRole("link", { name: /Contacto/ });
  await expect(contact).toHaveAttribute("target", "_blank");
  await expect(contact).toHaveAttribute("rel", /noopener/);
  const url = new URL((await contact.getAttribute("href"))!);
  expect(url.origin).toBe("https://wa.me");
  expect(url.pathname).toBe(`/${site.whatsappNumber}`);
  expect(url.searchParams.get("text")).toBe(contactGreeting);
});

test("the header links navigate and mark the current page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("aria-current", "page");

  const targets = [
    { name: "Tasaciones", path: "/tasaciones", h1: /Un precio que vende/ },
    { name: "Comprar en Pozo", path: "/comprar-en-pozo", h1: /Invertí en pozo/ },
    // The menu labels the express online form "Valoración de Inmuebles" (spec).
    { name: "Valoración de Inmuebles", path: "/tasaciones-online", h1: /Tasación online express/ },
    { name: "Inicio", path: "/", h1: /Conocé el valor real/ },
  ];
  for (const target of targets) {
    await nav.getByRole("link", { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(target.path);
    await expect(page.locator("h1")).toHaveText(target.h1);
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(target.name);
  }
});

test("each menu page marks its own link as current from the first paint", async ({ page }) => {
  for (const [path, name] of [
    ["/tasaciones", "Tasaciones"],
    ["/comprar-en-pozo", "Comprar en Pozo"],
    ["/tasaciones-online", "Valoración de Inmuebles"],
  ]) {
    await page.goto(path!);
    const current = page.getByRole("navigation", { name: "Principal" }).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(name!);
  }
});

test("pages outside the menu mark no link as current", async ({ page }) => {
  await page.goto("/tasar-departamentos");
  await expect(page.getByRole("navigation", { name: "Principal" }).locator("[aria-current]")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes with its toggle, Escape and a chosen link", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menuId = await toggle.getAttribute("aria-controls");
    const menu = page.locator(`#${menuId}`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    const close = page.getByRole("button", { name: "Cerrar menú" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await close.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await menu.getByRole("link", { name: "Tasaciones" }).click();
    await expect(page).toHaveURL("/tasaciones");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the menu works before any JavaScript runs", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    await toggle.click();
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await menu.getByRole("link", { name: "Comprar en Pozo" }).click();
    await expect(page).toHaveURL("/comprar-en-pozo");
    await expect(page.locator("h1")).toHaveText(/Invertí en pozo/);
    await context.close();
  });
});

test("an unknown path answers 404 with the Spanish page and links to the sections", async ({ page }) => {
  const response = await page.goto("/esta-pagina-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Página no encontrada");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  const main = page.locator("main");
  for (const path of [
    "/",
    "/valoracion-de-inmuebles",
    "/tasaciones",
    "/comprar-en-pozo",
    "/tasar-departamentos",
    "/tasar-propiedades",
    "/tasaciones-online",
  ]) {
    await expect(main.locator(`a[href="${path}"]`).first()).toBeVisible();
  }
  await expect(page.locator("body")).not.toContainText(/has not been generated/i);
});
