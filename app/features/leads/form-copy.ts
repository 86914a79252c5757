import * as en from "../../content/en/lead-forms.ts";
import * as es from "../../content/es/lead-forms.ts";
import type { Translations } from "../../content/types.ts";
import { useLang } from "../../lib/lang.ts";
import type { Lang } from "../../site-map.ts";
import { localizeForm } from "./forms/localize.ts";
import type { FormDefinition } from "./forms/types.ts";

const translations: Translations<typeof es> = { es, en };

/** The forms' interface text in the page's language, and that language. */
export function useFormCopy(): Translations<typeof es>[Lang] & { lang: Lang } {
  const lang = useLang();
  return { ...translations[lang], lang };
}

/** A form definition in the page's language (see forms/localize.ts). */
export function useLocalForm(definition: FormDefinition): FormDefinition {
  return localizeForm(definition, useLang());
}
