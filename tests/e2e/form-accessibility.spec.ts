import type { Locator, Page, Route } from "@playwright/test";

import { expressOnlineForm } from "../../app/features/leads/forms/express-online.ts";
import type { ModalFormId } from "../../app/features/leads/forms/form-ids.ts";
import { offPlanForm } from "../../app/features/leads/forms/off-plan.ts";
import { modalForms } from "../../app/features/leads/forms/registry.ts";
import {
  allFields,
  type FieldDefinition,
  type FormDefinition,
} from "../../app/features/leads/forms/types.ts";
import { formServicePort } from "../test-build-env.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * The lead forms for visitors who use a keyboard or a screen reader: axe
 * (WCAG 2.2 A and AA) finds nothing in any modal or form state, and each of
 * the seven forms can be found, opened, filled and sent with the keyboard
 * alone, the focus always visible. The field order comes from the form
 * definitions, so a control rendered out of order fails here.
 */

const formServiceUrl = `http://127.0.0.1:${formServicePort}`;
const dialog = (page: Page) => page.getByRole("dialog");

type Values = Record<string, string | readonly string[]>;

const contact = (phoneName: string, nameField = "nombre"): Values => ({
  [nameField]: "Ana Núñez",
  [phoneName]: "+54 9 11 5555-1234",
  email: "ana.nunez@example.com",
});

type ModalCase = {
  id: ModalFormId;
  path: string;
  opener: (page: Page) => Locator;
  /** What the keyboard test chooses and types, field by field (every other field is left alone). */
  values: Values;
};

const modalCases: ModalCase[] = [
  {
    id: "express",
    path: "/",
    opener: (page) => page.getByRole("link", { name: "Solicitar Tasación Express" }).first(),
    values: {
      tipoPropiedad: "Casa",
      edificio: "Mulieris",
      direccion: "Juana Manso 1100",
      superficie: "85",
      ambientes: "3 ambientes",
      ...contact("telefono"),
    },
  },
  {
    id: "valuation",
    path: "/valoracion-de-inmuebles",
    opener: (page) => page.getByRole("link", { name: "Solicitar Valoración", exact: true }).first(),
    values: {
      torre: "Otro",
      ambientes: "3",
      vista: "Río",
      cochera: "Sí",
      superficieCubierta: "110",
      superficieDescubierta: "15",
      superficieTotal: "125",
      antiguedad: "6-10 años",
      estado: "Muy bueno",
      conRenta: "No",
      comentarios: "Dos cocheras y baulera.",
      ...contact("whatsapp"),
    },
  },
  {
    id: "sale",
    path: "/tasaciones",
    opener: (page) => page.getByRole("link", { name: "Solicitar Tasación", exact: true }).first(),
    values: {
      tipoPropiedad: "Loft",
      direccion: "Juana Manso 1100",
      ambientes: "5+",
      vista: "Reserva",
      antiguedad: "A estrenar",
      urgencia: "Sin urgencia",
      precioEstimado: "USD 1.200.000",
      ...contact("whatsapp"),
    },
  },
  {
    id: "apartment",
    path: "/tasar-departamentos",
    // The hero opens it with 'Consulta general' chosen: the keyboard changes it.
    opener: (page) => page.getByRole("link", { name: "Solicitar Tasación Express" }).first(),
    values: {
      edificio: "Mulieris",
      ambientes: "4",
      vista: "Ciudad",
      cochera: "Opcional",
      m2_cubiertos: "95",
      estado: "Bueno",
      con_renta: "Sí",
      comentarios: "Con baulera.",
      ...contact("telefono"),
    },
  },
  {
    id: "sale-by-type",
    path: "/tasar-propiedades",
    opener: (page) => page.locator('[data-lead-form="sale-by-type"]:not([data-lead-preset])').first(),
    values: {
      tipoPropiedad: "Penthouse",
      edificio: "Otro",
      piso: "3",
      ambientes: "4",
      vista: "Interna",
      m2_totales: "240",
      cochera: "Incluida",
      antiguedad: "Más de 20 años",
      ...contact("telefono"),
    },
  },
];

const expressOnlineValues: Values = {
  tipoPropiedad: "Oficina",
  direccion: "Av. Alicia Moreau de Justo 1050",
  superficie: "200",
  ambientes: "5+",
  antiguedad: "Más de 20 años",
  estado: "A reciclar",
  amenities: ["Cochera", "Microcine"],
  urgencia: "48 horas",
  ...contact("telefono", "contacto"),
};

