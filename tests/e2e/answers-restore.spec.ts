import type { Locator, Page } from "@playwright/test";

import { allFields } from "../../app/features/leads/forms/types.ts";
import { originStorageKey } from "../../app/lib/visit-origin.ts";
import { expect, holdHydration, hydrated, test } from "./fixtures.ts";
import { answersFor, fillForm, registeredForms, type RegisteredForm } from "./registered-forms.ts";

/**
 * What a visitor typed survives a reload and a back navigation, for the life
 * of the tab (product decision 19), and is forgotten once the lead is handed
 * off or stored.
 */

// Each test walks through several full page loads.
test.describe.configure({ timeout: 90_000 });

/** Opens a form as a visitor does, through the page's first opener if it is a modal form. */
async function openForm(
  page: Page,
  registered: RegisteredForm,
  { visit = "goto" }: { visit?: "goto" | "reload" | "none" } = {},
): Promise<{ form: Locator; preset: string | null }> {
  if (visit === "goto") await page.goto(registered.page);
  if (visit === "reload") await page.reload();
  await hydrated(page);
  if (!registered.modal) {
    const form = page.locator(`form[data-lead-inline="${registered.definition.id}"]`);
    await expect(form).toHaveAttribute("data-interactive", "");
    return { form, preset: null };
  }
  const opener = page.locator(`[data-lead-form="${registered.definition.id}"]`).first();
  const preset = await opener.getAttribute("data-lead-preset");
  await opener.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  return { form: page.getByRole("dialog").locator("form"), preset };
}

async function expectAnswers(form: Locator, registered: RegisteredForm, expected: Record<string, unknown>) {
  for (const field of allFields(registered.definition)) {
    const value = expected[field.name];
    if (field.type === "checkboxes") {
      for (const option of field.options ?? []) {
        const box = form.locator(`input[type="checkbox"][name="${field.name}"][value="${option}"]`);
        if ((value as string[]).includes(option)) await expect(box, option).toBeChecked();
        else await expect(box, option).not.toBeChecked();
      }
    } else await expect(form.locator(`[name="${field.name}"]`), field.name).toHaveValue(value as string);
  }
}

function emptyAnswers(registered: RegisteredForm): Record<string, unknown> {
  return Object.fromEntries(
    allFields(registered.definition).map((field) => [field.name, field.type === "checkboxes" ? [] : ""]),
  );
}

for (const registered of registeredForms) {
  const { definition } = registered;

  test(`${definition.id}: answers come back after a reload and after going back`, async ({ page }) => {
    const answers = answersFor(definition);
    const { form } = await openForm(page, registered);
    await fillForm(form, definition, answers);

    // A modal form is made afresh after a reload. An in-page form is visited anew instead, since
    // a reload could also be refilled by the browser's own form restore.
    const { form: again, preset } = await openForm(page, registered, {
      visit: registered.modal ? "reload" : "goto",
    });
    const expected = {
      ...answers,
      ...(preset && definition.presetField ? { [definition.presetField]: preset } : {}),
    };
    await expectAnswers(again, registered, expected);

    // The collection notice links to the policy; coming back finds the answers again.
    await again.getByRole("link", { name: "Política de privacidad" }).click();
    await page.waitForURL(/\/privacidad$/);
    await page.goBack({ waitUntil: "commit" });
    const { form: back } = await openForm(page, registered, { visit: "none" });
    await expectAnswers(back, registered, expected);
  });

  test(`${definition.id}: once ${registered.whatsapp ? "handed off" : "stored"}, the answers are forgotten`, async ({
    page,
    whatsapp,
  }) => {
    const answers = answersFor(definition);
    const { form } = await openForm(page, registered);
    await fillForm(form, definition, answers);
    await form.locator('button[type="submit"]').click();
    if (registered.whatsapp) await whatsapp.last();
    else
      await expect(form.getByRole("status")).toContainText("Recibimos tu consulta", { useInnerText: true });

    const { form: again, preset } = await openForm(page, registered);
    const expected = {
      ...emptyAnswers(registered),
      ...(preset && definition.presetField ? { [definition.presetField]: preset } : {}),
    };
    await expectAnswers(again, registered, expected);
    expect(await savedKeys(page)).toEqual([]);
  });
}

test("a preset is not an answer: a tower's form closed untouched leaves nothing behind", async ({ page }) => {
  await page.goto("/valoracion-de-inmuebles");
  await hydrated(page);
  await page.locator('[data-lead-form="valuation"][data-lead-preset="Mulieris"]').click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
  await page.locator('[data-lead-form="valuation"]:not([data-lead-preset])').first().click();
  await expect(page.getByRole("dialog").locator('[name="torre"]')).toHaveValue("");
  expect(await savedKeys(page)).toEqual([]);
});

test("typed before the page was interactive: kept through hydration, then saved", async ({ page }) => {
  const registered = registeredForms.find((entry) => entry.definition.id === "express-online")!;
  const release = await holdHydration(page);
  await page.goto(registered.page);
  const form = page.locator(`form[data-lead-inline="express-online"]`);
  await form.locator('[name="contacto"]').fill("Ana Antes de Hidratar");
  await form.locator('[name="estado"]').selectOption("A reciclar");
  release();
  await hydrated(page);
  await expect(form).toHaveAttribute("data-interactive", "");
  await expect(form.locator('[name="contacto"]')).toHaveValue("Ana Antes de Hidratar");
  await page.goto(registered.page);
  await hydrated(page);
  await expect(form.locator('[name="contacto"]')).toHaveValue("Ana Antes de Hidratar");
  await expect(form.locator('[name="estado"]')).toHaveValue("A reciclar");
});

test("without sessionStorage (a strict privacy mode) the forms still hand off", async ({
  page,
  whatsapp,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "sessionStorage", {
      get() {
        throw new DOMException("El almacenamiento está bloqueado", "SecurityError");
      },
    });
  });
  const registered = registeredForms.find((entry) => entry.definition.id === "valuation")!;
  const { form } = await openForm(page, registered);
  const answers = answersFor(registered.definition);
  await fillForm(form, registered.definition, answers);
  await form.locator('button[type="submit"]').click();
  await whatsapp.last();
});

/** What the tab keeps besides its visit's origin (which stays for the tab: app/lib/visit-origin.ts). */
function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (origin) => Object.keys(sessionStorage).filter((key) => key !== origin),
    originStorageKey,
  );
}
