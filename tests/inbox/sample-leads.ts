import { installedFormTowers, serviceFormIds, serviceForms } from "../../server/leads/forms.ts";
import { allFields, type FormDefinition, type LeadValues } from "../../app/features/leads/forms/types.ts";

/**
 * What visitors type into each of the seven forms, for the inbox tests: every
 * field filled from the form's own definition, with text that tries to break
 * out of HTML, SQL, CSV and URLs. Each lead is told apart by its number.
 */

export const offPlanFormId = "consulta-inversion-pozo";
const site = { offPlanFormId, deliveryHours: "24-48" };

/** The seven forms the service accepts, by the id leads are stored with. */
export const formIds = serviceFormIds(site);
export const definitionOf = (formId: string): FormDefinition =>
  serviceForms(site, installedFormTowers)(formId)!.definition;

export const adversarialName = (n: number) => `Ana "Ñandú" O'Brien <img src=x onerror=alert(${n})> #${n}`;

export function sampleValues(definition: FormDefinition, n: number): LeadValues {
  const values: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    if (field.autoComplete === "name") values[field.name] = adversarialName(n);
    else if (field.type === "tel") values[field.name] = `+54 9 11 5555-${String(n).padStart(4, "0")}`;
    else if (field.type === "email") values[field.name] = `persona${n}+bandeja@example.com`;
    else if (field.type === "select") values[field.name] = field.options!.at(-1)!;
    else if (field.type === "checkboxes") values[field.name] = field.options!.slice(0, 2) as string[];
    else if (field.type === "number") values[field.name] = `${80 + n}.5`;
    else if (field.type === "textarea")
      values[field.name] =
        `=HYPERLINK("http://x","y") <script>alert(${n})</script>\n'; drop table leads; -- & # % + ? = / 🏙️ שלום`;
    else values[field.name] = `Av. Alicia M. de Justo 1${n} "piso" <b>${n}</b> & 50% ¿?`;
  }
  return values;
}

/** The body a browser posts for these values (checkbox groups repeat their name). */
export function formBody(values: LeadValues, extra: Record<string, string> = {}): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
  for (const [name, value] of Object.entries(extra)) body.append(name, value);
  return body;
}
