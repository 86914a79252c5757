import { composeMail, type MailSite } from "../mail/mail.ts";
import type { VisitLang } from "./pick-page.ts";
import { visitWords } from "./visit-words.ts";

/**
 * One e-mail of the visits, to any address, with an optional invitation (decision 0039). Every
 * one leaves through the held mailer (held-mail.ts); the offer, which the owner waits for, with
 * nothing to hold.
 */
export type VisitMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: { name: string; address: string };
  /** `visita.ics`, sent as text/calendar with its METHOD (RFC 6047) and attached. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
};

/** The offer to a lead who left an address: the windows and the link, in the lead's language. */
export function composeOfferMail(
  site: MailSite,
  offer: { to: string; lang: VisitLang; link: string; windows: string[] },
): VisitMail {
  const words = visitWords[offer.lang].offer;
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
