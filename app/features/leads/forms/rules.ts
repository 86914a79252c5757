import type { FieldDefinition, FieldType, FormDefinition, LeadValues } from "./types.ts";
import { phonePattern } from "../../../lib/phone-digits.ts";

/**
 * Every limit on an answer, derived once from its field definition. The form
 * renders these as the input's own attributes (maxlength, min, max, step,
 * pattern, type, required), and the lead service checks each submission with
 * the same rules (checkAnswers), so whatever a visitor can type is storable and
 * a visitor using the form never meets a refusal the browser did not show.
 */
export type FieldRules = {
  required: boolean;
  /** Longest answer in UTF-16 code units, as the browser's maxlength counts them. */
  maxLength: number;
  /** Numbers: the accepted range; decimals are allowed (step "any"). */
  min?: number;
  max?: number;
  /** Phones: the input's pattern attribute (the browser anchors it and compiles it with the v flag). */
  pattern?: string;
  /** Selects and checkbox groups: the values accepted. */
  options?: readonly string[];
};

/** Limits for fields whose definition sets none: generous for a real name or address, tight for a flood. */
export const defaultMaxLength: Record<FieldType, number> = {
  text: 200,
  email: 254,
  tel: 30,
  number: 20,
  select: 200,
  checkboxes: 200,
  textarea: 500,
};

/** Surfaces and other numbers: from 0 to 100,000 unless the definition narrows it. */
export const defaultNumberRange = { min: 0, max: 100_000 };

/** A phone as people type it: one rule for the forms and the site's editor (app/lib/phone-digits.ts). */
export { phonePattern };

/** The HTML standard's "valid e-mail address": exactly what input type=email accepts. */
const emailShape =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The HTML standard's "valid floating-point number": what input type=number submits, in every locale. */
const floatingPointNumber = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const phoneShape = new RegExp(`^(?:${phonePattern})$`, "v");

export function fieldRules(field: FieldDefinition): FieldRules {
  return {
    required: field.required ?? false,
    maxLength: field.maxLength ?? defaultMaxLength[field.type],
    ...(field.type === "number"
      ? { min: field.min ?? defaultNumberRange.min, max: field.max ?? defaultNumberRange.max }
      : {}),
    ...(field.type === "tel" ? { pattern: phonePattern } : {}),
    ...(field.options ? { options: field.options } : {}),
  };
}

/** Why an answer was refused; each language words it (content/{lang}/service-answers.ts). */
export type AnswerProblem =
  | { kind: "missing" }
  | { kind: "tooLong"; max: number }
  | { kind: "notAnOption" }
  | { kind: "tooManyChoices"; max: number }
  | { kind: "notANumber" }
  | { kind: "outOfRange"; min: number; max: number }
  | { kind: "email" }
  | { kind: "phone" }
  | { kind: "unknownField" };

export type CheckOptions = {
  /** Values a field accepts besides its options: a preset, last year's move-in years. */
  alsoAccepted?: Readonly<Record<string, readonly string[]>>;
};

/** One answer against its field's rules; null when it is acceptable. */
export function checkAnswer(
  field: FieldDefinition,
  value: string | readonly string[] | undefined,
  alsoAccepted: readonly string[] = [],
): AnswerProblem | null {
  const rules = fieldRules(field);
  const items = value === undefined ? [] : typeof value === "string" ? [value] : value;
  const present = items.filter((item) => item !== "");
  if (present.length === 0) return rules.required ? { kind: "missing" } : null;
  if (field.type === "checkboxes" && rules.options && present.length > rules.options.length)
    return { kind: "tooManyChoices", max: rules.options.length };
  if (present.some((item) => item.length > rules.maxLength)) return { kind: "tooLong", max: rules.maxLength };
  if (rules.options && present.some((item) => !rules.options!.includes(item) && !alsoAccepted.includes(item)))
    return { kind: "notAnOption" };
  const text = present[0]!;
  switch (field.type) {
    case "number": {
      if (!floatingPointNumber.test(text)) return { kind: "notANumber" };
      const number = Number(text);
      if (!Number.isFinite(number) || number < rules.min! || number > rules.max!)
        return { kind: "outOfRange", min: rules.min!, max: rules.max! };
      return null;
    }
    case "email":
      return emailShape.test(text) ? null : { kind: "email" };
    case "tel":
      return phoneShape.test(text) ? null : { kind: "phone" };
    default:
      return null;
  }
}

/**
 * Every answer of a submission against its form: a problem per field name,
 * empty when all are acceptable. `names` are the submitted field names; any
 * that is neither the form's nor reserved is refused.
 */
export function checkAnswers(
  definition: FormDefinition,
  values: LeadValues,
  names: Iterable<string>,
  reserved: readonly string[],
  options: CheckOptions = {},
): Record<string, AnswerProblem> {
  const problems: Record<string, AnswerProblem> = {};
  const fields = definition.sections.flatMap((section) => section.fields);
  for (const field of fields) {
    const accepted = [
      ...(options.alsoAccepted?.[field.name] ?? []),
      ...(field.name === definition.presetField ? presetValues : []),
    ];
    const problem = checkAnswer(field, values[field.name], accepted);
    if (problem) problems[field.name] = problem;
  }
  const known = new Set([...fields.map((field) => field.name), ...reserved]);
  for (const name of names) if (!known.has(name)) problems[name] = { kind: "unknownField" };
  return problems;
}

/** The values openers preselect that are not options of the field (content/es/common.ts `presets`). */
export const presetValues: readonly string[] = ["Consulta general", "Consulta Venta"];
