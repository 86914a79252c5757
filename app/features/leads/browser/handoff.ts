import { formEvents } from "../../../lib/form-protocol.ts";
import { readPageSettings } from "../../../lib/page-settings.ts";
import { buildWhatsAppUrl } from "../../../lib/whatsapp.ts";
import { composeMessage } from "../compose-message.ts";
import type { FormId } from "../forms/catalogue.ts";
import type { FormDefinition, LeadValues } from "../forms/types.ts";
import { recordLead } from "./lead-service.ts";
import { forgetAnswers } from "./saved-answers.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function leadWhatsAppUrl(definition: FormDefinition, values: LeadValues): string {
  return buildWhatsAppUrl(readPageSettings().whatsappNumber, composeMessage(definition, values));
}

/**
 * Opens WhatsApp in a new tab. Must run synchronously inside the visitor's
 * submit: browsers refuse tabs opened after an await or a timer. Returns false
 * when the tab was refused, so the caller shows an "Abrir WhatsApp" link.
 * The "noopener" feature would make window.open return null even on success,
 * so the opener reference is dropped by hand instead.
 */
export function openWhatsApp(url: string): boolean {
  const tab = window.open(url, "_blank");
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // A cross-origin tab may refuse the write; it has no access to us anyway.
  }
  return true;
}

/**
 * A WhatsApp form's submit, in this order: the tab opens inside the click, the
 * lead is recorded with the service, the analytics event fires. Once the tab
 * opened the saved answers are forgotten; when it was refused they stay until
 * the visitor taps the "Abrir WhatsApp" link that carries them. `recorded`
 * settles once the service answered: false means only the WhatsApp message
 * carries the request, and the form says so.
 */
export function handOff(
  definition: FormDefinition,
  values: LeadValues,
  form: HTMLFormElement,
): { opened: boolean; url: string; recorded: Promise<boolean> } {
  const url = leadWhatsAppUrl(definition, values);
  const opened = openWhatsApp(url);
  const recorded = recordLead(definition, form, opened ? "tab-opened" : "tab-refused");
  pushLeadEvent(definition.id);
  // The visit counter counts the hand-off (app/features/insight/visit-beacon.ts).
  if (opened) document.dispatchEvent(new Event(formEvents.whatsapp));
  if (opened) forgetAnswers(definition.id);
  return { opened, url, recorded };
}

/** Analytics hook (decision 12): the form's id only, never what the visitor typed. */
export function pushLeadEvent(form: FormId): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: "generate_lead", form });
}
