import type { Feature } from "../platform/feature.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { PublishedSite } from "../site/published-site.ts";
import { inspectionVisitTables } from "../storage/inspection-visits.ts";
import type { VisitAgendaService } from "#app/features/visits/agenda-service.ts";
import { createAgendaService } from "./agenda-service.ts";
import { visitLinkPattern, visitLinkRoute } from "./routes.ts";
import { createVisitDesk, type VisitDesk } from "./visit-desk.ts";
import { composeOfferMail } from "./visit-mail.ts";
import { smtpHeldMailer, type HeldMailer } from "./held-mail.ts";
import { createReminderJob, pollReminders, type ReminderJob } from "./reminders.ts";
import { calendarFeedPattern, createCalendarFeed } from "./calendar-feed.ts";
import { visitorTimePath, visitorTimeScript } from "./visitor-time.ts";

/** The reminders' job, as the owner's log names it. */
export const reminderJobName = "Recordatorios de visitas";

/**
 * The inspection visit (decision 0039), registered with the platform (decision 0038): its
 * tables (offers, visits, reminders, the agenda), the client's link `/visita/<token>`, and the
 * desk the inbox offers windows through.
 */
export const visitsFeature: Feature<
  {
    config: Pick<ServiceConfig, "rateLimitPerMinute" | "trustedProxies"> &
      Partial<Pick<ServiceConfig, "smtp">>;
    /** The published site (the site's door): its facts, and each building's access (decision 0044). */
    published: () => Pick<PublishedSite, "site" | "buildingAccess">;
    stylesheets: readonly string[];
    /**
     * How the visits' e-mails leave (tests give their own), their mark held before the
     * message's end: SMTP_URL's when absent.
     */
    mailer?: HeldMailer;
    /** Where the owner's copies go when a test gives its own mailer (SMTP's LEADS_NOTIFY_TO otherwise). */
    ownerAddresses?: readonly string[];
  },
  { desk: VisitDesk; agenda: VisitAgendaService; reminders: ReminderJob | undefined }
> = {
  name: "Visitas",
  tables: inspectionVisitTables,
  async start(platform, needs) {
    const desk = createVisitDesk({ store: platform.store, now: platform.now });
    const smtp = needs.config.smtp;
    const mailer = needs.mailer ?? (smtp ? smtpHeldMailer(smtp.url) : undefined);
    const site = () => needs.published().site;
    const buildingAccess = (tower: string) => needs.published().buildingAccess(tower);
    const feed = createCalendarFeed({
      store: platform.store,
      config: needs.config,
      site,
      buildingAccess,
      now: platform.now,
    });
    const owner = smtp?.to ?? needs.ownerAddresses ?? [];
    // Every e-mail of a visit (its notices, the reminders, the owner's day) is a durable job
    // (decisions 0041, 0046). Without SMTP they wait in the database and go once SMTP_URL is set,
    // or are dropped when their visit is over; WhatsApp reminders are in the owner's list either way.
    const reminders =
      mailer &&
      createReminderJob({ store: platform.store, mailer, owner, site, buildingAccess, now: platform.now });
    const poll = reminders && pollReminders(platform.jobs, reminders, reminderJobName);
    const agenda = createAgendaService({
      feed,
      desk,
      store: platform.store,
      site,
      now: platform.now,
      buildingAccess,
      // The owner waits for the offer: it is sent while she does, with nothing to hold.
      mailOffer: mailer && ((offer) => mailer(composeOfferMail(site(), offer), async () => {})),
      onNotices: () => poll?.nudge(),
    });
    return {
      desk,
      agenda,
      reminders,
      jobs: [reminderJobName],
      close: async () => {
        poll?.stop();
        await poll?.idle();
      },
      inboxPages: ["/bandeja/agenda", "/bandeja/consulta/:id/visita"],
      emails: [
        "Elegí el horario de la visita",
        "Visita confirmada",
        "Visita reprogramada",
        "Visita cancelada",
        "Recordatorio de la visita",
        "Tus visitas de hoy",
      ],
      routes: [
        { path: calendarFeedPattern, handle: feed.route },
        {
          path: visitorTimePath,
          handle: async (request, response) => {
            response
              .writeHead(200, {
                "Content-Type": "text/javascript; charset=utf-8",
                "Content-Length": Buffer.byteLength(visitorTimeScript),
                "Cache-Control": "public, max-age=3600",
              })
              .end(request.method === "HEAD" ? undefined : visitorTimeScript);
          },
        },
        {
          path: visitLinkPattern,
          handle: visitLinkRoute({
            desk,
            config: needs.config,
            store: platform.store,
            site: () => needs.published().site,
            buildingAccess,
            stylesheets: needs.stylesheets,
            onNotices: () => poll?.nudge(),
          }),
        },
      ],
    };
  },
};
