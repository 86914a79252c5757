import type { Locator, Page } from "@playwright/test";

import { formServicePort } from "../test-build-env.ts";
import { expect, holdHydration, hydrated, test, type Handoff } from "./fixtures.ts";
import { useFormService } from "./form-service.ts";

/**
 * The seven lead forms, used the way a visitor uses them: opened from their
 * buttons, filled, sent. WhatsApp hand-offs are checked by the exact decoded
 * text; the off-plan form by the exact fields a local form service receives.
 * The build must point SITE_FORM_SERVICE_URL at http://127.0.0.1:4599
 * (tests/test-build-env.ts).
 */

const formServiceUrl = `http://127.0.0.1:${formServicePort}`;

/** The message as the visitor's WhatsApp receives it: greeting, then blocks of lines. */
function message(heading: string, ...blocks: string[][]): string {
  return [
    `Hola, quiero hacer una ${heading}.`,
    ...blocks.filter((block) => block.length).map((b) => b.join("\n")),
  ].join("\n\n");
}

const ana = { nombre: "Ana Núñez", telefono: "+54 9 11 5555-1234", email: "ana.nunez@example.com" };
const anaLines = (phoneLabel = "Teléfono") => [
  "👤 Nombre: Ana Núñez",
  `📱 ${phoneLabel}: +54 9 11 5555-1234`,
  "📧 Email: ana.nunez@example.com",
];
const tricky = `Piso 12 "A" & 'B' # 50% + 1? a=b / c — ñandú 😀\n<script>window.__pwned = 1</script>\nשלום مرحبا <b>negrita</b>`;

const dialog = (page: Page) => page.getByRole("dialog");
/** A control by its visible label (required ones end in an aria-hidden "*"). */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function open(page: Page, path: string, opener: Locator) {
  await page.goto(path);
  await hydrated(page);
  await opener.click();
  await expect(dialog(page)).toBeVisible();
}

async function fillContact(scope: Locator, phoneLabel = "Teléfono") {
  await field(scope, "Nombre y apellido").fill(ana.nombre);
  await field(scope, phoneLabel).fill(ana.telefono);
  await field(scope, "Email").fill(ana.email);
}

async function send(scope: Locator) {
  await scope.getByRole("button", { name: "Enviar por WhatsApp" }).click();
}

function expectWhatsApp(handoff: Handoff, text: string) {
  expect(handoff.url.hostname).toBe("wa.me");
  expect(handoff.url.pathname).toMatch(/^\/\d{10,15}$/);
  expect(handoff.text).toBe(text);
}

async function dataLayer(page: Page) {
  return page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
}

