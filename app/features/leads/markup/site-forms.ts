import { site } from "../../../config/site.ts";
import * as en from "../../../content/en/lead-forms.ts";
import * as es from "../../../content/es/lead-forms.ts";
import { towers } from "../../../content/towers.ts";
import type { Lang } from "../../../site-map.ts";
import { expressOnlineFormFor } from "../forms/express-online.ts";
import { expressFormFor } from "../forms/express.ts";
import { localizeForm, type FormWords } from "../forms/localize.ts";
import type { FormDefinition } from "../forms/types.ts";

/**
 * The forms as this site's pages show them: the definitions that depend on the
 * configuration, built with the site's, and any form in either language. For
 * the pages, the build and the tests; the lead service builds its own from
 * the configuration it was started with (server/leads/forms.ts).
 */
export const expressForm = expressFormFor(site, towers);
export const expressOnlineForm = expressOnlineFormFor(site);

const words: Record<Lang, FormWords> = { es, en };

/** A form in either language (the pages take their language's words from their layout). */
export function formInLanguage(definition: FormDefinition, lang: Lang): FormDefinition {
  return localizeForm(definition, lang, words[lang]);
}
