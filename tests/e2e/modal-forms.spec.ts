import type { Page } from "@playwright/test";

import * as englishForms from "../../app/content/en/lead-forms.ts";
import * as spanishForms from "../../app/content/es/lead-forms.ts";
import { formInLanguage } from "../../app/features/leads/markup/site-forms.ts";
import { allFields, optionLabel } from "../../app/features/leads/forms/types.ts";
import { langOf } from "../../app/site-map.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { dataLayer, expect, hydrated, test } from "./fixtures.ts";
import {
  completeWithKeyboard,
  control,
  expectEmpty,
  expectMessage,
  expectNothingRendered,
  expectReadBefore,
  expectRefusedSubmit,
  expectRendered,
  expectValues,
  expectVisibleFocus,
  popupsAsked,
  refusePopups,
  tabUntil,
  walkBackAndForth,
  watchFormEvents,
} from "./form-checks.ts";
import { answersFor, fillForm, registeredForms } from "./registered-forms.ts";
import { allPages, openersOf } from "./site-pages.ts";

/**
 * The lead forms that open in a modal: every opener on every page opens its
 * registered form with its preset, and every registered form is opened, filled
 * and sent the way a visitor would, with the keyboard and with the mouse. The
 * WhatsApp message must be the composer's for the values typed. (The lead
 * each form also records after the hand-off is lead-recording.spec.ts's; here
 * the page's request to the service is answered in the page.)
 */

const modalForms = Object.fromEntries(
  registeredForms
    .filter((registered) => registered.modal)
    .map((registered) => [registered.definition.id, registered]),
);

const dialog = (page: Page) => page.getByRole("dialog");
const openers = (page: Page) => page.locator("a[data-lead-form]");

/** The page's scroll position after a wheel turn, once the page got the event and painted twice. */
async function scrollAfterWheel(page: Page): Promise<{ before: number; after: number }> {
  const before = await page.evaluate(() => {
    const settled = new Promise<void>((resolve) =>
      addEventListener("wheel", () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
        once: true,
        passive: true,
      }),
    );
    Object.assign(window, { __wheelSettled: settled });
    return window.scrollY;
  });
  await page.mouse.move(5, 300);
  await page.mouse.wheel(0, 600);
  await page.evaluate(() => (window as { __wheelSettled?: Promise<void> }).__wheelSettled);
  return { before, after: await page.evaluate(() => window.scrollY) };
}

/** The open modal's title and preset field, and whether the page's nth opener has the focus: one look. */
function modalState(page: Page, index: number, presetField?: string) {
  return page.evaluate(
    ({ index, presetField }) => {
      const modal = document.querySelector("dialog[open]");
      const opener = document.querySelectorAll("a[data-lead-form]")[index];
      const title =
        modal && document.getElementById(modal.getAttribute("aria-labelledby") ?? "")?.textContent;
      const preset = presetField && modal?.querySelector<HTMLSelectElement>(`[name="${presetField}"]`)?.value;
      return {
        title: title ?? null,
        ...(presetField ? { preset } : {}),
        openerFocused: document.activeElement === opener,
      };
    },
    { index, presetField },
  );
}

