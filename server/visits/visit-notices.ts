import { composeMail, type MailSite } from "../mail/mail.ts";
import type { Handles } from "../storage/store.ts";
import { visitAddress, visitInvitation } from "./invitation.ts";
import { windowText, type VisitLang } from "./pick-page.ts";
import type { VisitChange } from "./routes.ts";
import { visitLinkPath } from "./routes.ts";
import type { VisitProperty } from "./visit-desk.ts";
import type { VisitMailer } from "./visit-mail.ts";
import { buildingLines, buildingWords, type BuildingAccess } from "./building-access.ts";

const subjects = {
  es: { confirmed: "Visita confirmada", rescheduled: "Visita reprogramada", cancelled: "Visita cancelada" },
  en: { confirmed: "Visit confirmed", rescheduled: "Visit rescheduled", cancelled: "Visit cancelled" },
} as const;

/**
 * Each confirmation, change and cancellation e-mails the owner (SMTP's LEADS_NOTIFY_TO) and the
 * client when the lead left an address, each with `visita.ics` (decision 0039). The pick is
 * already committed: a failed e-mail is logged, never turned into a refusal of the pick.
 */
export function createVisitNotices(options: {
  store: Handles<"leads" | "inspectionVisits">;
  mailer: VisitMailer;
  owner: readonly string[];
  site: () => MailSite;
  /** A published building's access by the tower the visit names (the site's door). */
  buildingAccess?: (tower: string) => BuildingAccess | undefined;
  log?: (line: string) => void;
}) {
  const log = options.log ?? ((line: string) => console.error(line));
  return async function notify(change: VisitChange): Promise<void> {
    try {
      const site = options.site();
      const lead = await options.store.leads.get(change.visit.leadId);
      const offer = await options.store.inspectionVisits.offerOfVisit(change.visit.id);
      const lang: VisitLang = offer?.lang === "en" ? "en" : "es";
      // Without the client's link (the owner ended the visit from the inbox), the site's address.
      const link = change.token
        ? `${site.siteUrl.replace(/\/+$/, "")}${visitLinkPath(change.token)}`
        : site.siteUrl;
      const clientName = lead?.contact.name?.trim() || (lang === "es" ? "Cliente" : "Client");
      const email = lead?.contact.email?.trim() || undefined;
      const tower = (change.visit.property as VisitProperty).tower?.trim() ?? "";
      const building = tower ? options.buildingAccess?.(tower) : undefined;
      const calendar = visitInvitation(
        change.visit,
        {
          business: { name: site.businessName, email: site.email, siteUrl: site.siteUrl },
          client: { name: clientName, email },
        },
        { lang, link, building },
      );
      const when = windowText(lang, change.visit);
      const where = visitAddress(lang, change.visit.property as VisitProperty);
      const compose = (mailLang: VisitLang, to: readonly string[]) => ({
        ...composeMail(site, {
          subject: `${subjects[mailLang][change.kind]}: ${windowText(mailLang, change.visit)}`,
          blocks: [
            {
              table: [
                [
                  mailLang === "es" ? "Cuándo" : "When",
                  `${mailLang === "es" ? windowText("es", change.visit) : when} (${mailLang === "es" ? "hora de Buenos Aires" : "Buenos Aires time"})`,
                ],
                [mailLang === "es" ? "Dónde" : "Where", where],
                [mailLang === "es" ? "Cliente" : "Client", clientName],
                ...(building
                  ? [
                      [
                        buildingWords[mailLang].heading,
                        buildingLines(mailLang, building, { withPhone: true }).join(" "),
                      ] as [string, string],
                    ]
                  : []),
              ],
            },
            ...(change.token
              ? [{ paragraph: { text: mailLang === "es" ? "Ver la visita" : "See the visit", href: link } }]
              : []),
          ],
        }),
        to: [...to],
        calendar,
      });
      if (options.owner.length > 0) await options.mailer(compose("es", options.owner));
      if (email) await options.mailer(compose(lang, [email]));
    } catch (error) {
      log(
        `Visitas: no se pudo enviar el aviso de la visita (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  };
}
