import type { FormDefinition } from "#app/features/leads/forms/types.ts";
import { leadPath } from "#app/features/inbox/paths.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { composeMail, isPlainAddress, oneLine, siteLink, type Mail, type MailSite } from "../../mail/mail.ts";
import type { Lead } from "../../storage/store.ts";
import { answersOf, handoffText, originFactsForMail } from "./answers.ts";

export { isPlainAddress, smtpSender, type MailSender as EmailSender } from "../../mail/mail.ts";
/** Every e-mail has the same shape (server/mail/mail.ts). */
export type LeadEmail = Mail;

/**
 * The owner's e-mail for one lead: From the name published now at the site's
 * own address, Reply-To the visitor (so "Reply" writes to them), a Spanish
 * subject naming the form and the person, every answer with its label, and a
 * link to the lead in the inbox. Laid out and escaped by the mail module.
 */
export function composeLeadEmail(lead: Lead, definition: FormDefinition, site: MailSite): LeadEmail {
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
  const email = lead.contact.email?.trim() ?? "";
  return composeMail(site, {
    subject: `Nueva ${heading} de ${name}`,
    ...(isPlainAddress(email) ? { replyTo: { name, address: email } } : {}),
    blocks: [
      { paragraph: `Nueva ${heading} en el sitio.` },
      { table: answers.map((answer) => [answer.label, answer.value] as const) },
      { rule: true },
      { table: facts },
      { paragraph: { text: "Verla en la bandeja", href: siteLink(site, leadPath(lead.id)) } },
    ],
  });
}
