import { readValues } from "../../app/features/leads/compose-message.ts";
import {
  allFields,
  type FieldDefinition,
  type FormDefinition,
  type LeadValues,
} from "../../app/features/leads/forms/types.ts";
import type { serviceAnswers } from "../../app/content/es/service-answers.ts";
import type { HandoffOutcome } from "./storage/schema.ts";

/**
 * Reads one posted form into what is stored: the definition's fields only
 * (anything else is ignored), each within its length limit, the required ones
 * present; plus the reserved fields `_page`, `_handoff` and the honeypot.
 */
export type Submission = {
  values: LeadValues;
  page: string | null;
  handoff: HandoffOutcome;
  /** The honeypot was filled: stored as spam, answered like any lead. */
  spam: boolean;
};

export type SubmissionResult =
  | { ok: true; submission: Submission; values: LeadValues }
  /** `values` are kept so a native post can still offer WhatsApp with everything typed. */
  | { ok: false; message: string; values: LeadValues };

export const honeypotField = "website";

/** Limits for fields whose definition sets none; generous for a person, tight for a flood. */
const defaultMaxLength: Record<FieldDefinition["type"], number> = {
  text: 200,
  email: 254,
  tel: 40,
  number: 20,
  select: 200,
  checkboxes: 200,
  textarea: 500,
};

export function maxLengthOf(field: FieldDefinition): number {
  return field.maxLength ?? defaultMaxLength[field.type];
}

export function readSubmission(
  definition: FormDefinition,
  data: FormData,
  options: {
    handsOffToWhatsApp: boolean;
    /** The messages in the language of the page the form was on. */
    words: Pick<typeof serviceAnswers, "tooLong" | "missing">;
  },
): SubmissionResult {
  // Browsers send line breaks as CRLF; the visitor typed (and maxlength counted) one character.
  const normalised = new FormData();
  for (const [name, value] of data)
    if (typeof value === "string") normalised.append(name, value.replace(/\r\n?/g, "\n"));
  const values = readValues(definition, normalised);

  const tooLong = allFields(definition).filter((field) => {
    const value = values[field.name] ?? "";
    const items = typeof value === "string" ? [value] : value;
    return items.some((item) => item.length > maxLengthOf(field)) || items.length > 50;
  });
  if (tooLong.length > 0) {
    const field = tooLong[0]!;
    return {
      ok: false,
      message: options.words.tooLong(field.label, maxLengthOf(field)),
      values,
    };
  }

  const spam = (normalised.get(honeypotField) ?? "") !== "";
  const missing = allFields(definition).filter((field) => field.required && isEmpty(values[field.name]));
  if (missing.length > 0 && !spam) {
    return {
      ok: false,
      message: options.words.missing(missing.map((field) => field.label)),
      values,
    };
  }

  const handoff = normalised.get("_handoff");
  return {
    ok: true,
    values,
    submission: {
      values,
      page: pagePath(normalised.get("_page")),
      handoff: !options.handsOffToWhatsApp
        ? "not-applicable"
        : handoff === "tab-opened" || handoff === "tab-refused"
          ? handoff
          : "no-script",
      spam,
    },
  };
}

function isEmpty(value: string | readonly string[] | undefined): boolean {
  if (value === undefined) return true;
  return typeof value === "string" ? value.trim() === "" : value.length === 0;
}

/** A site path such as /tasar-departamentos (no origin, no query), or nothing. */
export function pagePath(value: FormDataEntryValue | null | undefined): string | null {
  if (typeof value !== "string" || !/^\/[\w\-/.~%]{0,199}$/.test(value) || value.startsWith("//"))
    return null;
  return value;
}
