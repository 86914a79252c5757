import type { FieldDefinition, FormDefinition } from "../forms/types.ts";

/**
 * What the page's island needs of a form definition to compose the message,
 * record the lead and keep the answers: the ids, the message's words and each
 * field's name, type and labels. The texts the form already shows (titles,
 * help, placeholders) stay out, so the HTML carries no second copy of them.
 * The prerender writes it into the form (`data-definition`); the island reads
 * it back and runs the same composer, so the message comes from one definition.
 */
export function islandDefinition(definition: FormDefinition): FormDefinition {
  return {
    id: definition.id,
    title: "",
    messageHeading: definition.messageHeading,
    ...(definition.messageOpening ? { messageOpening: definition.messageOpening } : {}),
    ...(definition.presetField ? { presetField: definition.presetField } : {}),
    sections: definition.sections.map((section) => ({ title: "", fields: section.fields.map(islandField) })),
  };
}

function islandField(field: FieldDefinition): FieldDefinition {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    ...(field.optionLabels ? { optionLabels: field.optionLabels } : {}),
    ...(field.unit ? { unit: field.unit } : {}),
    message: field.message,
  };
}
