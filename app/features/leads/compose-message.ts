import type { FieldDefinition, FormDefinition, LeadValues } from "./forms/types.ts";

/**
 * Turns any form's values into the WhatsApp message: a greeting naming the
 * request, then one emoji-labelled line per answered field, a blank line
 * between sections. Fields left empty are omitted, so no label is ever sent
 * without a value. Text is copied as typed (only the edges are trimmed and
 * Windows line breaks, which form submission produces, become "\n").
 */
export function composeMessage(definition: FormDefinition, values: LeadValues): string {
  const blocks = definition.sections
    .map((section) => section.fields.flatMap((field) => line(field, values[field.name])))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join("\n"));
  return [`Hola, quiero hacer una ${definition.messageHeading}.`, ...blocks].join("\n\n");
}

function line(field: FieldDefinition, value: string | readonly string[] | undefined): string[] {
  const text = valueText(value);
  if (!text) return [];
  const label = field.message.label ?? field.label;
  return [`${field.message.emoji} ${label}: ${text}${field.unit ? ` ${field.unit}` : ""}`];
}

function valueText(value: string | readonly string[] | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return normalise(value);
  return value.map(normalise).filter(Boolean).join(", ");
}

function normalise(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
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
