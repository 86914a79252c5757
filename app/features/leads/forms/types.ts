import type { FormId } from "./catalogue.ts";

export type FieldType = "select" | "text" | "number" | "tel" | "email" | "textarea" | "checkboxes";

/** One input of a lead form: how it is rendered and how it reads in the message. */
export type FieldDefinition = {
  /** The field name of the spec: the form-data key and the key of the composed values. */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** The values stored and sent to the service: the same in every language. */
  options?: readonly string[];
  /**
   * What the visitor reads for each value (and for a preset), when it is not
   * the value itself: the English forms (see localize.ts).
   */
  optionLabels?: Readonly<Record<string, string>>;
  help?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
  /** Surfaces are typed as plain numbers and read with their unit in the message. */
  unit?: "m²";
  /** Longest answer; without it, the type's default (rules.ts). */
  maxLength?: number;
  /** Numbers: the accepted range; without it, 0 to 100,000 (rules.ts). */
  min?: number;
  max?: number;
  rows?: number;
  /** How the field reads in the WhatsApp message (label defaults to the field label). */
  message: { emoji: string; label?: string };
};

export type SectionDefinition = { title: string; fields: readonly FieldDefinition[] };

export type FormDefinition = {
  id: FormId;
  /** Visible title of the modal or the in-page form. */
  title: string;
  description?: string;
  /** What the message says it is, e.g. 'solicitud de tasación express'. */
  messageHeading: string;
  /** The message's first line, when the form speaks another language than Spanish ("Hello, …"). */
  messageOpening?: string;
  /** The field a LeadButton preset fills (tower, building or property type). */
  presetField?: string;
  sections: readonly SectionDefinition[];
};

/** What the visitor typed: one string per field, a list for checkbox groups. */
export type LeadValues = Record<string, string | readonly string[]>;

export function allFields(definition: FormDefinition): FieldDefinition[] {
  return definition.sections.flatMap((section) => section.fields);
}

/** What the visitor reads for a stored value (an option, a preset). */
export function optionLabel(field: FieldDefinition, value: string): string {
  return field.optionLabels?.[value] ?? value;
}
