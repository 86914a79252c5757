import type { ScriptHandoff } from "../../../lib/lead-states.ts";
import { messageValues, readValues } from "../compose-message.ts";
import { tabOrigin } from "../../../lib/visit-origin.ts";
import { handoffField, honeypotField, originFields, pageField } from "../forms/reserved-fields.ts";
import type { FormDefinition } from "../forms/types.ts";
import { readPageSettings } from "../../../lib/page-settings.ts";
import { submitUrl } from "../service-url.ts";

/** The browser side of the lead service: a form's post, and the record of a WhatsApp hand-off. */

/**
 * Every form's post to the lead service, built in one place: the form's
 * answers as its definition reads them, where the visit began (kept in the
 * tab since landing, decision 0016), the page, the WhatsApp hand-off when
 * there was one, and the honeypot. A urlencoded body and an Accept header are
 * a "simple" cross-origin request (no preflight). Only call it with a service
 * (`submitUrl` not null).
 */
export function postLead(
  definition: FormDefinition,
  form: HTMLFormElement,
  options: { handoff?: ScriptHandoff; keepalive?: boolean; signal?: AbortSignal } = {},
): Promise<Response> {
  const url = submitUrl(definition.id, readPageSettings())!;
  const data = new FormData(form);
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(messageValues(definition, readValues(definition, data))))
    for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
  const origin = tabOrigin();
  if (origin)
    for (const [part, name] of Object.entries(originFields))
      body.append(name, origin[part as keyof typeof origin]);
  body.append(pageField, String(data.get(pageField) ?? window.location.pathname));
  if (options.handoff) body.append(handoffField, options.handoff);
  body.append(honeypotField, String(data.get(honeypotField) ?? ""));
  return fetch(url, {
    method: "POST",
    body,
    keepalive: options.keepalive,
    signal: options.signal,
    credentials: "omit",
    headers: { Accept: "application/json" },
  });
}

/**
 * Records a WhatsApp form's lead with the service. Called after window.open,
 * so it never delays the tab; keepalive lets it finish even if the page is
 * closed at once. Resolves to whether the service stored it (true without a
 * service: there is nothing to record), so the form can tell the visitor that
 * only the WhatsApp message carries the request.
 */
export async function recordLead(
  definition: FormDefinition,
  form: HTMLFormElement,
  outcome: ScriptHandoff,
): Promise<boolean> {
  if (!submitUrl(definition.id, readPageSettings())) return true;
  try {
    return (await postLead(definition, form, { handoff: outcome, keepalive: true })).ok;
  } catch {
    // Offline or refused: the lead travels only in the WhatsApp message.
    return false;
  }
}
