import nodemailer, { type TransportOptions } from "nodemailer";

import { composeMail, type MailSite } from "../mail/mail.ts";
import type { VisitLang } from "./pick-page.ts";
import { offerWords } from "./visit-words.ts";

/** One e-mail of the visits, to any address, with an optional invitation (decision 0039). */
export type VisitMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: { name: string; address: string };
  /** `visita.ics`, sent as text/calendar with its METHOD (RFC 6047) and attached. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
};

export type VisitMailer = (mail: VisitMail) => Promise<void>;

export function smtpVisitMailer(smtpUrl: string): VisitMailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as TransportOptions);
  return async (mail) => {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.calendar
        ? {
            icalEvent: {
              method: mail.calendar.method.toLowerCase(),
              filename: "visita.ics",
              content: mail.calendar.content,
            },
          }
        : {}),
    });
  };
}

/** The offer to a lead who left an address: the windows and the link, in the lead's language. */
export function composeOfferMail(
  site: MailSite,
  offer: { to: string; lang: VisitLang; link: string; windows: string[] },
): VisitMail {
  const words = offerWords[offer.lang];
  const mail = composeMail(site, {
    subject: words.subject(site.businessName),
    blocks: [
      { paragraph: words.intro },
      { list: offer.windows },
      { paragraph: { text: words.pick, href: offer.link } },
    ],
  });
  return { ...mail, to: [offer.to] };
}
