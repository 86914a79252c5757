import { visitBeaconPath } from "#app/lib/visit-beacon.ts";
import type { Feature } from "../platform/feature.ts";
import type { PublishedSite } from "../site/published-site.ts";
import { submitPath } from "./api.ts";
import type { ServiceConfig } from "./service-config.ts";
import { startLeadService, type LeadService } from "./service.ts";

/**
 * The leads, registered with the platform (decision 0038): the form endpoint, health and the
 * visit beacon under /api/, the outbox and the weekly summary as jobs, the owner's lead e-mail.
 * The off-site copy still starts inside the lead service (its thread is kicked by each stored
 * lead); it is named here among the jobs.
 */
export const leadsFeature: Feature<
  {
    config: ServiceConfig;
    published: () => PublishedSite;
    stylesheets: readonly string[];
  },
  { service: LeadService }
> = {
  name: "Consultas",
  async start(platform, needs) {
    const service = await startLeadService({
      ...needs,
      site: platform.site,
      jobs: platform.jobs,
      store: platform.store,
    });
    const api = service.api.handleApi;
    return {
      service,
      routes: [
        { path: "/api/health", handle: api },
        { path: visitBeaconPath, handle: api },
        { path: submitPath, handle: api },
      ],
      jobs: ["Avisos de leads", "Resumen semanal", "Copia fuera del servidor"],
      emails: ["Nueva consulta", "Resumen semanal"],
      close: () => service.close(),
    };
  },
};
