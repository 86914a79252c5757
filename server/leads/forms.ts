import type { SiteConfig } from "../../app/config/site-config.ts";
import { expressOnlineForm } from "../../app/features/leads/forms/express-online.ts";
import { offPlanForm } from "../../app/features/leads/forms/off-plan.ts";
import { modalForms } from "../../app/features/leads/forms/registry.ts";
import { allFields, type FormDefinition, type LeadValues } from "../../app/features/leads/forms/types.ts";
import type { Contact } from "./storage/lead-store.ts";

/**
 * The forms the service accepts, by the id in the submit URL: the app's own
 * definitions (never a second list of fields). The off-plan form keeps the
 * spec's path, SITE_OFFPLAN_FORM_ID; the others use their app id.
 */
export type ServiceForm = {
  definition: FormDefinition;
  /** WhatsApp forms hand the message to WhatsApp; the off-plan form is answered by the owner instead. */
  handsOffToWhatsApp: boolean;
  /** Values accepted besides the definition's options (a page built in another year). */
  alsoAccepted?: Record<string, readonly string[]>;
};

export type ServiceForms = (formId: string) => ServiceForm | undefined;

const whatsappDefinitions: readonly FormDefinition[] = [...Object.values(modalForms), expressOnlineForm];

/** Every form id the service accepts: the WhatsApp forms' app ids, then the off-plan form's. */
export function serviceFormIds(site: Pick<SiteConfig, "offPlanFormId">): string[] {
  return [...whatsappDefinitions.map((definition) => definition.id), site.offPlanFormId];
}

export function serviceForms(
  site: Pick<SiteConfig, "offPlanFormId">,
  now: () => Date = () => new Date(),
): ServiceForms {
  const whatsappForms = new Map<string, FormDefinition>(
    whatsappDefinitions.map((definition) => [definition.id, definition]),
  );
  return (formId) => {
    if (formId === site.offPlanFormId) {
      const year = now().getFullYear();
      return {
        definition: offPlanForm(year),
        handsOffToWhatsApp: false,
        alsoAccepted: moveYearsAround(year),
      };
    }
    const definition = whatsappForms.get(formId);
    return definition && { definition, handsOffToWhatsApp: true };
  };
}

/**
 * The move-in years a page may offer: one built last December is still open in
 * January, and a visitor whose clock is already in next year sees next year's list.
 */
function moveYearsAround(year: number): Record<string, readonly string[]> {
  const field = "cuando_mudarse";
  const optionsIn = (other: number) =>
    allFields(offPlanForm(other)).find((candidate) => candidate.name === field)?.options ?? [];
  return { [field]: [...optionsIn(year - 1), ...optionsIn(year + 1)] };
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
