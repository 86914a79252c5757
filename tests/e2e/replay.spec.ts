import type { Page } from "@playwright/test";

import { allFields } from "../../app/features/leads/forms/types.ts";
import { expect, formServiceLock, holdHydration, hydrated, pauseClock, test } from "./fixtures.ts";
import {
  control,
  definitionOf,
  expectMessage,
  fillForm,
  modalForms,
  postedFields,
  sampleValues,
  sendingMs,
} from "./lead-forms.ts";
import { inlineForms, openersOf } from "./site-pages.ts";

/**
 * Pages hydrate late (decision 0002): a tap on a form opener or a submit of an
 * in-page form made before that is remembered by the boot loader and replayed
 * once the app is ready, with nothing typed lost. Hydration is held back until
 * the test releases it, so "not yet" needs no waiting.
 */

const pendingLead = (page: Page) =>
  page.evaluate(() => {
    const pending = window.__pendingLead;
    return pending && { ...pending, opener: undefined };
  });

for (const id of Object.keys(modalForms)) {
  const where = openersOf(id)[0];
  if (!where) continue; // modal-forms.spec.ts fails for a form no page opens.
  const { page: sitePage, openers } = where;
  const tapped = openers.find((opener) => opener.preset) ?? openers[0]!;
  const index = sitePage.openers.indexOf(tapped);

  test(`a tap on a ${id} opener before hydration opens the modal, with its preset, once the page is ready`, async ({
    page,
  }) => {
    const release = await holdHydration(page);
    await page.goto(sitePage.path);
    const opener = page.locator("button[data-lead-form]").nth(index);
    await opener.click();
    expect(await pendingLead(page)).toEqual({ form: id, preset: tapped.preset, opener: undefined });
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await expect(page.getByRole("dialog")).toBeHidden();

    release();
    await hydrated(page);
    const definition = definitionOf(id);
    const modal = page.getByRole("dialog");
    await expect(modal).toHaveAccessibleName(definition.title);
    const presetField = allFields(definition).find((field) => field.name === definition.presetField);
    if (presetField) await expect(control(modal, presetField)).toHaveValue(tapped.preset ?? "");
    await page.keyboard.press("Escape");
    await expect(opener).toBeFocused();
  });
}

/** Fills the in-page form and presses its submit button while the page is not hydrated yet. */
async function submitBeforeHydration(page: Page, path: string, formId: string) {
  const release = await holdHydration(page);
  await page.goto(path);
  const scope = page.locator(`form[data-lead-inline="${formId}"]`);
  const definition = definitionOf(formId);
  await fillForm(scope, definition, sampleValues(definition));
  await scope.locator('button[type="submit"]').click();
  expect(await pendingLead(page)).toEqual({ submit: formId });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  return { scope, release };
}

for (const { page: sitePage, form } of inlineForms) {
  const definition = definitionOf(form.id);
  const values = sampleValues(definition);

  if (form.action) {
    test(
      `${form.id} form filled and sent before hydration: the same answers are posted once the page is ready`,
      { lock: formServiceLock },
      async ({ page, whatsapp, formService }) => {
        const { scope, release } = await submitBeforeHydration(page, sitePage.path, form.id);
        expect(formService.submissions).toHaveLength(0);
        release();
        await hydrated(page);
        await expect(scope.getByRole("status")).toContainText("Recibimos tu consulta");
        expect(formService.submissions.map((submission) => submission.fields)).toEqual([
          postedFields(definition, values),
        ]);
        expect(whatsapp.handoffs).toHaveLength(0);
      },
    );
  } else {
    test(`${form.id} form filled and sent before hydration: the same answers go to WhatsApp once the page is ready`, async ({
      page,
      whatsapp,
    }) => {
      await page.clock.install();
      const { scope, release } = await submitBeforeHydration(page, sitePage.path, form.id);
      expect(whatsapp.handoffs).toHaveLength(0);
      await pauseClock(page);
      release();
      await hydrated(page);
      await expect(scope.getByRole("button", { name: "Enviando solicitud..." })).toBeVisible();
      await page.clock.runFor(sendingMs);
      await expect(scope.getByRole("status")).toContainText("Solicitud enviada correctamente");
      // Opened at once or, if the browser judged the tap too old to open a tab, by the fallback link.
      const link = scope.getByRole("link", { name: "Abrir WhatsApp" });
      if (await link.count()) await link.click();
      expectMessage(await whatsapp.last(), definition, values);
      expect(whatsapp.handoffs).toHaveLength(1);
    });
  }
}