test.describe("every opener on every page", () => {
  // Each page's openers are tried one by one (26 towers on some pages).
  test.slow();

  for (const sitePage of allPages.filter((candidate) => candidate.openers.length > 0)) {
    test(`${sitePage.name}: each opener opens its form with its preset; the modal closes three ways`, async ({
      page,
    }) => {
      // The page's language: the modal's title and buttons, and a preset a text field shows translated.
      const lang = langOf(sitePage.path);
      const { cancel, close } = { es: spanishForms, en: englishForms }[lang].copy;
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });

      await page.goto(sitePage.path);
      await hydrated(page);
      // The modals are in the page's HTML (templates); the island is the one script that opens them.
      expect(scripts, "the page's only script is its island").toEqual([
        expect.stringMatching(/^\/assets\/island-[\w-]+\.js$/),
      ]);
      await expect(openers(page)).toHaveCount(sitePage.openers.length);

      for (const [index, { form, preset }] of sitePage.openers.entries()) {
        expect(modalForms[form], `opener '${form}' names a registered modal form`).toBeDefined();
        const definition = formInLanguage(modalForms[form]!.definition, lang);
        expect(preset === null || definition.presetField !== undefined, `${form} takes no preset`).toBe(true);
        const presetField = allFields(definition).find((field) => field.name === definition.presetField);
        const shown =
          preset === null ? "" : presetField?.type === "select" ? preset : optionLabel(presetField!, preset);
        await openers(page).nth(index).click();
        await expect
          .poll(() => modalState(page, index, definition.presetField))
          .toEqual({ title: definition.title, preset: shown, openerFocused: false });

        if (index === 0) {
          // The page behind neither scrolls nor takes the focus.
          expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
            "hidden",
          );
          const { before, after } = await scrollAfterWheel(page);
          expect(after, "the page behind the modal scrolled").toBe(before);
          // Added to <body> after the swap, the modal has the web fonts too (app/styles/fonts.css).
          expect(
            await dialog(page).evaluate((element) => ({
              text: getComputedStyle(element).fontFamily,
              title: getComputedStyle(element.querySelector("h2")!).fontFamily,
            })),
          ).toEqual({
            text: expect.stringMatching(/^"Inter Variable"/),
            title: expect.stringMatching(/^"Fraunces Variable"/),
          });
        }

        const modal = dialog(page);
        const closeWith = [
          () => page.keyboard.press("Escape"),
          () => modal.getByRole("button", { name: cancel }).click(),
          () => modal.getByRole("button", { name: close }).click(),
        ][index % 3]!;
        await closeWith();
        await expect.poll(() => modalState(page, index)).toEqual({ title: null, openerFocused: true });
      }

      expect(scripts, "opening the modals loaded no other script").toHaveLength(1);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
        "hidden",
      );
      // The same wheel turn scrolls the page once the modal is closed (so the check above can fail):
      // from the top, where a turn down always has room, waiting for the scroll however late a busy
      // machine applies it (at the last opener the page may already be at its end).
      await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
      await page.mouse.move(5, 300);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    });
  }
});

