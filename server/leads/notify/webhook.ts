import { createHmac } from "node:crypto";

import type { FormDefinition } from "#app/features/leads/forms/types.ts";
import type { Lead } from "../../storage/store.ts";
import { answersOf } from "./answers.ts";

/**
 * The optional webhook (LEADS_WEBHOOK_URL): a JSON body, signed so the
 * receiver can tell it came from this service and was not replayed later:
 *   X-Leads-Timestamp: Unix seconds
 *   X-Leads-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}" with LEADS_WEBHOOK_SECRET>
 */
export const signatureHeader = "X-Leads-Signature";
export const timestampHeader = "X-Leads-Timestamp";

export function webhookBody(lead: Lead, definition: FormDefinition): string {
  return JSON.stringify({
    event: "lead.received",
    lead: {
      id: lead.id,
      receivedAt: lead.receivedAt.toISOString(),
      formId: lead.formId,
      form: definition.title,
      page: lead.page,
      handoff: lead.handoff,
      contact: lead.contact,
      answers: answersOf(definition, lead.values),
      values: lead.values,
    },
  });
}

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type WebhookSender = (body: string) => Promise<void>;

export function webhookSender(
  url: string,
  secret: string,
  now: () => Date = () => new Date(),
): WebhookSender {
  return async (body) => {
    const timestamp = Math.floor(now().getTime() / 1000);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        [timestampHeader]: String(timestamp),
        [signatureHeader]: webhookSignature(secret, timestamp, body),
      },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`el webhook respondió ${response.status}`);
  };
}
