import type { SiteConfig } from "#app/config/site-config.ts";
import { formWords as englishWords } from "#app/content/en/form-words.ts";
import { formWords as spanishWords } from "#app/content/es/form-words.ts";
import { allForms } from "#app/features/leads/forms/all-forms.ts";
import {
  catalogueEntry,
  formCatalogue,
  formIds,
  serviceFormId,
} from "#app/features/leads/forms/catalogue.ts";
import { localizeForm, type FormWords } from "#app/features/leads/forms/localize.ts";
import type { TowerList } from "#app/features/leads/forms/options.ts";
import { allFields, type FormDefinition, type LeadValues } from "#app/features/leads/forms/types.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { towers as installedTowers } from "#app/content/towers.ts";
import type { Lang } from "#app/site-map.ts";
import type { Contact } from "../storage/store.ts";

/**
 * The forms the service accepts, by the id in the submit URL: the app's own
 * definitions (never a second list of fields), built from the configuration
 * the service was started with. The off-plan form keeps the spec's path,
 * SITE_OFFPLAN_FORM_ID; the others use their app id.
 */
export type ServiceForm = {
  definition: FormDefinition;
  /** The definition as a page in that language shows it (its labels, its message). */
  inLanguage: (lang: Lang) => FormDefinition;
  /** WhatsApp forms hand the message to WhatsApp; the off-plan form is answered by the owner instead. */
  handsOffToWhatsApp: boolean;
  /** Values accepted besides the definition's options (a page built in another year, or before a publication). */
  alsoAccepted?: Record<string, readonly string[]>;
};

export type ServiceForms = (formId: string) => ServiceForm | undefined;

/** What the service needs of the site's configuration to build its forms. */
export type FormsConfig = Pick<SiteConfig, "offPlanFormId" | "deliveryHours">;

/** Every form id the service accepts, in the catalogue's order (forms/catalogue.ts). */
export function serviceFormIds(site: Pick<SiteConfig, "offPlanFormId">): string[] {
  return formIds.map((id) => serviceFormId(id, site));
}

/**
 * The towers the forms list (the published ones) and the towers a page still
 * open in some browser may name: the catalogue's, retired ones included, and
 * those of earlier published versions (server/site/published-site.ts, decision 0025).
 */
export type FormTowers = { listed: TowerList; known: TowerList };

/** The deployment's own towers, before anything is published (the service's tests, the benches). */
export const installedFormTowers: FormTowers = { listed: installedTowers, known: catalogueTowers };

export function serviceForms(
  site: FormsConfig,
  towers: FormTowers,
  now: () => Date = () => new Date(),
): ServiceForms {
  const words: Record<Lang, FormWords> = { es: spanishWords(), en: englishWords(site) };
  const byServiceId = new Map(formIds.map((id) => [serviceFormId(id, site), id]));
  // Built once for each year asked (this one and its neighbours): the off-plan form's move-in
  // years follow the clock. The same definition objects every time, so their English twins are
  // made once (localize.ts keeps them); only the last few years are kept.
  const built = new Map<number, ReturnType<typeof allForms>>();
  const formsOf = (year: number) => {
    let forms = built.get(year);
    if (!forms) {
      forms = allForms(site, year, towers.listed);
      built.set(year, forms);
      if (built.size > 4) built.delete(built.keys().next().value!);
    }
    return forms;
  };
  // The same forms listing every tower a visitor may still have on screen: their names are
  // accepted, never offered (a lead from a page of the version just replaced is stored).
  const withKnownTowers = allForms(site, now().getFullYear(), towers.known);
  return (formId) => {
    const id = byServiceId.get(formId);
    if (!id) return undefined;
    const year = now().getFullYear();
    const definition = formsOf(year)[id];
    const others = [
      withKnownTowers[id],
      ...(catalogueEntry(id).yearsFollowTheBuild ? [formsOf(year - 1)[id], formsOf(year + 1)[id]] : []),
    ];
    const alsoAccepted = optionsChangedIn(definition, others);
    return {
      definition,
      inLanguage: (lang) => localizeForm(definition, lang, words[lang]),
      handsOffToWhatsApp: formCatalogue[id].handoff === "whatsapp",
      ...(Object.keys(alsoAccepted).length > 0 ? { alsoAccepted } : {}),
    };
  };
}

/**
 * The options a page built in another year may offer (the move-in years): one
 * built last December is still open in January, and a visitor whose clock is
 * already in next year sees next year's list. Only fields whose options change.
 */
function optionsChangedIn(
  definition: FormDefinition,
  others: FormDefinition[],
): Record<string, readonly string[]> {
  const current = new Map(allFields(definition).map((field) => [field.name, field.options ?? []]));
  const accepted: Record<string, string[]> = {};
  for (const other of others)
    for (const field of allFields(other)) {
      const extra = (field.options ?? []).filter((option) => !current.get(field.name)?.includes(option));
      if (extra.length > 0) (accepted[field.name] ??= []).push(...extra);
    }
  return accepted;
}

/** The name, phone and e-mail of a lead, found by the fields' kinds (autocomplete name, tel, email). */
export function contactOf(definition: FormDefinition, values: LeadValues): Contact {
  const first = (match: (type: string, autoComplete?: string) => boolean) => {
    const field = allFields(definition).find((candidate) => match(candidate.type, candidate.autoComplete));
    const value = field && values[field.name];
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  return {
    name: first((_, autoComplete) => autoComplete === "name"),
    phone: first((type) => type === "tel"),
    email: first((type) => type === "email"),
  };
}