for (const [index, { definition, page: path }] of Object.values(modalForms).entries()) {
  const id = definition.id;
  const where = openersOf(id).find(({ page }) => page.path === path);
  if (!where) {
    test(`${id} modal form: its page has an opener for it`, () => {
      throw new Error(`${path} has no opener for the registered form '${id}'`);
    });
    continue;
  }
  // Phones for some forms, a desktop for the others, swapped between the two tests: the layout differs.
  const [keyboardWidth, mouseWidth] = index % 2 ? [1280, 390] : [390, 1280];
  // Enter sends some forms, Space the others: both must work on a button.
  const key = index % 2 ? "Space" : "Enter";

  test.describe(`${id} modal form`, () => {
    const { page: sitePage, openers: formOpeners } = where;
    const openerIndex = sitePage.openers.indexOf(
      formOpeners.find((opener) => !opener.preset) ?? formOpeners[0]!,
    );
    const values = answersFor(definition);

    test(`from ${sitePage.name} at ${keyboardWidth} px: opened, completed and sent with the keyboard alone`, async ({
      page,
      whatsapp,
    }) => {
      await page.setViewportSize({ width: keyboardWidth, height: keyboardWidth === 390 ? 844 : 720 });
      await page.goto(sitePage.path);
      await hydrated(page);
      const opener = openers(page).nth(openerIndex);
      await tabUntil(page, opener);
      await page.keyboard.press("Enter");
      const modal = dialog(page);
      await expect(modal).toHaveAccessibleName(definition.title);
      await expectRendered(modal, definition, sitePage.openers[openerIndex]!.preset);
      await expectNoAxeViolations(page, "dialog");

      await completeWithKeyboard(page, modal, definition, values);
      await walkBackAndForth(page, definition);
      const cancel = modal.getByRole("button", { name: "Cancelar" });
      const send = modal.getByRole("button", { name: "Enviar por WhatsApp" });
      await expectReadBefore(cancel, send);
      await page.keyboard.press("Tab");
      await expect(cancel).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press("Tab");
      await expect(send).toBeFocused();
      await expectVisibleFocus(page);
      // Tab is trapped: past the last link it wraps to the first control (the close icon), and back.
      await tabUntil(page, modal.getByRole("button", { name: "Cerrar" }), 3);
      await tabUntil(page, send, 3, "Shift+Tab");
      await page.keyboard.press(key);

      expectMessage(await whatsapp.last(), definition, values);
      await expect(modal).toBeHidden();
      await expect(opener).toBeFocused();
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: id }]);
      await expectNothingRendered(page);
    });

    test(`from ${sitePage.name} at ${mouseWidth} px: refused while invalid, then sent by the fallback link when the tab is blocked`, async ({
      page,
      whatsapp,
    }) => {
      await refusePopups(page);
      await watchFormEvents(page);
      await page.setViewportSize({ width: mouseWidth, height: 844 });
      await page.goto(sitePage.path);
      await hydrated(page);
      await openers(page).nth(openerIndex).click();
      const modal = dialog(page);
      await expect(modal).toBeVisible();
      await expectNoAxeViolations(page, "dialog");

      // Native validation stops the empty form on its first required control.
      const send = modal.getByRole("button", { name: "Enviar por WhatsApp" });
      await send.click();
      await expectRefusedSubmit(page, modal);
      await expectNoAxeViolations(page, "dialog");

      // A malformed email stops it too, and nothing typed is lost.
      await fillForm(modal, definition, values);
      const emailField = allFields(definition).find((field) => field.type === "email")!;
      await control(modal, emailField).fill("ana-sin-arroba");
      await send.click();
      await expectRefusedSubmit(page, modal);
      await expectValues(modal, definition, { ...values, [emailField.name]: "ana-sin-arroba" });
      expect(await popupsAsked(page)).toEqual([]);
      expect(await dataLayer(page)).toEqual([]);

      // Enter in a text field sends the form (implicit submission); the browser refuses the tab.
      await control(modal, emailField).fill(values[emailField.name] as string);
      await control(modal, emailField).press("Enter");
      const link = modal.getByRole("link", { name: "Abrir WhatsApp" });
      await expect(link).toBeFocused();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      const href = (await link.getAttribute("href"))!;
      expectMessage(new URL(href), definition, values);
      expect(await popupsAsked(page)).toEqual([href]);
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: id }]);
      await expectNoAxeViolations(page, "dialog");
      expect(whatsapp.handoffs).toHaveLength(0);

      await link.click();
      expectMessage(await whatsapp.last(), definition, values);
      await expect(modal).toBeHidden();
    });
  });
}

test("the home express form starts empty after each request, its preset building included", async ({
  page,
  whatsapp,
}) => {
  const { definition, page: path } = modalForms.express!;
  const { page: sitePage, openers: formOpeners } = openersOf("express").find(
    ({ page }) => page.path === path,
  )!;
  const withPreset = sitePage.openers.indexOf(formOpeners.find((opener) => opener.preset)!);
  const withoutPreset = sitePage.openers.indexOf(formOpeners.find((opener) => !opener.preset)!);
  await page.goto(sitePage.path);
  await hydrated(page);
  await openers(page).nth(withPreset).click();
  const values = {
    ...answersFor(definition),
    [definition.presetField!]: sitePage.openers[withPreset]!.preset!,
  };
  await fillForm(dialog(page), definition, values);
  await dialog(page).getByRole("button", { name: "Enviar por WhatsApp" }).click();
  expectMessage(await whatsapp.last(), definition, values);
  await expect(dialog(page)).toBeHidden();

  await openers(page).nth(withoutPreset).click();
  await expectEmpty(dialog(page), definition);
});
