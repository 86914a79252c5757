import type { Locator } from "@playwright/test";

import { formPages, formSectionId } from "../../app/features/leads/form-pages.ts";
import type { FormId } from "../../app/features/leads/forms/form-ids.ts";
import { expressOnlineForm } from "../../app/features/leads/site-forms.ts";
import { offPlanForm } from "../../app/features/leads/forms/off-plan.ts";
import { modalForms } from "../../app/features/leads/form-registry.ts";
import { allFields, type FormDefinition, type LeadValues } from "../../app/features/leads/forms/types.ts";

/**
 * Every lead form of the site, where it lives, and answers a visitor could
 * type into it (tricky on purpose), so that one test can loop over all seven.
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

/** The id the service knows each form by (the off-plan form keeps the spec's default). */
export const serviceIds: Record<FormId, string> = {
  express: "express",
  valuation: "valuation",
  sale: "sale",
  apartment: "apartment",
  "sale-by-type": "sale-by-type",
  "express-online": "express-online",
  "off-plan": "consulta-inversion-pozo",
};

export const registeredForms: RegisteredForm[] = [
  ...Object.values(modalForms).map((definition) => ({
    definition,
    page: formPages[definition.id as keyof typeof formPages],
    anchor: formSectionId,
    modal: true,
    whatsapp: true,
  })),
  {
    definition: expressOnlineForm,
    page: "/tasaciones-online",
    anchor: "formulario",
    modal: false,
    whatsapp: true,
  },
  {
    definition: offPlanForm(new Date().getFullYear()),
    page: "/comprar-en-pozo",
    anchor: "consulta",
    modal: false,
    whatsapp: false,
  },
];

// Every form id of the site (serviceIds is typed by them) must be listed above.
for (const id of Object.keys(serviceIds))
  if (!registeredForms.some((registered) => registered.definition.id === id))
    throw new Error(`The form '${id}' is missing from registeredForms in tests/e2e/registered-forms.ts`);

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
