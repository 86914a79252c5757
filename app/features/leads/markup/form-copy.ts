import { useSiteCopy } from "../../../lib/site-copy.tsx";
import { localizeForm } from "../forms/localize.ts";
import type { FormDefinition } from "../forms/types.ts";

/** The forms' interface text in the page's language, and that language. */
export function useFormCopy() {
  const { lang, leadForms } = useSiteCopy();
  return { ...leadForms, lang };
}

/** A form definition in the page's language (see forms/localize.ts). */
export function useLocalForm(definition: FormDefinition): FormDefinition {
  const { lang, leadForms } = useSiteCopy();
  return localizeForm(definition, lang, leadForms);
}
