import type { Lang } from "../../../site-map.ts";
import { salePropertyTypes } from "./options.ts";
import { presetValues } from "./rules.ts";
import type { FieldDefinition, FormDefinition } from "./types.ts";

/**
 * A form definition in the visitor's language. There is one definition per
 * form, written in Spanish; the English form shows the English of each text
 * (content/en/lead-forms.ts) but keeps the field names and the stored values,
 * so the service, the inbox and the e-mail read every lead the same way. Its
 * WhatsApp message is English too, and says the visitor prefers English.
 */
/** What a language's forms resources provide (content/{lang}/lead-forms.ts). */
export type FormWords = {
  translateFieldText: (text: string) => string | undefined;
  messageOpening: (heading: string) => string;
};

export function localizeForm(definition: FormDefinition, lang: Lang, words: FormWords): FormDefinition {
  if (lang === "es") return definition;
  // The same object every time: the form's effects (saved answers) depend on it.
  let localized = english.get(definition);
  if (!localized) english.set(definition, (localized = translate(definition, words)));
  return localized;
}

const english = new WeakMap<FormDefinition, FormDefinition>();

function translate(definition: FormDefinition, words: FormWords): FormDefinition {
  const say = (text: string) => words.translateFieldText(text) ?? text;
  const heading = say(definition.messageHeading);
  return {
    ...definition,
    title: say(definition.title),
    ...(definition.description ? { description: say(definition.description) } : {}),
    messageHeading: heading,
    messageOpening: words.messageOpening(heading),
    sections: definition.sections.map((section) => ({
      title: say(section.title),
      fields: section.fields.map((field) => localizeField(field, say, definition.presetField === field.name)),
    })),
  };
}

function localizeField(
  field: FieldDefinition,
  say: (text: string) => string,
  takesPreset: boolean,
): FieldDefinition {
  // A free-text field that takes a preset (the property type of /tasar-propiedades) shows it translated.
  const presets = takesPreset ? [...presetValues, ...(field.type === "text" ? salePropertyTypes : [])] : [];
  const labels = Object.fromEntries(
    [...(field.options ?? []), ...presets]
      .map((value) => [value, say(value)])
      .filter(([value, label]) => label !== value),
  );
  return {
    ...field,
    label: say(field.label),
    ...(field.help ? { help: say(field.help) } : {}),
    ...(field.placeholder ? { placeholder: say(field.placeholder) } : {}),
    ...(Object.keys(labels).length > 0 ? { optionLabels: labels } : {}),
    message: { ...field.message, ...(field.message.label ? { label: say(field.message.label) } : {}) },
  };
}
