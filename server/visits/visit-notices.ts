import { composeMail, type MailSite } from "../mail/mail.ts";
import type { Contact } from "../storage/store.ts";
import { buildingRow, type BuildingAccess } from "./building-access.ts";
import { visitAddress, visitInvitation } from "./invitation.ts";
import { windowText, type VisitLang } from "./pick-page.ts";
import { visitLinkPath } from "./routes.ts";
import type { InspectionVisit, VisitProperty } from "./visit-desk.ts";
import type { VisitMail } from "./visit-mail.ts";
import { visitWords } from "./visit-words.ts";

/**
 * What a visit's notice tells, read from the visit as it is now (decision 0046): a later change
 * replaced the earlier notices in its own transaction, so the newest state is the one to tell.
 * A visit done or missed has nothing to announce.
 */
export function noticeKind(visit: InspectionVisit): "confirmed" | "rescheduled" | "cancelled" | undefined {
  if (visit.state === "confirmed") return visit.sequence === 0 ? "confirmed" : "rescheduled";
  // Rescheduled by the owner from the inbox: this visit is off the calendars; new times come as a new offer.
  if (visit.state === "cancelled" || visit.state === "rescheduled") return "cancelled";
  return undefined;
}

/**
 * A confirmation, change or cancellation for the owner (Spanish, to LEADS_NOTIFY_TO) or the client
 * (the lead's language, when the lead left an address), with `visita.ics` (decision 0039).
 * Undefined when there is no one to send it to or nothing to tell.
 */
export function composeVisitNotice(
  site: MailSite,
  notice: {
    visit: InspectionVisit;
    to: "owner" | "client";
    owner: readonly string[];
    contact: Contact | undefined;
    lang: VisitLang;
    /** The client's link token, when the change came through the link. */
    linkToken: string | null;
    building: BuildingAccess | undefined;
  },
): VisitMail | undefined {
  const { visit, lang, building } = notice;
  const kind = noticeKind(visit);
  const email = notice.contact?.email?.trim() || undefined;
  const to = notice.to === "owner" ? [...notice.owner] : email ? [email] : [];
  if (!kind || to.length === 0) return undefined;
  // Without the client's link (the owner ended the visit from the inbox), the site's address.
  const link = notice.linkToken
    ? `${site.siteUrl.replace(/\/+$/, "")}${visitLinkPath(notice.linkToken)}`
    : site.siteUrl;
  const clientName = notice.contact?.name?.trim() || visitWords[lang].notice.noName;
  const calendar = visitInvitation(
    visit,
    {
      business: { name: site.businessName, email: site.email, siteUrl: site.siteUrl },
      client: { name: clientName, email },
    },
    { lang, link, building },
  );
  const mailLang: VisitLang = notice.to === "owner" ? "es" : lang;
  const words = visitWords[mailLang].notice;
  const when = windowText(mailLang, visit);
  const where = visitAddress(lang, visit.property as VisitProperty);
  const mail = composeMail(site, {
    subject: `${words[kind]}: ${when}`,
    blocks: [
      {
        table: [
          [words.when, `${when} (${words.buenosAires})`],
          [words.where, where],
          [words.client, clientName],
          ...buildingRow(mailLang, building),
        ],
      },
      ...(notice.linkToken ? [{ paragraph: { text: words.see, href: link } }] : []),
    ],
  });
  return { ...mail, to, calendar };
}