const year = new Date().getFullYear();
const offPlanValues: Values = {
  presupuesto: "USD 200.000 - 300.000",
  tipologia: "2 dormitorios",
  preferencia_piso: "Piso alto (26 o más)",
  tipo_edificio: "Frente al río",
  composicion_familiar: "Pareja con 1 hijo",
  cuando_mudarse: `${year + 4} o más tarde`,
  dispuesto_esperar: "Hasta 3 años",
  ...contact("telefono"),
  comentarios: "Busco algo con amenities.",
};

/** The line a chosen value makes in the WhatsApp message. */
function messageLine(field: FieldDefinition, value: string | readonly string[]): string {
  const text =
    typeof value === "string"
      ? value
      : (field.options ?? []).filter((option) => value.includes(option)).join(", ");
  const unit = field.unit ? ` ${field.unit}` : "";
  return `${field.message.emoji} ${field.message.label ?? field.label}: ${text}${unit}`;
}

/** Fills the fields with the values the quickest way (the axe tests need filled forms, not typing). */
async function fillQuickly(scope: Locator, definition: FormDefinition, values: Values) {
  for (const field of allFields(definition)) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (typeof value !== "string") {
      for (const option of value) await scope.locator(`[name="${field.name}"][value="${option}"]`).check();
    } else if (field.type === "select") {
      await scope.locator(`[name="${field.name}"]`).selectOption(value);
    } else {
      await scope.locator(`[name="${field.name}"]`).fill(value);
    }
  }
}

// ---------------------------------------------------------------- keyboard

type Focused = {
  name: string;
  value: string;
  tag: string;
  text: string;
  visible: boolean;
  /** What covers the middle of the focused element, if something else does (a sticky bar...). */
  coveredBy: string | null;
};

/** What has the focus, whether it shows a focus indicator (an outline or a ring) and is not hidden. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { name: "", value: "", tag: "BODY", text: "", visible: false, coveredBy: "nothing is focused" };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const covered = !hit || !(hit === element || element.contains(hit));
    return {
      name: element.getAttribute("name") ?? "",
      value: (element as HTMLInputElement).value ?? "",
      tag: element.tagName,
      text: (element.textContent ?? "").trim(),
      visible: outline || style.boxShadow !== "none",
      coveredBy: covered ? (hit ? `${hit.tagName}.${hit.className}` : "off screen") : null,
    };
  });
}

/** The focused element shows a focus indicator and nothing hides it (WCAG 2.4.7, 2.4.11). */
async function expectVisibleFocus(page: Page): Promise<Focused> {
  let now = await focused(page);
  // A smooth scroll (an in-page link, a focus near the edge) may still be bringing it into view.
  if (now.coveredBy !== null) {
    await expect
      .poll(async () => (now = await focused(page)).coveredBy, {
        message: `focused ${now.tag} "${now.name || now.text.slice(0, 40)}" is hidden`,
        timeout: 2000,
      })
      .toBeNull();
  }
  expect(
    now.visible,
    `focused ${now.tag} "${now.name || now.text.slice(0, 40)}" shows no focus indicator`,
  ).toBe(true);
  return now;
}

