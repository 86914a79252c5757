import { allFields, type FormDefinition, type LeadValues } from "#app/features/leads/forms/types.ts";
import { campaignLabel } from "../origin.ts";
import type { LeadOrigin } from "../../storage/store.ts";
import type { HandoffOutcome } from "../../storage/schema.ts";

/** One answered field, labelled as the form shows it (labels from the definition, never a second list). */
export type Answer = { field: string; label: string; value: string };

export function answersOf(definition: FormDefinition, values: LeadValues): Answer[] {
  return allFields(definition).flatMap((field) => {
    const raw = values[field.name];
    const value = (typeof raw === "string" ? [raw] : (raw ?? []))
      .map((item) => item.trim())
      .filter(Boolean)
      .join(", ");
    return value ? [{ field: field.name, label: field.label, value }] : [];
  });
}

export const handoffText: Record<HandoffOutcome, string> = {
  "tab-opened": "se abrió WhatsApp con el mensaje (no sabemos si lo envió)",
  "tab-refused": "el navegador bloqueó la pestaña de WhatsApp",
  "no-script": "enviado sin JavaScript (página de gracias con el enlace a WhatsApp)",
  "not-applicable": "formulario sin WhatsApp",
};

/**
 * A lead's origin in words, the same in the e-mail, the inbox and the CSV (decision 0016):
 * one label and value per part, "—" for what is not known.
 */
export function originFacts(origin: LeadOrigin): { label: string; value: string }[] {
  const known = (value: string | null) => value ?? "—";
  return [
    { label: "Página de llegada", value: known(origin.landing) },
    {
      label: "Sitio de procedencia",
      value: origin.landing && !origin.referrer ? "directo o desconocido" : known(origin.referrer),
    },
    { label: "utm_source", value: known(origin.utmSource) },
    { label: "utm_medium", value: known(origin.utmMedium) },
    { label: "utm_campaign", value: known(origin.utmCampaign) },
    { label: "Idioma", value: origin.lang === "en" ? "inglés" : origin.lang === "es" ? "español" : "—" },
    {
      label: "Dispositivo",
      value: origin.device === "phone" ? "teléfono" : origin.device === "computer" ? "computadora" : "—",
    },
  ];
}

/**
 * A host's name as an e-mail shows it: each "." a one-dot leader (U+2024), which looks the same but
 * makes no mail program turn it into a link (decision 0017).
 */
export const unlinkable = (name: string) => name.replaceAll(".", "\u2024");

/**
 * A lead's origin as the owner's e-mail shows it: the campaign parameters as short plain labels and
 * the referring host unlinkable, so a crafted address cannot put a sentence or a link in a mail
 * sent from the site's own address. The lead's page and the CSV show what was stored.
 */
export function originFactsForMail(origin: LeadOrigin): { label: string; value: string }[] {
  const label = (value: string | null) => (value === null ? null : campaignLabel(value) || null);
  return originFacts({
    ...origin,
    referrer: origin.referrer && unlinkable(origin.referrer),
    utmSource: label(origin.utmSource),
    utmMedium: label(origin.utmMedium),
    utmCampaign: label(origin.utmCampaign),
  });
}
