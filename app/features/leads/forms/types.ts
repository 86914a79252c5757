import type { FormId } from "./form-ids.ts";

export type FieldType = "select" | "text" | "number" | "tel" | "email" | "textarea" | "checkboxes";

/** One input of a lead form: how it is rendered and how it reads in the message. */
export type FieldDefinition = {
  /** The field name of the spec: the form-data key and the key of the composed values. */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  options?: readonly string[];
  help?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
  /** Surfaces are typed as plain numbers and read with their unit in the message. */
  unit?: "m²";
  maxLength?: number;
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
  /** The field a LeadButton preset fills (tower, building or property type). */
  presetField?: string;
  sections: readonly SectionDefinition[];
};

/** What the visitor typed: one string per field, a list for checkbox groups. */
export type LeadValues = Record<string, string | readonly string[]>;

export function allFields(definition: FormDefinition): FieldDefinition[] {
  return definition.sections.flatMap((section) => section.fields);
}
