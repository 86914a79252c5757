import {
  allFields,
  optionLabel,
  type FieldDefinition,
  type FormDefinition,
  type LeadValues,
} from "./forms/types.ts";

/**
 * Turns any form's values into the WhatsApp message: a greeting naming the
 * request, then one emoji-labelled line per answered field, a blank line
 * between sections. Fields left empty are omitted, so no label is ever sent
 * without a value. Text is copied as typed (only the edges are trimmed,
 * Windows line breaks, which form submission produces, become "\n", and
 * control characters are removed: see `normalise`).
 */
export function composeMessage(definition: FormDefinition, values: LeadValues): string {
  const clean = messageValues(definition, values);
  const blocks = definition.sections
    .map((section) => section.fields.flatMap((field) => line(field, clean[field.name]!)))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join("\n"));
  const opening = definition.messageOpening ?? `Hola, quiero hacer una ${definition.messageHeading}.`;
  return [opening, ...blocks].join("\n\n");
}

/**
 * The values exactly as the message carries them: every field of the
 * definition (and nothing else), text trimmed with "\n" line breaks, checkbox
 * groups as lists without empty items. What the lead service stores.
 */
export function messageValues(definition: FormDefinition, values: LeadValues): LeadValues {
  const clean: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    const value = values[field.name];
    clean[field.name] =
      field.type === "checkboxes"
        ? (typeof value === "string" ? [value] : (value ?? []))
            .map((item) => normalise(item, false))
            .filter(Boolean)
        : normalise(typeof value === "string" ? value : (value ?? []).join(", "), field.type === "textarea");
  }
  return clean;
}

/** A field's line, its values as the visitor read them (the English form's words in an English message). */
function line(field: FieldDefinition, value: string | readonly string[]): string[] {
  const text =
    typeof value === "string"
      ? optionLabel(field, value)
      : value.map((item) => optionLabel(field, item)).join(", ");
  if (!text) return [];
  const label = field.message.label ?? field.label;
  return [`${field.message.emoji} ${label}: ${text}${field.unit ? ` ${field.unit}` : ""}`];
}

/* eslint-disable no-control-regex -- matching control characters is the point */
/** C0 controls and DEL, except tab and line feed. */
const controlsButTabAndLineFeed = /[\0-\x08\x0b-\x1f\x7f]/g;
const tabsAndLineBreaks = /[\t\n]/g;
/* eslint-enable no-control-regex */

/**
 * Line breaks as "\n"; NUL and the other C0 control characters (and DEL)
 * removed, since no visitor types them and PostgreSQL cannot store a NUL. A
 * text area keeps its tabs and line breaks; a single-line answer turns them
 * into a space.
 */
export function normalise(text: string, multiline: boolean): string {
  let cleaned = text.replace(/\r\n?/g, "\n").replace(controlsButTabAndLineFeed, "");
  if (!multiline) cleaned = cleaned.replace(tabsAndLineBreaks, " ");
  return cleaned.trim();
}

/** Reads a submitted form into values, keyed by the definition's field names. */
export function readValues(definition: FormDefinition, data: FormData): LeadValues {
  const values: Record<string, string | string[]> = {};
  for (const section of definition.sections) {
    for (const field of section.fields) {
      const entries = data.getAll(field.name).filter((entry): entry is string => typeof entry === "string");
      values[field.name] = field.type === "checkboxes" ? entries : (entries[0] ?? "");
    }
  }
  return values;
}
