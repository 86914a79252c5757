import type { Locator } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { towers } from "../../app/content/towers.ts";
import { allForms } from "../../app/features/leads/forms/all-forms.ts";
import {
  formCatalogue,
  formIds,
  serviceFormId,
  type FormId,
} from "../../app/features/leads/forms/catalogue.ts";
import { allFields, type FormDefinition, type LeadValues } from "../../app/features/leads/forms/types.ts";
import { testBuildEnv } from "../test-build-env.ts";

/**
 * Every lead form of the site (the catalogue, forms/catalogue.ts), where it
 * lives, and answers a visitor could type into it (tricky on purpose), so that
 * one test can loop over all seven.
 */
export type RegisteredForm = {
  definition: FormDefinition;
  /** The page that carries the form in its own markup. */
  page: string;
  /** The in-page anchor of that form (its section). */
  anchor: string;
  /** Opened in a modal by the page's openers (with JavaScript). */
  modal: boolean;
  /** Hands the lead to WhatsApp (all but the off-plan form, which posts). */
  whatsapp: boolean;
};

/** The configuration the tests' build was made with. */
const site = loadSiteConfig({ ...process.env, ...testBuildEnv }).config;
const definitions = allForms(site, new Date().getFullYear(), towers);

/** The id the service knows each form by (the off-plan form keeps the spec's default). */
export const serviceIds = Object.fromEntries(formIds.map((id) => [id, serviceFormId(id, site)])) as Record<
  FormId,
  string
>;

export const registeredForms: RegisteredForm[] = formIds.map((id) => ({
  definition: definitions[id],
  page: formCatalogue[id].page,
  anchor: formCatalogue[id].anchor,
  modal: formCatalogue[id].modal,
  whatsapp: formCatalogue[id].handoff === "whatsapp",
}));

export const trickyText = `Piso 12 "A" & 'B' # 50% + 1? a=b / c — ñandú 😀 <script>window.__pwned = 1</script> שלום مرحبا`;
export const trickyComment = `${trickyText}\nSegunda línea & <b>negrita</b>\nTercera`;

/**
 * Answers for every field of a form: the second option of each list (the
 * first is often a preset's), two boxes of each checkbox group, and text with
 * quotes, & # % + ? = /, emoji, right-to-left script and markup.
 */
export function answersFor(definition: FormDefinition): LeadValues {
  const answers: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    const options = field.options ?? [];
    answers[field.name] =
      field.type === "select"
        ? options[1]!
        : field.type === "checkboxes"
          ? [options[0]!, options[3]!]
          : field.type === "email"
            ? "ana.nunez+leads@example.com"
            : field.type === "tel"
              ? "+54 9 11 5555-1234"
              : field.type === "number"
                ? "85.5"
                : field.type === "textarea"
                  ? trickyComment
                  : `${field.label}: ${trickyText}`;
  }
  return answers;
}

/** Types the answers into a form the way a visitor would (by field name, not by position). */
export async function fillForm(
  form: Locator,
  definition: FormDefinition,
  answers: LeadValues,
): Promise<void> {
  for (const field of allFields(definition)) {
    const value = answers[field.name];
    if (value === undefined) continue;
    if (field.type === "checkboxes") {
      for (const option of field.options ?? []) {
        const box = form.locator(`input[type="checkbox"][name="${field.name}"][value="${option}"]`);
        if (value.includes(option)) await box.check();
        else await box.uncheck();
      }
    } else if (field.type === "select")
      await form.locator(`[name="${field.name}"]`).selectOption(value as string);
    else await form.locator(`[name="${field.name}"]`).fill(value as string);
  }
}

/** Every text a visitor typed that must never show up in a URL (only the distinctive ones). */
export function typedTexts(answers: LeadValues): string[] {
  return Object.values(answers)
    .flatMap((value) => (typeof value === "string" ? [value] : []))
    .filter((value) => value.length > 6);
}