test.describe("home express request (/)", () => {
  const homeMessage = (building?: string) =>
    message(
      "solicitud de tasación express",
      [
        "🏠 Tipo de propiedad: Departamento",
        ...(building ? [`🏢 Edificio: ${building}`] : []),
        "📍 Dirección: Azucena Villaflor 559, piso 12 «A»",
      ],
      ["📐 Superficie: 85.5 m²", "🚪 Ambientes: 3 ambientes"],
      anaLines(),
    );

  async function fillHome(modal: Locator) {
    await field(modal, "Tipo de propiedad").selectOption("Departamento");
    await field(modal, "Dirección").fill("Azucena Villaflor 559, piso 12 «A»");
    await field(modal, "Superficie (m²)").fill("85.5");
    await field(modal, "Ambientes").selectOption("3 ambientes");
    await fillContact(modal);
  }

  test("hero button: message, event, modal closes, focus returns, every field cleared", async ({
    page,
    whatsapp,
  }) => {
    const hero = page.getByRole("link", { name: "Solicitar Tasación Express" }).first();
    await open(page, "/", hero);
    const modal = dialog(page);
    await expect(modal).toHaveAccessibleName("Solicitar tasación express");
    await expect(field(modal, "Edificio")).toHaveValue("");
    await fillHome(modal);
    await send(modal);

    expectWhatsApp(await whatsapp.last(), homeMessage());
    await expect(modal).toBeHidden();
    await expect(hero).toBeFocused();
    expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "express" }]);

    await hero.click();
    for (const label of [
      "Tipo de propiedad",
      "Edificio",
      "Dirección",
      "Superficie (m²)",
      "Ambientes",
      "Nombre y apellido",
      "Teléfono",
      "Email",
    ]) {
      await expect(field(modal, label)).toHaveValue("");
    }
  });

  test("a building's 'Tasar Departamento' presets the building, which is cleared after the request", async ({
    page,
    whatsapp,
  }) => {
    const building = page
      .getByRole("listitem")
      .filter({ hasText: "Mulieris" })
      .getByRole("link", { name: "Tasar Departamento" });
    await open(page, "/", building.first());
    const modal = dialog(page);
    await expect(field(modal, "Edificio")).toHaveValue("Mulieris");
    await fillHome(modal);
    await send(modal);
    expectWhatsApp(await whatsapp.last(), homeMessage("Mulieris"));
    await expect(modal).toBeHidden();

    await page.getByRole("link", { name: "Solicitar Tasación Express" }).first().click();
    await expect(field(modal, "Edificio")).toHaveValue("");
    await expect(field(modal, "Dirección")).toHaveValue("");
  });

  test("every other opener without a preset (service cards) opens the same empty form", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const openers = page.locator('[data-lead-form="express"]:not([data-lead-preset])');
    const count = await openers.count();
    expect(count).toBeGreaterThan(1);
    for (let index = 0; index < count; index++) {
      await openers.nth(index).click();
      await expect(dialog(page)).toHaveAccessibleName("Solicitar tasación express");
      await expect(field(dialog(page), "Edificio")).toHaveValue("");
      await dialog(page).getByRole("button", { name: "Cancelar" }).click();
      await expect(dialog(page)).toBeHidden();
    }
  });

  test("an empty required field or a malformed email stops the hand-off and keeps what was typed", async ({
    page,
    whatsapp,
  }) => {
    await open(page, "/", page.getByRole("link", { name: "Solicitar Tasación Express" }).first());
    const modal = dialog(page);
    await fillHome(modal);
    await field(modal, "Dirección").fill("");
    await send(modal);
    await expect(field(modal, "Dirección")).toHaveJSProperty("validity.valueMissing", true);

    await field(modal, "Dirección").fill("Juana Manso 1000");
    await field(modal, "Email").fill("ana-sin-arroba");
    await send(modal);
    await expect(field(modal, "Email")).toHaveJSProperty("validity.typeMismatch", true);

    await page.waitForTimeout(300);
    expect(whatsapp.handoffs).toHaveLength(0);
    await expect(modal).toBeVisible();
    await expect(field(modal, "Nombre y apellido")).toHaveValue(ana.nombre);
    await expect(field(modal, "Superficie (m²)")).toHaveAttribute("type", "number");
    await expect(field(modal, "Superficie (m²)")).toHaveAttribute("min", "0");
    expect(await dataLayer(page)).toEqual([]);
  });

  test("popup refused: the success state offers 'Abrir WhatsApp' with the same message", async ({
    page,
    whatsapp,
  }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await open(page, "/", page.getByRole("link", { name: "Solicitar Tasación Express" }).first());
    const modal = dialog(page);
    await fillHome(modal);
    await send(modal);

    const link = modal.getByRole("link", { name: "Abrir WhatsApp" });
    await expect(link).toBeVisible();
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.searchParams.get("text")).toBe(homeMessage());
    expect(whatsapp.handoffs).toHaveLength(0);
    expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "express" }]);

    await link.click();
    expectWhatsApp(await whatsapp.last(), homeMessage());
    await expect(modal).toBeHidden();
  });
});

