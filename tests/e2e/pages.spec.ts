import type { Locator, Page } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { htmlLang, langOf, pages, sectionPages, sitemapPages, type PagePath } from "../../app/site-map.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { recordFirstVisit } from "./first-visit.ts";
import { expectVisibleFocus } from "./form-checks.ts";
import { allPages, browserPages, englishNotFoundPage, notFoundPage, sitePages } from "./site-pages.ts";

/**
 * Every page of the site map and the 404 page, by generic loops: the HTML the
 * server sends; a first visit at phone and desktop widths (web fonts after
 * the first paint, CSS and JavaScript within budget, no layout shift, zero axe
 * violations, a visible focus); then what the spec says each page shows, the
 * navigation, the footer and the metadata. Expected texts are the spec's,
 * written out here on purpose (not imported from the content modules) so a
 * changed label fails the test; TypeScript asks for them for a new page.
 */

// The same configuration the build under test was made with (tests/test-build-env.ts).
const { config: site } = loadSiteConfig(process.env);

const contactGreeting = "Hola, necesito una tasación profesional en Puerto Madero";
const propertyTypes = ["Casa", "Loft", "Penthouse", "Oficina", "Local Comercial", "Estudio"];
const towerCount = 26;

type PageCase = {
  title: RegExp;
  h1: RegExp;
  /** The structured data the spec asks for; the privacy and thank-you pages carry none. */
  jsonLdType: "RealEstateAgent" | "Service" | null;
  /** Checks specific to the page, on the hydrated page. */
  check: (page: Page) => Promise<void>;
};

function leadButtons(page: Page, form: string, name: string | RegExp): Locator {
  return page.locator(`a[data-lead-form="${form}"]`).filter({ hasText: name });
}

async function expectTowerButtons(page: Page, form: string, label: string) {
  const buttons = page.locator(`li a[data-lead-form="${form}"][data-lead-preset]`).filter({ hasText: label });
  await expect(buttons).toHaveCount(towerCount);
  await expect(buttons.first()).toHaveAttribute("data-lead-preset", "Alvear Tower");
  // Each tower card shows its name and address next to its button.
  const firstCard = page
    .locator("li")
    .filter({ has: page.locator(`a[data-lead-form="${form}"][data-lead-preset="Alvear Tower"]`) });
  await expect(firstCard.getByRole("heading", { name: "Alvear Tower" })).toBeVisible();
  await expect(firstCard).toContainText("Azucena Villaflor");
  await expect(firstCard.getByRole("img")).toHaveAttribute("alt", /Alvear Tower/);
}

