import nodemailer, { type TransportOptions } from "nodemailer";

import type { FormDefinition } from "#app/features/leads/forms/types.ts";
import { escapeHtml } from "../pages.ts";
import type { Lead } from "../storage/lead-store.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { answersOf, handoffText, originFactsForMail } from "./answers.ts";

/**
 * The owner's e-mail for one lead: From the site's own address, Reply-To the
 * visitor (so "Reply" writes to them), a Spanish subject naming the form and
 * the person, and every answer with its label, as plain text and as escaped
 * HTML: what a visitor typed never becomes markup or a header.
 */
export type LeadEmail = {
  from: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
};

export function composeLeadEmail(
  lead: Lead,
  definition: FormDefinition,
  site: { businessName: string; email: string },
): LeadEmail {
  const name = oneLine(lead.contact.name ?? "") || "sin nombre";
  const heading = definition.messageHeading;
  const answers = answersOf(definition, lead.values);
  const facts: [string, string][] = [
    ["Recibida", `${buenosAiresTime(lead.receivedAt)} (hora de Buenos Aires)`],
    ["Formulario", `${definition.title} (${lead.formId})`],
    ["Página", lead.page ?? "desconocida"],
    ["WhatsApp", handoffText[lead.handoff]],
    ["Referencia", lead.id],
    ...originFactsForMail(lead.origin).map(({ label, value }): [string, string] => [label, value]),
  ];
  const intro = `Nueva ${heading} en el sitio.`;
  const text = [
    intro,
    "",
    ...answers.map((answer) => `${answer.label}: ${answer.value}`),
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`;
  const html = [
    `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${answers.map((answer) => row(answer.label, answer.value)).join("")}</table>`,
    `<hr><table>${facts.map(([label, value]) => row(label, value)).join("")}</table>`,
    `</body></html>`,
  ].join("\n");
  const email = lead.contact.email?.trim() ?? "";
  return {
    from: { name: site.businessName, address: site.email },
    ...(isPlainAddress(email) ? { replyTo: { name, address: email } } : {}),
    subject: `Nueva ${heading} de ${name}`.slice(0, 200),
    text,
    html,
  };
}

/**
 * One address, nothing else: no list, no display name, no angle brackets, no
 * line breaks, so a visitor cannot add recipients or headers through Reply-To.
 */
export function isPlainAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/.test(text);
}

function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

export type EmailSender = (email: LeadEmail) => Promise<void>;

export function smtpSender(smtpUrl: string, to: readonly string[]): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as TransportOptions);
  return async (email) => {
    await transport.sendMail({ ...email, to: [...to] });
  };
}