/** Presses Tab, checking the focus indicator each time, until the target has the focus. */
async function tabUntil(page: Page, target: Locator, maxPresses = 80) {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${maxPresses} presses of Tab never reached the target`);
}

/** Chooses an option of the focused (closed) select with the arrow keys, as a keyboard user does. */
async function chooseWithArrows(page: Page, control: Locator, value: string) {
  const { from, to } = await control.evaluate((select: HTMLSelectElement, wanted) => {
    return {
      from: select.selectedIndex,
      to: [...select.options].findIndex((option) => option.value === wanted),
    };
  }, value);
  expect(to, `no option '${value}'`).toBeGreaterThan(-1);
  const key = to > from ? "ArrowDown" : "ArrowUp";
  for (let step = 0; step < Math.abs(to - from); step++) await page.keyboard.press(key);
  await expect(control).toHaveValue(value);
}

/** Every Tab stop of a form's fields, in order: one per control, one per checkbox. */
type TabStop = { field: FieldDefinition; option: string | null };

function tabStops(definition: FormDefinition): TabStop[] {
  return allFields(definition).flatMap((field): TabStop[] =>
    field.type === "checkboxes"
      ? (field.options ?? []).map((option) => ({ field, option }))
      : [{ field, option: null }],
  );
}

/**
 * Walks every control of the form with Tab, in the definition's order (the
 * first control already has the focus), and enters each chosen value with the
 * keyboard: arrows for selects, Space for checkboxes, typing for the rest.
 */
async function completeWithKeyboard(page: Page, scope: Locator, definition: FormDefinition, values: Values) {
  for (const [index, { field, option }] of tabStops(definition).entries()) {
    if (index > 0) await page.keyboard.press("Tab");
    const now = await expectVisibleFocus(page);
    expect(now.name, `Tab should reach '${field.label}' next`).toBe(field.name);
    const value = values[field.name];
    if (option !== null) {
      expect(now.value).toBe(option);
      if (value?.includes(option)) {
        await page.keyboard.press("Space");
        await expect(scope.locator(`[name="${field.name}"][value="${option}"]`)).toBeChecked();
      }
    } else if (typeof value === "string") {
      const control = scope.locator(`[name="${field.name}"]`);
      if (field.type === "select") await chooseWithArrows(page, control, value);
      else {
        await page.keyboard.type(value);
        await expect(control).toHaveValue(value);
      }
    }
  }
}

/**
 * From the last field back to the first with Shift+Tab, then forward again:
 * scrolling up must not slide a field under the modal's title bar.
 */
async function walkBackAndForth(page: Page, definition: FormDefinition) {
  const stops = tabStops(definition);
  for (const { field } of stops.slice(0, -1).reverse()) {
    await page.keyboard.press("Shift+Tab");
    expect((await expectVisibleFocus(page)).name).toBe(field.name);
  }
  for (const { field } of stops.slice(1)) {
    await page.keyboard.press("Tab");
    expect((await expectVisibleFocus(page)).name).toBe(field.name);
  }
}

/** Reading order (top to bottom, then left to right) of two elements matches their Tab order. */
async function expectReadBefore(first: Locator, second: Locator) {
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  const below = b.y >= a.y + a.height;
  const rightOf = Math.abs(b.y - a.y) < 1 && b.x >= a.x + a.width;
  expect(below || rightOf, "the visual order differs from the Tab order").toBe(true);
}

test.describe("every form can be completed with the keyboard alone", () => {
  for (const { id, path, opener, values } of modalCases) {
    // Phones for some, a desktop for the others: the modal's layout differs.
    const width = id === "express" || id === "sale" ? 1280 : 390;
    test(`${id} modal (${path}) at ${width} px`, async ({ page, whatsapp }) => {
      const definition = modalForms[id];
      await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      await page.goto(path);
      await hydrated(page);
      const button = opener(page);
      await tabUntil(page, button);
      // Openers are links (to the page's own form without JavaScript): Enter opens them.
      await page.keyboard.press("Enter");
      const modal = dialog(page);
      await expect(modal).toBeVisible();
      await expect(modal).toHaveAccessibleName(definition.title);

      await completeWithKeyboard(page, modal, definition, values);
      await walkBackAndForth(page, definition);
      const cancel = modal.getByRole("button", { name: "Cancelar" });
      const send = modal.getByRole("button", { name: "Enviar por WhatsApp" });
      await expectReadBefore(cancel, send);
      if (id === "sale-by-type") {
        // Implicit submission: Enter in the last field (the email) sends the form.
        await page.keyboard.press("Enter");
      } else {
        await page.keyboard.press("Tab");
        await expect(cancel).toBeFocused();
        await expectVisibleFocus(page);
        await page.keyboard.press("Tab");
        await expect(send).toBeFocused();
        await expectVisibleFocus(page);
        await page.keyboard.press(id === "sale" ? "Space" : "Enter");
      }

      const { text } = await whatsapp.last();
      expect(text.startsWith(`Hola, quiero hacer una ${definition.messageHeading}.`)).toBe(true);
      for (const field of allFields(definition)) {
        const value = values[field.name];
        if (value !== undefined) expect(text).toContain(messageLine(field, value));
      }
      await expect(modal).toBeHidden();
      await expect(button).toBeFocused();
    });
  }

  test("express online form (/tasaciones-online), sent with Space on the button", async ({
    page,
    whatsapp,
  }) => {
    await page.goto("/tasaciones-online");
    await hydrated(page);
    // The hero's "#formulario" link is the way in: after it, Tab continues inside the form.
    await tabUntil(page, page.locator('a[href="#formulario"]').first());
    await page.keyboard.press("Enter");
    const form = page.locator('form[data-lead-inline="express-online"]');
    await tabUntil(page, form.locator('[name="tipoPropiedad"]'), 3);
    await completeWithKeyboard(page, form, expressOnlineForm, expressOnlineValues);
    const submit = form.locator('button[type="submit"]');
    await page.keyboard.press("Tab");
    await expect(submit).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("Space");
    await expect(submit).toHaveAccessibleName("Enviando solicitud...");

    const { text } = await whatsapp.last();
    for (const field of allFields(expressOnlineForm)) {
      const value = expressOnlineValues[field.name];
      if (value !== undefined) expect(text).toContain(messageLine(field, value));
    }
    expect(text).toContain("✨ Amenities: Cochera, Microcine");
    await expect(form.getByRole("status")).toContainText("Solicitud enviada correctamente");
    // The keyboard user's place is kept through the sending state: focus never falls to the page.
    await expect(submit).toHaveAccessibleName("Enviar por WhatsApp");
    await expect(submit).toBeFocused();
    expect(whatsapp.handoffs).toHaveLength(1);
  });

  test("off-plan form (/comprar-en-pozo), sent from the submit button", async ({ page }) => {
    const service = await recordFormService(page);
    await page.goto("/comprar-en-pozo");
    await hydrated(page);
    await tabUntil(page, page.locator('a[href="#consulta"]').first());
    await page.keyboard.press("Enter");
    const form = page.locator("#consulta form");
    const definition = offPlanForm(year);
    await tabUntil(page, form.locator('[name="presupuesto"]'), 3);
    await completeWithKeyboard(page, form, definition, offPlanValues);
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Enviar consulta" })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");

    await expect(form.getByRole("status")).toContainText("Recibimos tu consulta");
    expect(service.posts).toHaveLength(1);
    // The form's fields, plus the page it was sent from and the empty honeypot (lead service contract).
    expect(Object.fromEntries(service.posts[0]!)).toEqual({
      _page: "/comprar-en-pozo",
      website: "",
      ...offPlanValues,
    });
    // Emptied for a next consultation, with the focus still on the button and the counter reset.
    await expect(form.getByRole("button", { name: "Enviar consulta" })).toBeFocused();
    await expect(form.locator('[name="nombre"]')).toHaveValue("");
    await expect(form.getByText("quedan 500 caracteres")).toBeVisible();
  });
});

// ---------------------------------------------------------------- axe

/**
 * The hosted form service, played in the page itself so that this file never
 * competes with lead-forms.spec.ts for the recorder's port: records the posted
 * fields, answers with any status, and can hold the answer back.
 */
async function recordFormService(page: Page) {
  const service = {
    status: 200,
    posts: [] as [string, string][][],
    hold: null as Promise<void> | null,
  };
  await page.route(`${formServiceUrl}/**`, async (route: Route) => {
    const request = route.request();
    const headers = { "Access-Control-Allow-Origin": (await request.headerValue("origin")) ?? "*" };
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers });
    service.posts.push([...new URLSearchParams(request.postData() ?? "")]);
    if (service.hold) await service.hold;
    await route.fulfill({
      status: service.status,
      headers,
      contentType: "application/json",
      body: JSON.stringify({ ok: service.status < 400 }),
    });
  });
  return service;
}

test.describe("axe finds no WCAG 2.2 A/AA violation in any form state", () => {
  // Three full-page axe runs per test, on pages that also carry their own form section.
  test.describe.configure({ timeout: 90_000 });
  for (const { id, path, opener, values } of modalCases) {
    const widths = id === "express" || id === "sale-by-type" ? [390, 1280] : [390];
    for (const width of widths) {
      test(`${id} modal at ${width} px: open, refused submit, popup-refused success`, async ({
        page,
        whatsapp,
      }) => {
        // The browser refuses the WhatsApp tab: the modal shows its 'Abrir WhatsApp' state.
        await page.addInitScript(() => {
          window.open = () => null;
        });
        await page.setViewportSize({ width, height: 844 });
        await page.goto(path);
        await hydrated(page);
        await opener(page).click();
        const modal = dialog(page);
        await expect(modal).toBeVisible();
        await expectNoAxeViolations(page, "dialog");

        // Native validation stops the empty form: the first required control is flagged.
        const send = modal.getByRole("button", { name: "Enviar por WhatsApp" });
        await send.click();
        const invalid = modal.locator(":invalid:is(input, select, textarea)");
        await expect(invalid.first()).toBeFocused();
        await expectNoAxeViolations(page, "dialog");

        await fillQuickly(modal, modalForms[id], values);
        await send.click();
        const link = modal.getByRole("link", { name: "Abrir WhatsApp" });
        await expect(link).toBeFocused();
        await expectNoAxeViolations(page, "dialog");
        expect(whatsapp.handoffs).toHaveLength(0);
      });
    }
  }

  test.describe("express online form (/tasaciones-online)", () => {
    const form = (page: Page) => page.locator('form[data-lead-inline="express-online"]');

    test("sending, then success", async ({ page, whatsapp }) => {
      // The sending state lasts 2 s (sendingMs): its timer is held back while axe looks.
      // (A paused page.clock would also stop axe, which runs on timers.)
      await page.addInitScript(() => {
        const setTimeout = window.setTimeout.bind(window);
        const held: (() => void)[] = [];
        Object.assign(window, { releaseHeldTimers: () => held.splice(0).forEach((run) => run()) });
        window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
          if (ms !== 2000 || typeof handler !== "function") return setTimeout(handler, ms, ...args);
          held.push(() => handler(...args));
          return 0;
        }) as typeof window.setTimeout;
      });
      await page.goto("/tasaciones-online");
      await hydrated(page);
      await expectNoAxeViolations(page, "#formulario");
      await fillQuickly(form(page), expressOnlineForm, expressOnlineValues);
      await form(page).getByRole("button", { name: "Enviar por WhatsApp" }).click();
      const sending = form(page).getByRole("button", { name: "Enviando solicitud..." });
      await expect(sending).toBeVisible();
      await whatsapp.last();
      await expectNoAxeViolations(page, "#formulario");
      await expect(sending).toBeVisible();

      await page.evaluate(() => (window as unknown as { releaseHeldTimers: () => void }).releaseHeldTimers());
      await expect(form(page).getByRole("status")).toContainText("Solicitud enviada correctamente");
      await expectNoAxeViolations(page, "#formulario");
    });

    test("error: the hand-off itself failed", async ({ page, whatsapp }) => {
      // The one way the component reaches its error: opening the tab throws (e.g. a blocked window.open).
      await page.addInitScript(() => {
        window.open = () => {
          throw new Error("window.open is blocked");
        };
      });
      await page.goto("/tasaciones-online");
      await hydrated(page);
      await fillQuickly(form(page), expressOnlineForm, expressOnlineValues);
      await form(page).getByRole("button", { name: "Enviar por WhatsApp" }).click();
      await expect(form(page).getByRole("alert")).toHaveText(
        "Error al enviar la solicitud. Por favor, intenta nuevamente.",
      );
      await expectNoAxeViolations(page, "#formulario");
      expect(whatsapp.handoffs).toHaveLength(0);
    });
  });

  test.describe("off-plan form (/comprar-en-pozo)", () => {
    const form = (page: Page) => page.locator("#consulta form");

    test("sending, then success", async ({ page }) => {
      const service = await recordFormService(page);
      let answer!: () => void;
      service.hold = new Promise<void>((resolve) => (answer = resolve));
      await page.goto("/comprar-en-pozo");
      await hydrated(page);
      await expectNoAxeViolations(page, "#consulta");
      await fillQuickly(form(page), offPlanForm(year), offPlanValues);
      await form(page).getByRole("button", { name: "Enviar consulta" }).click();
      await expect(form(page).getByRole("button", { name: "Enviando consulta..." })).toBeVisible();
      await expect.poll(() => service.posts.length).toBe(1);
      await expectNoAxeViolations(page, "#consulta");

      answer();
      await expect(form(page).getByRole("status")).toContainText("Recibimos tu consulta");
      await expectNoAxeViolations(page, "#consulta");
    });

    test("failure: the service answers 500", async ({ page }) => {
      const service = await recordFormService(page);
      service.status = 500;
      await page.goto("/comprar-en-pozo");
      await hydrated(page);
      await fillQuickly(form(page), offPlanForm(year), offPlanValues);
      await form(page).getByRole("button", { name: "Enviar consulta" }).click();
      await expect(form(page).getByRole("alert")).toContainText("No pudimos enviar tu consulta");
      expect(service.posts).toHaveLength(1);
      await expectNoAxeViolations(page, "#consulta");
    });
  });
});