async function expectTypeButtons(page: Page, form: string) {
  for (const tipo of propertyTypes) {
    const button = page.locator(`a[data-lead-form="${form}"][data-lead-preset="${tipo}"]`);
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

const cases = {
  "/": {
    title: /Tasaciones en Puerto Madero/,
    h1: /Conocé el valor real de tu departamento/,
    jsonLdType: "RealEstateAgent",
    check: async (page) => {
      await expect(leadButtons(page, "express", "Solicitar Tasación Express")).toHaveCount(1);
      // Product decision 4: every service card's button opens the express modal.
      const serviceButtons = page.locator("#servicios li a[data-lead-form='express']");
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
  "/valoracion-de-inmuebles": {
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
  "/tasaciones": {
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
  "/comprar-en-pozo": {
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
  "/tasar-departamentos": {
    title: /Tasar Departamentos/,
    h1: /Tasamos tu departamento, torre por torre/,
    jsonLdType: "Service",
    check: async (page) => {
      const hero = page.locator('a[data-lead-form="apartment"][data-lead-preset="Consulta general"]');
      await expect(hero).toHaveText("Solicitar Tasación Express");
      await expectTowerButtons(page, "apartment", "Tasar Departamento");
      for (const factor of ["Edificio", "Ubicación", "Características", "Mercado"]) {
        await expect(page.locator("#factores h3", { hasText: factor })).toHaveCount(1);
      }
      await expectSteps(page, ["Solicitud", "Análisis", "Inspección", "Informe"]);
      await expect(page.locator("#proceso")).toContainText(`${site.deliveryHours} h`);
    },
  },
  "/tasar-propiedades": {
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
        page.locator('a[data-lead-form="sale-by-type"][data-lead-preset="Consulta Venta"]'),
      ).toHaveCount(1);
    },
  },
  "/tasaciones-online": {
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
  "/privacidad": {
    title: /Política de privacidad/,
    h1: /Política de privacidad/,
    jsonLdType: null,
    check: async (page) => {
      const main = page.locator("main");
      for (const heading of ["Quién es responsable de tus datos", "Tus derechos y cómo ejercerlos"])
        await expect(main.getByRole("heading", { name: heading })).toBeVisible();
      await expect(main).toContainText("Ley 25.326");
      await expect(main).toContainText(`${site.leadsRetentionMonths} meses`);
    },
  },
  "/gracias": {
    title: /Gracias por tu solicitud/,
    h1: /¡Gracias! Tu solicitud llegó/,
    jsonLdType: null,
    check: async (page) => {
      await expectSteps(page, ["Revisamos tus datos", "Te contactamos", "Recibís tu informe"]);
      await expect(page.locator("a[data-handoff-link]")).toHaveAttribute(
        "href",
        `https://wa.me/${site.whatsappNumber}`,
      );
    },
  },
} satisfies Partial<Record<PagePath, PageCase>>;

/** Pages with spec-level checks of their own; every other page (a tower page, /tasador) gets the generic ones. */
const caseOf = (path: string): PageCase | undefined => (cases as Partial<Record<string, PageCase>>)[path];

function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

/** Scrolls to the bottom a screen at a time, each step painted, then waits for the images it loaded to paint. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const painted = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await painted();
    }
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    // Images a breakpoint hides are never fetched (loading="lazy"): only the loaded ones are waited for.
    const loaded = [...document.images].filter((image) => image.complete);
    await Promise.all(loaded.map((image) => image.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

for (const sitePage of allPages) {
  const known = sitePage.status === 200;

  test.describe(`page ${sitePage.name}`, () => {
    test("the server sends it complete: status, language, one h1, canonical URL, description, JSON-LD", async ({
      request,
    }) => {
      const response = await request.get(sitePage.path);
      expect(response.status()).toBe(sitePage.status);
      const html = await response.text();
      // The language of the URL: English under /en, Spanish (Argentina) everywhere else.
      expect(html).toContain(`<html lang="${htmlLang[langOf(sitePage.path)]}"`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).not.toMatch(/has not been generated/i);
      if (!known) {
        expect(html).not.toContain('rel="canonical"');
        return;
      }
      // Search engines get the sitemap's pages, each at its canonical URL; the others are noindex.
      if (sitemapPages.some((page) => page.path === sitePage.path)) {
        expect(html).toContain(`<link rel="canonical" href="${site.siteUrl}${sitePage.path}"/>`);
        expect(html).toMatch(/<meta name="keywords" content="[^"]*,[^"]*"/);
      } else {
        expect(html).toContain('<meta name="robots" content="noindex"/>');
      }
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const data = jsonLdOf(html);
      for (const item of data) expect(item["@context"]).toBe("https://schema.org");
      const expected = caseOf(sitePage.path);
      if (!expected) return;
      expect(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "").toMatch(expected.h1);
      if (expected.jsonLdType) expect(data.map((item) => item["@type"])).toContain(expected.jsonLdType);
      else expect(data).toEqual([]);
    });

    // In the browser: one page per route module and language (see browserPages); every page's HTML
    // is checked above. An English page, the same components as its Spanish twin with other words,
    // is visited at the phone's width, where longer words wrap and crowd.
    if (browserPages.includes(sitePage))
      for (const width of langOf(sitePage.path) === "en" ? [390] : [390, 1280]) {
        test(`at ${width} px: fonts after the first paint, bytes within budget, no layout shift, no axe violation, a visible focus`, async ({
          page,
        }) => {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          const visit = await recordFirstVisit(page);
          await page.goto(sitePage.path);
          await hydrated(page);
          await visit.expectFontsAfterFirstPaint();
          await scrollThrough(page);
          expect(await visit.layoutShift(), "cumulative layout shift").toBeLessThan(0.01);
          const bytes = visit.expectWithinBudgets();
          if (width === 390)
            console.log(`${sitePage.name}: css ${bytes.css} B, js ${bytes.javascript} B (gzip)`);
          // From the top: scrolled, the sticky header covers whatever passes under it, and axe
          // would judge that covered link too small a target.
          await page.evaluate(() => scrollTo(0, 0));
          await expectNoAxeViolations(page);
          for (let stop = 0; stop < 8; stop++) {
            await page.keyboard.press("Tab");
            await expectVisibleFocus(page);
          }
        });
      }

    const pageCase = caseOf(sitePage.path);
    if (!known || !pageCase) return;

    test("shows the spec's title, sections, buttons and footer", async ({ page }) => {
      await page.goto(sitePage.path);
      await hydrated(page);
      await expect(page).toHaveTitle(pageCase.title);
      await expect(page).toHaveTitle(new RegExp(site.businessName.replace(/[()]/g, "\\$&")));
      await expect(page.locator("h1")).toHaveText(pageCase.h1);
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

test("the 404 page is in Spanish and links to every page of the site", async ({ page }) => {
  await page.goto(notFoundPage.path);
  await expect(page.locator("h1")).toHaveText("Página no encontrada");
  // The pages with a label: the footer's list (not the policy, which the footer links on its own).
  for (const { path } of pages.filter((candidate) => "label" in candidate))
    await expect(page.locator(`main a[href="${path}"]`).first()).toBeVisible();
});

test("the English 404 page is in English and links to every English page of the site", async ({ page }) => {
  await page.goto(englishNotFoundPage.path);
  await expect(page.locator("h1")).toHaveText("Page not found");
  for (const { en } of sectionPages.filter((candidate) => "label" in candidate.en))
    await expect(page.locator(`main a[href="${en.path}"]`).first()).toBeVisible();
});

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

test("reduced motion turns off smooth scrolling and transitions", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const motion = await page.evaluate(() => {
    const probe = document.querySelector("a, button") as HTMLElement;
    return {
      scrollBehavior: getComputedStyle(document.documentElement).scrollBehavior,
      transition: parseFloat(getComputedStyle(probe).transitionDuration) || 0,
    };
  });
  expect(motion.scrollBehavior).not.toBe("smooth");
  expect(motion.transition).toBeLessThanOrEqual(0.01);
});

test.describe("navigation", () => {
  /** The spec's menu: its labels (the express online form is labelled "Valoración de Inmuebles") and targets. */
  const menu = [
    { name: "Inicio", path: "/" },
    { name: "Valoración de Inmuebles", path: "/tasaciones-online" },
    { name: "Tasaciones", path: "/tasaciones" },
    { name: "Comprar en Pozo", path: "/comprar-en-pozo" },
  ];
  /** The same menu on the English pages. */
  const englishMenu = [
    { name: "Home", path: "/en" },
    { name: "Property valuation", path: "/en/online-appraisal" },
    { name: "Appraisals", path: "/en/appraisals-for-sale" },
    { name: "Buying Off-Plan", path: "/en/off-plan" },
  ];
  const nav = (page: Page) => page.getByRole("navigation", { name: "Principal" });
  /** The menu link the server's HTML marks as the current page, if any. */
  const currentInHtml = (html: string, label: string) =>
    new RegExp(`<nav aria-label="${label}"[\\s\\S]*?</nav>`)
      .exec(html)?.[0]
      .match(/<a aria-current="page"[^>]*>([^<]*)</)?.[1] ?? null;

  test("the menu holds the spec's links; each navigates there and is marked as the current page", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const links = nav(page).getByRole("link");
    expect(
      await links.evaluateAll((anchors) =>
        anchors.map((anchor) => ({ name: anchor.textContent, path: anchor.getAttribute("href") })),
      ),
    ).toEqual(menu);
    for (const target of [...menu.slice(1), menu[0]!]) {
      await nav(page).getByRole("link", { name: target.name, exact: true }).click();
      await expect(page).toHaveURL(target.path);
      await expect(page.locator("h1")).toHaveText(caseOf(target.path)!.h1);
      await expect(nav(page).locator('[aria-current="page"]')).toHaveText(target.name);
    }
  });

  test("every page's HTML marks its menu link as current, and pages outside the menu mark none", async ({
    request,
  }) => {
    for (const { path } of sitePages) {
      const html = await (await request.get(path)).text();
      const [label, items] = langOf(path) === "en" ? ["Main", englishMenu] : ["Principal", menu];
      expect(html, path).toContain(`<nav aria-label="${label}"`);
      expect(currentInHtml(html, label), path).toBe(items.find((item) => item.path === path)?.name ?? null);
    }
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

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the menu opens and closes with its toggle, Escape and a chosen link", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      const toggle = page.getByRole("button", { name: "Abrir menú" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      const menuPanel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await expect(menuPanel).toBeHidden();
      await expect(nav(page)).toBeHidden();

      await toggle.click();
      await expect(menuPanel).toBeVisible();
      const close = page.getByRole("button", { name: "Cerrar menú" });
      await expect(close).toHaveAttribute("aria-expanded", "true");
      await close.click();
      await expect(menuPanel).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");

      await toggle.click();
      await expect(menuPanel).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menuPanel).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");

      await toggle.click();
      await menuPanel.getByRole("link", { name: "Tasaciones" }).click();
      await expect(page).toHaveURL("/tasaciones");
      await expect(menuPanel).toBeHidden();
      await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the menu opens and its links work", async ({ page }) => {
        await page.goto("/");
        const toggle = page.getByRole("button", { name: "Abrir menú" });
        await toggle.click();
        const menuPanel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
        await menuPanel.getByRole("link", { name: "Comprar en Pozo" }).click();
        await expect(page).toHaveURL("/comprar-en-pozo");
        await expect(page.locator("h1")).toHaveText(cases["/comprar-en-pozo"].h1);
      });
    });
  });
});