test.describe("modal behaviour", () => {
  test("Escape, Cancelar and the close icon close it; focus is trapped and returns; the page does not scroll", async ({
    page,
  }) => {
    const hero = page.getByRole("link", { name: "Solicitar Tasación Express" }).first();
    await open(page, "/", hero);
    const modal = dialog(page);
    await expect(field(modal, "Tipo de propiedad")).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(5, 5);
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // Shift+Tab from the first control lands inside, never on the page behind.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press("Tab");
      expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expect(hero).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    await hero.click();
    await modal.getByRole("button", { name: "Cancelar" }).click();
    await expect(modal).toBeHidden();
    await expect(hero).toBeFocused();

    await hero.click();
    await modal.getByRole("button", { name: "Cerrar" }).click();
    await expect(modal).toBeHidden();
    await expect(hero).toBeFocused();
  });

  test("the modal and form code is not part of the page's first JavaScript", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    // Only the lead code pushes this event: its presence marks the form and modal modules.
    const loadedLeadCode = async () =>
      (await Promise.all(scripts)).some((body) => body.includes("generate_lead"));
    await page.goto("/");
    await hydrated(page);
    expect(await loadedLeadCode()).toBe(false);
    await page.getByRole("link", { name: "Solicitar Tasación Express" }).first().click();
    await expect(dialog(page)).toBeVisible();
    expect(await loadedLeadCode()).toBe(true);
  });

  test("a tap before hydration follows the link to the page's own form, with its preset, and no modal opens", async ({
    page,
  }) => {
    const release = await holdHydration(page);
    await page.goto("/tasar-departamentos");
    const opener = page
      .getByRole("listitem")
      .filter({ hasText: "Alvear Tower" })
      .getByRole("link", { name: "Tasar Departamento" });
    await opener.first().click();
    await expect(page).toHaveURL(/#formulario$/);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    const form = page.locator('#formulario form[data-lead-inline="apartment"]');
    await expect(field(form, "Edificio")).toHaveValue("Alvear Tower");

    release();
    await hydrated(page);
    await expect(form).toHaveAttribute("data-interactive", "", { timeout: 15_000 });
    await expect(field(form, "Edificio")).toHaveValue("Alvear Tower");
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("valuation request (/valoracion-de-inmuebles)", () => {
  const valuationBlocks = (tower: string) => [
    [`🏢 Torre: ${tower}`, "🚪 Ambientes: 3", "🌅 Vista: Río", "🚗 Cochera: Sí"],
    [
      "📐 Superficie cubierta: 110 m²",
      "📐 Superficie descubierta: 15 m²",
      "📐 Superficie total: 125 m²",
      "📅 Antigüedad: 6-10 años",
      "🛠️ Estado: Muy bueno",
      "💰 Con renta: No",
      "💬 Comentarios: Dos cocheras y baulera.",
    ],
    anaLines("WhatsApp"),
  ];

  async function fillValuation(modal: Locator, tower?: string) {
    if (tower) await field(modal, "Torre").selectOption(tower);
    await field(modal, "Ambientes").selectOption("3");
    await field(modal, "Vista").selectOption("Río");
    await field(modal, "Cochera").selectOption("Sí");
    await field(modal, "Superficie cubierta (m²)").fill("110");
    await field(modal, "Superficie descubierta (m²)").fill("15");
    await field(modal, "Superficie total (m²)").fill("125");
    await field(modal, "Antigüedad").selectOption("6-10 años");
    await field(modal, "Estado").selectOption("Muy bueno");
    await field(modal, "¿Tiene renta?").selectOption("No");
    await field(modal, "Comentarios").fill("Dos cocheras y baulera.");
    await fillContact(modal, "WhatsApp");
  }

  for (const label of ["Solicitar Valoración", "Completar Formulario de Valoración"]) {
    test(`'${label}' opens the form without a tower`, async ({ page, whatsapp }) => {
      await open(
        page,
        "/valoracion-de-inmuebles",
        page.getByRole("link", { name: label, exact: true }).first(),
      );
      const modal = dialog(page);
      await expect(field(modal, "Torre")).toHaveValue("");
      await fillValuation(modal, "Otro");
      await send(modal);
      expectWhatsApp(
        await whatsapp.last(),
        message("solicitud de valoración inmobiliaria", ...valuationBlocks("Otro")),
      );
      await expect(modal).toBeHidden();
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "valuation" }]);
    });
  }

  test("a tower's 'Solicitar Valoración' preselects the tower", async ({ page, whatsapp }) => {
    const opener = page
      .getByRole("listitem")
      .filter({ hasText: "Torres El Faro" })
      .getByRole("link", { name: "Solicitar Valoración" });
    await open(page, "/valoracion-de-inmuebles", opener.first());
    const modal = dialog(page);
    await expect(field(modal, "Torre")).toHaveValue("Torres El Faro");
    await expect(field(modal, "Torre").locator("option")).toHaveCount(28); // placeholder + 26 towers + Otro
    await fillValuation(modal);
    await send(modal);
    expectWhatsApp(
      await whatsapp.last(),
      message("solicitud de valoración inmobiliaria", ...valuationBlocks("Torres El Faro")),
    );
  });
});

test.describe("sale appraisal request (/tasaciones)", () => {
  const saleText = (type: string, optional: boolean) =>
    message(
      "solicitud de tasación para venta",
      [
        `🏠 Tipo de propiedad: ${type}`,
        "📍 Dirección: Juana Manso 1100",
        "🚪 Ambientes: 5+",
        "🌅 Vista: Reserva",
      ],
      optional ? ["⏱️ Urgencia: Sin urgencia", "💵 Precio estimado (USD): USD 1.200.000"] : [],
      anaLines("WhatsApp"),
    );

  async function fillSale(modal: Locator, optional: boolean) {
    await field(modal, "Dirección").fill("Juana Manso 1100");
    await field(modal, "Ambientes").selectOption("5+");
    await field(modal, "Vista").selectOption("Reserva");
    if (optional) {
      await field(modal, "¿Para cuándo necesitás la tasación?").selectOption("Sin urgencia");
      await field(modal, "Precio estimado (USD)").fill("USD 1.200.000");
    }
    await fillContact(modal, "WhatsApp");
  }

  test("'Tasar Loft' preselects the type; empty optional fields are left out", async ({ page, whatsapp }) => {
    await open(page, "/tasaciones", page.getByRole("link", { name: "Tasar Loft" }));
    const modal = dialog(page);
    await expect(field(modal, "Tipo de propiedad")).toHaveValue("Loft");
    await fillSale(modal, false);
    await send(modal);
    expectWhatsApp(await whatsapp.last(), saleText("Loft", false));
  });

  for (const label of ["Solicitar Tasación", "Solicitar Tasación Estratégica"]) {
    test(`'${label}' opens the form with no type chosen`, async ({ page, whatsapp }) => {
      await open(page, "/tasaciones", page.getByRole("link", { name: label, exact: true }).first());
      const modal = dialog(page);
      await expect(modal).toHaveAccessibleName("Solicitar tasación para venta");
      await expect(field(modal, "Tipo de propiedad")).toHaveValue("");
      await field(modal, "Tipo de propiedad").selectOption("Penthouse");
      await fillSale(modal, true);
      await send(modal);
      expectWhatsApp(await whatsapp.last(), saleText("Penthouse", true));
    });
  }
});

test.describe("apartment appraisal (/tasar-departamentos)", () => {
  test("the hero opens it as 'Consulta general'; tricky text arrives unchanged and is never rendered", async ({
    page,
    whatsapp,
  }) => {
    await open(
      page,
      "/tasar-departamentos",
      page.getByRole("link", { name: "Solicitar Tasación Express" }).first(),
    );
    const modal = dialog(page);
    await expect(field(modal, "Edificio")).toHaveValue("Consulta general");
    await field(modal, "Ambientes").selectOption("2");
    await field(modal, "Vista").selectOption("Puerto");
    await field(modal, "Superficie cubierta (m²)").fill("60");
    await field(modal, "Comentarios").fill(tricky);
    await expect(modal.getByText(`quedan ${500 - tricky.length} caracteres`)).toBeVisible();
    await fillContact(modal, "WhatsApp");
    await send(modal);
    expectWhatsApp(
      await whatsapp.last(),
      message(
        "solicitud de tasación de departamento",
        ["🏢 Edificio: Consulta general", "🚪 Ambientes: 2", "🌅 Vista: Puerto"],
        ["📐 Superficie cubierta: 60 m²", `💬 Comentarios: ${tricky}`],
        anaLines("WhatsApp"),
      ),
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator("b", { hasText: "negrita" })).toHaveCount(0);
  });

  test("a tower's button, completed with the keyboard only", async ({ page, whatsapp }) => {
    await page.goto("/tasar-departamentos");
    await hydrated(page);
    const opener = page
      .getByRole("listitem")
      .filter({ hasText: "Mulieris" })
      .getByRole("link", { name: "Tasar Departamento" })
      .first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const modal = dialog(page);
    await expect(field(modal, "Edificio")).toBeFocused();
    await expect(field(modal, "Edificio")).toHaveValue("Mulieris");
    await page.keyboard.press("Tab");
    await expect(field(modal, "Ambientes")).toBeFocused();
    await page.keyboard.press("4");
    await page.keyboard.press("Tab");
    await page.keyboard.press("C"); // Ciudad
    // cochera, three surfaces, antigüedad, estado, renta, comentarios, then the name.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("95");
    for (let press = 0; press < 7; press++) await page.keyboard.press("Tab");
    await expect(field(modal, "Nombre y apellido")).toBeFocused();
    await page.keyboard.type(ana.nombre);
    await page.keyboard.press("Tab");
    await page.keyboard.type(ana.telefono);
    await page.keyboard.press("Tab");
    await page.keyboard.type(ana.email);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(modal.getByRole("button", { name: "Enviar por WhatsApp" })).toBeFocused();
    await page.keyboard.press("Enter");
    expectWhatsApp(
      await whatsapp.last(),
      message(
        "solicitud de tasación de departamento",
        ["🏢 Edificio: Mulieris", "🚪 Ambientes: 4", "🌅 Vista: Ciudad"],
        ["📐 Superficie cubierta: 95 m²"],
        anaLines("WhatsApp"),
      ),
    );
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe("sale appraisal by type (/tasar-propiedades)", () => {
  const fill = async (modal: Locator) => {
    await field(modal, "Edificio").selectOption("Otro");
    await field(modal, "Piso").fill("3");
    await field(modal, "Ambientes").selectOption("4");
    await field(modal, "Vista").selectOption("Interna");
    await field(modal, "Cochera").selectOption("Incluida");
    await field(modal, "Antigüedad").selectOption("Más de 20 años");
    await fillContact(modal);
  };
  const text = (type: string) =>
    message(
      "solicitud de tasación de propiedad para venta",
      [
        `🏠 Tipo de propiedad: ${type}`,
        "🏢 Edificio: Otro",
        "🔢 Piso: 3",
        "🚪 Ambientes: 4",
        "🌅 Vista: Interna",
      ],
      ["🚗 Cochera: Incluida", "📅 Antigüedad: Más de 20 años"],
      anaLines(),
    );

  test("a type's button prefills the type", async ({ page, whatsapp }) => {
    await open(page, "/tasar-propiedades", page.getByRole("link", { name: "Tasar Penthouse" }));
    const modal = dialog(page);
    await expect(field(modal, "Tipo de propiedad")).toHaveValue("Penthouse");
    await fill(modal);
    await send(modal);
    expectWhatsApp(await whatsapp.last(), text("Penthouse"));
    expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "sale-by-type" }]);
  });

  test("the closing button prefills 'Consulta Venta'; the hero none", async ({ page, whatsapp }) => {
    await open(
      page,
      "/tasar-propiedades",
      page.locator('[data-lead-form="sale-by-type"][data-lead-preset="Consulta Venta"]'),
    );
    const modal = dialog(page);
    await expect(field(modal, "Tipo de propiedad")).toHaveValue("Consulta Venta");
    await fill(modal);
    await send(modal);
    expectWhatsApp(await whatsapp.last(), text("Consulta Venta"));

    await page.locator('[data-lead-form="sale-by-type"]:not([data-lead-preset])').first().click();
    await expect(field(modal, "Tipo de propiedad")).toHaveValue("");
  });
});

test.describe("express online form (/tasaciones-online)", () => {
  const text = message(
    "solicitud de tasación express online",
    [
      "🏠 Tipo de propiedad: Oficina",
      "📍 Dirección: Av. Alicia Moreau de Justo 1050",
      "📐 Superficie: 200 m²",
      "🚪 Ambientes: 5+",
    ],
    [
      "📅 Antigüedad: Más de 20 años",
      "🛠️ Estado: A reciclar",
      "✨ Amenities: Cochera, Seguridad 24 h, Microcine",
      "⏱️ Urgencia: 48 horas",
    ],
    anaLines(),
  );

  async function fill(form: Locator) {
    await field(form, "Tipo de propiedad").selectOption("Oficina");
    await field(form, "Dirección").fill("Av. Alicia Moreau de Justo 1050");
    await field(form, "Superficie (m²)").fill("200");
    await field(form, "Ambientes").selectOption("5+");
    await field(form, "Antigüedad").selectOption("Más de 20 años");
    await field(form, "Estado").selectOption("A reciclar");
    for (const amenity of ["Microcine", "Cochera", "Seguridad 24 h"])
      await form.getByLabel(amenity, { exact: true }).check();
    await field(form, "¿Para cuándo necesitás la tasación?").selectOption("48 horas");
    await fillContact(form);
  }

  test("opens WhatsApp at once, shows the sending state for 2 s, then success", async ({
    page,
    whatsapp,
  }) => {
    await page.goto("/tasaciones-online");
    await hydrated(page);
    const form = page.locator('form[data-lead-inline="express-online"]');
    await expect(form.locator('input[type="checkbox"]')).toHaveCount(15);
    await fill(form);
    const started = Date.now();
    await send(form);
    const sending = form.getByRole("button", { name: "Enviando solicitud..." });
    await expect(sending).toBeDisabled();
    expectWhatsApp(await whatsapp.last(), text);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(form.getByRole("status")).toHaveText(
      /^Solicitud enviada correctamente\. .+ te contactará en breve\.$/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expect(form.getByRole("button", { name: "Enviar por WhatsApp" })).toBeEnabled();
    await expect(form.getByRole("link", { name: "Abrir WhatsApp" })).toHaveCount(0);
    expect(whatsapp.handoffs).toHaveLength(1);
    expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "express-online" }]);
  });

  test("popup refused: success with an 'Abrir WhatsApp' link carrying the message", async ({
    page,
    whatsapp,
  }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/tasaciones-online");
    await hydrated(page);
    const form = page.locator('form[data-lead-inline="express-online"]');
    await fill(form);
    await send(form);
    const link = form.getByRole("link", { name: "Abrir WhatsApp" });
    await expect(link).toBeVisible();
    expect(new URL((await link.getAttribute("href"))!).searchParams.get("text")).toBe(text);
    await link.click();
    expectWhatsApp(await whatsapp.last(), text);
  });

  test("a required field left empty: no hand-off, nothing cleared", async ({ page, whatsapp }) => {
    await page.goto("/tasaciones-online");
    await hydrated(page);
    const form = page.locator('form[data-lead-inline="express-online"]');
    await fill(form);
    await field(form, "Estado").selectOption("");
    await send(form);
    await page.waitForTimeout(300);
    expect(whatsapp.handoffs).toHaveLength(0);
    await expect(form.getByLabel("Microcine", { exact: true })).toBeChecked();
    await expect(field(form, "Dirección")).toHaveValue("Av. Alicia Moreau de Justo 1050");
  });

  test("filled and sent before hydration: posted natively to the lead service, nothing lost", async ({
    page,
    whatsapp,
  }) => {
    // Stands in for the lead service's answer to a native post (no-script.spec.ts follows its 303).
    const posted: string[] = [];
    await page.route(`${formServiceUrl}/**`, async (route) => {
      posted.push(route.request().postData() ?? "");
      await route.fulfill({ contentType: "text/html", body: "<title>Gracias</title>" });
    });
    const release = await holdHydration(page);
    await page.goto("/tasaciones-online");
    const form = page.locator('form[data-lead-inline="express-online"]');
    await fill(form);
    await send(form);
    await expect(page).toHaveURL(`${formServiceUrl}/api/form/submit/express-online`);
    release();
    expect(posted).toHaveLength(1);
    const fields = new URLSearchParams(posted[0]);
    expect(fields.get("contacto")).toBe(ana.nombre);
    expect(fields.getAll("amenities")).toEqual(["Cochera", "Seguridad 24 h", "Microcine"]);
    expect(fields.get("_page")).toBe("/tasaciones-online");
    expect(whatsapp.handoffs).toHaveLength(0);
  });
});

