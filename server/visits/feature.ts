import type { Feature } from "../platform/feature.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { PublishedSite } from "../site/published-site.ts";
import { inspectionVisitTables } from "../storage/inspection-visits.ts";
import { visitLinkPattern, visitLinkRoute, type VisitChange } from "./routes.ts";
import { createVisitDesk, type VisitDesk } from "./visit-desk.ts";

/**
 * The inspection visit (decision 0039), registered with the platform (decision 0038): its
 * tables (offers, visits, reminders, the agenda), the client's link `/visita/<token>`, and the
 * desk the inbox offers windows through.
 */
export const visitsFeature: Feature<
  {
    config: Pick<ServiceConfig, "rateLimitPerMinute" | "trustedProxies">;
    published: () => Pick<PublishedSite, "site">;
    stylesheets: readonly string[];
    onChange?: (change: VisitChange) => Promise<void> | void;
  },
  { desk: VisitDesk }
> = {
  name: "Visitas",
  tables: inspectionVisitTables,
  async start(platform, needs) {
    const desk = createVisitDesk({ store: platform.store, now: platform.now });
    return {
      desk,
      routes: [
        {
          path: visitLinkPattern,
          handle: visitLinkRoute({
            desk,
            config: needs.config,
            store: platform.store,
            site: () => needs.published().site,
            stylesheets: needs.stylesheets,
            onChange: needs.onChange,
          }),
        },
      ],
    };
  },
};
