import * as en from "../../../content/en/lead-forms.ts";
import * as es from "../../../content/es/lead-forms.ts";
import type { Lang } from "../../../site-map.ts";
import { localizeForm, type FormWords } from "./localize.ts";
import type { FormDefinition } from "./types.ts";

const words: Record<Lang, FormWords> = { es, en };

/**
 * A form in either language, for the lead service (it answers in the language
 * of the page a form was posted from). The pages themselves take their
 * language's words from their layout, so a page's code carries one language.
 */
export function formInLanguage(definition: FormDefinition, lang: Lang): FormDefinition {
  return localizeForm(definition, lang, words[lang]);
}
