import type { Feature } from "../platform/feature.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { PublishedSite } from "../site/published-site.ts";
import { inspectionVisitTables } from "../storage/inspection-visits.ts";
import type { VisitAgendaService } from "#app/features/visits/agenda-service.ts";
import { createAgendaService } from "./agenda-service.ts";
import { visitLinkPattern, visitLinkRoute, type VisitChange } from "./routes.ts";
import { createVisitDesk, type VisitDesk } from "./visit-desk.ts";
import { createVisitNotices } from "./visit-notices.ts";
import { composeOfferMail, smtpVisitMailer, type VisitMailer } from "./visit-mail.ts";

/**
 * The inspection visit (decision 0039), registered with the platform (decision 0038): its
 * tables (offers, visits, reminders, the agenda), the client's link `/visita/<token>`, and the
 * desk the inbox offers windows through.
 */
export const visitsFeature: Feature<
  {
    config: Pick<ServiceConfig, "rateLimitPerMinute" | "trustedProxies"> &
      Partial<Pick<ServiceConfig, "smtp">>;
    published: () => Pick<PublishedSite, "site">;
    stylesheets: readonly string[];
    onChange?: (change: VisitChange) => Promise<void> | void;
    /** How the visits' e-mails leave (tests give their own); SMTP_URL's when absent. */
    mailer?: VisitMailer;
    /** Where the owner's copies go when a test gives its own mailer (SMTP's LEADS_NOTIFY_TO otherwise). */
    ownerAddresses?: readonly string[];
  },
  { desk: VisitDesk; agenda: VisitAgendaService }
> = {
  name: "Visitas",
  tables: inspectionVisitTables,
  async start(platform, needs) {
    const desk = createVisitDesk({ store: platform.store, now: platform.now });
    const smtp = needs.config.smtp;
    const mailer = needs.mailer ?? (smtp ? smtpVisitMailer(smtp.url) : undefined);
    const site = () => needs.published().site;
    const agenda = createAgendaService({
      desk,
      store: platform.store,
      site,
      now: platform.now,
      mailOffer: mailer && ((offer) => mailer(composeOfferMail(site(), offer))),
    });
    const notices =
      mailer &&
      createVisitNotices({
        store: platform.store,
        mailer,
        owner: smtp?.to ?? needs.ownerAddresses ?? [],
        site,
      });
    return {
      desk,
      agenda,
      inboxPages: ["/bandeja/agenda", "/bandeja/consulta/:id/visita"],
      emails: [
        "Elegí el horario de la visita",
        "Visita confirmada",
        "Visita reprogramada",
        "Visita cancelada",
      ],
      routes: [
        {
          path: visitLinkPattern,
          handle: visitLinkRoute({
            desk,
            config: needs.config,
            store: platform.store,
            site: () => needs.published().site,
            stylesheets: needs.stylesheets,
            onChange: async (change) => {
              await notices?.(change);
              await needs.onChange?.(change);
            },
          }),
        },
      ],
    };
  },
};
