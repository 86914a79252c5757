import { formInLanguage } from "../../app/features/leads/markup/site-forms.ts";
import { allFields, optionLabel } from "../../app/features/leads/forms/types.ts";
import { languages, pathIn } from "../../app/site-map.ts";
import { expect, holdHydration, hydrated, test } from "./fixtures.ts";
import { expectValues } from "./form-checks.ts";
import { answersFor, fillForm, registeredForms } from "./registered-forms.ts";
import { openersOf } from "./site-pages.ts";

/**
 * Pages hydrate late (decision 0002), and nothing a visitor does before that
 * is lost: an opener is a link to its page's own copy of the form, which the
 * boot loader fills with the opener's preset, and whatever is typed stays in
 * the form through hydration. Hydration is held back until the test releases
 * it, so "not yet" needs no waiting. (A submit before hydration posts natively,
 * as without JavaScript: no-script.spec.ts. The boot loader holds a submit back
 * only on a site without a lead service, which the test build is not.) On an
 * English page the preset shows in English, as the hydrated form shows it.
 */

for (const lang of languages)
  for (const { definition: spanish, page: spanishPath, anchor, modal } of registeredForms) {
    const definition = formInLanguage(spanish, lang);
    const path = pathIn(lang, spanishPath);
    const formSelector = `#${anchor} form[data-lead-inline="${definition.id}"]`;
    const presetField = allFields(definition).find((field) => field.name === definition.presetField);
    /** What the field shows for a preset: a list keeps the stored value, a text field shows it in the page's language. */
    const shown = (preset: string) =>
      presetField?.type === "select" ? preset : optionLabel(presetField!, preset);

    test(`${definition.id}${lang === "es" ? "" : ` (${lang})`}: ${modal ? "a tap on an opener before hydration leads to the page's form with its preset; " : ""}typed answers stay through hydration`, async ({
      page,
    }) => {
      const release = await holdHydration(page);
      await page.goto(path);
      const form = page.locator(formSelector);
      let preset: string | null = null;
      if (modal) {
        const { page: sitePage, openers } = openersOf(definition.id).find(
          (where) => where.page.path === path,
        )!;
        // In English, an opener whose preset has an English of its own (a property type), when there is one.
        const translated = openers.find((opener) => opener.preset && shown(opener.preset) !== opener.preset);
        const tapped = translated ?? openers.find((opener) => opener.preset) ?? openers[0]!;
        await page.locator("a[data-lead-form]").nth(sitePage.openers.indexOf(tapped)).click();
        await expect(page).toHaveURL(new RegExp(`${path}#${anchor}$`));
        await expect(form).toBeVisible();
        // A preset a list does not hold (e.g. 'Consulta general') is left for the visitor to choose.
        const listed = presetField?.type !== "select" || presetField.options?.includes(tapped.preset ?? "");
        preset = presetField && listed && tapped.preset ? shown(tapped.preset) : null;
        if (presetField) await expect(form.locator(`[name="${presetField.name}"]`)).toHaveValue(preset ?? "");
        if (lang === "en" && translated) expect(preset, "the preset in English").not.toBe(tapped.preset);
      }

      const answers = {
        ...answersFor(definition),
        ...(preset && presetField ? { [presetField.name]: preset } : {}),
      };
      await fillForm(form, definition, answers);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

      release();
      await hydrated(page);
      await expect(form).toHaveAttribute("data-interactive", "");
      await expectValues(form, definition, answers);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  }