test.describe("off-plan consultation (/comprar-en-pozo)", () => {
  const service = useFormService(test, formServicePort);
  const offPlanPosts = () => service.to("consulta-inversion-pozo");

  const year = new Date().getFullYear();
  const answers = {
    presupuesto: "USD 200.000 - 300.000",
    tipologia: "2 dormitorios",
    preferencia_piso: "Piso alto (26 o más)",
    tipo_edificio: "Frente al río",
    composicion_familiar: "Pareja con 1 hijo",
    cuando_mudarse: `${year + 4} o más tarde`,
    dispuesto_esperar: "Hasta 3 años",
    nombre: "José Ñandú & Cía",
    telefono: "+54 9 11 5555-1234",
    email: "jose@example.com",
    comentarios: tricky,
  };
  // The page it was sent from and the empty honeypot come first (lead service contract).
  const fieldOrder = ["_page", "website", ...Object.keys(answers)];
  const reserved = { _page: "/comprar-en-pozo", website: "" };
  const labels: Record<string, string> = {
    presupuesto: "Presupuesto",
    tipologia: "Tipología",
    preferencia_piso: "Preferencia de piso",
    tipo_edificio: "Tipo de edificio",
    composicion_familiar: "Composición familiar",
    cuando_mudarse: "¿Cuándo te gustaría mudarte?",
    dispuesto_esperar: "¿Cuánto podés esperar la entrega?",
    nombre: "Nombre y apellido",
    telefono: "Teléfono",
    email: "Email",
    comentarios: "Comentarios",
  };

  async function fill(form: Locator) {
    for (const [name, value] of Object.entries(answers)) {
      const input = field(form, labels[name]!);
      if ((await input.evaluate((element) => element.tagName)) === "SELECT") await input.selectOption(value);
      else await input.fill(value);
    }
  }
  const form = (page: Page) => page.locator("#consulta form");

  // A native form submission turns the textarea's line breaks into CRLF (HTML's rule); fetch sends them as typed.
  const postedNatively = { ...answers, comentarios: answers.comentarios.replace(/\n/g, "\r\n") };

  test("is a real form posting to the form service; move-in years start this year", async ({ page }) => {
    await page.goto("/comprar-en-pozo");
    await expect(form(page)).toHaveAttribute("method", "post");
    await expect(form(page)).toHaveAttribute(
      "action",
      `${formServiceUrl}/api/form/submit/consulta-inversion-pozo`,
    );
    await expect(field(form(page), labels.cuando_mudarse!).locator("option")).toHaveText([
      "Elegí una opción",
      String(year),
      String(year + 1),
      String(year + 2),
      String(year + 3),
      `${year + 4} o más tarde`,
    ]);
  });

  test("with JavaScript: sending state, then success; the service gets the 11 fields unchanged", async ({
    page,
    whatsapp,
  }) => {
    await page.goto("/comprar-en-pozo");
    await hydrated(page);
    await fill(form(page));
    await form(page).getByRole("button", { name: "Enviar consulta" }).click();
    await expect(form(page).getByRole("status")).toContainText("Recibimos tu consulta");
    expect(offPlanPosts()).toHaveLength(1);
    const [submission] = offPlanPosts();
    expect(submission!.path).toBe("/api/form/submit/consulta-inversion-pozo");
    expect(submission!.contentType).toContain("application/x-www-form-urlencoded");
    expect(submission!.fields.map(([name]) => name)).toEqual(fieldOrder);
    expect(Object.fromEntries(submission!.fields)).toEqual({ ...reserved, ...answers });
    expect(whatsapp.handoffs).toHaveLength(0);
    expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "off-plan" }]);
  });

  for (const failure of ["500", "unreachable"] as const) {
    test(`service ${failure}: a Spanish error and a WhatsApp link with the same answers`, async ({
      page,
      whatsapp,
    }) => {
      if (failure === "500") service.status = 500;
      else await service.stop();
      await page.goto("/comprar-en-pozo");
      await hydrated(page);
      await fill(form(page));
      await form(page).getByRole("button", { name: "Enviar consulta" }).click();
      const alert = form(page).getByRole("alert");
      await expect(alert).toContainText("No pudimos enviar tu consulta");
      expect(offPlanPosts()).toHaveLength(failure === "500" ? 1 : 0);
      // Nothing typed is lost.
      await expect(field(form(page), "Comentarios")).toHaveValue(tricky);
      await alert.getByRole("link", { name: "Enviar por WhatsApp" }).click();
      expectWhatsApp(
        await whatsapp.last(),
        message(
          "consulta de inversión en pozo",
          [
            "💵 Presupuesto: USD 200.000 - 300.000",
            "🛏️ Tipología: 2 dormitorios",
            "🔢 Preferencia de piso: Piso alto (26 o más)",
            "🏙️ Tipo de edificio: Frente al río",
          ],
          [
            "👨‍👩‍👧 Composición familiar: Pareja con 1 hijo",
            `📅 Mudanza: ${year + 4} o más tarde`,
            "⏳ Espera posible: Hasta 3 años",
          ],
          [
            "👤 Nombre: José Ñandú & Cía",
            "📱 Teléfono: +54 9 11 5555-1234",
            "📧 Email: jose@example.com",
            `💬 Comentarios: ${tricky}`,
          ],
        ),
      );
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: "off-plan" }]);
    });
  }

  test("a required field left empty: nothing is posted", async ({ page }) => {
    await page.goto("/comprar-en-pozo");
    await hydrated(page);
    await fill(form(page));
    await field(form(page), "Email").fill("");
    await form(page).getByRole("button", { name: "Enviar consulta" }).click();
    await page.waitForTimeout(300);
    expect(offPlanPosts()).toHaveLength(0);
  });

  test("without JavaScript the browser posts the same fields natively", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const outside: string[] = [];
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    await page.goto("/comprar-en-pozo");
    await fill(form(page));
    await form(page).getByRole("button", { name: "Enviar consulta" }).click();
    // The service answers 303 to the thank-you page (lead service contract).
    await expect(page).toHaveURL(/\/gracias\?envio=[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias! Recibimos tu solicitud");
    expect(offPlanPosts()).toHaveLength(1);
    expect(offPlanPosts()[0]!.fields.map(([name]) => name)).toEqual(fieldOrder);
    expect(Object.fromEntries(offPlanPosts()[0]!.fields)).toEqual({ ...reserved, ...postedNatively });
    expect(outside).toEqual([]);
    await context.close();
  });
});
