import type { Feature } from "../platform/feature.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import { followPublications, type PublishedSiteSource } from "./published-site.ts";
import { startSitePublishing } from "./site-publishing.ts";

type SitePublishing = Awaited<ReturnType<typeof startSitePublishing>>;

/**
 * The owner's publishing, registered with the platform (decision 0038): the editor and the
 * photos under /bandeja/sitio, the follower of published versions as a job, the publication's
 * e-mail. Started only where this server serves the site's pages (same origin).
 */
export const sitePublishingFeature: Feature<
  {
    config: ServiceConfig;
    env: Record<string, string | undefined>;
    installedBuildDir: string;
    published: PublishedSiteSource;
  },
  { publishing: SitePublishing }
> = {
  name: "Sitio",
  async start(platform, needs) {
    const publishing = await startSitePublishing({
      store: platform.store,
      config: needs.config,
      env: needs.env,
      installedBuildDir: needs.installedBuildDir,
      jobs: platform.jobs,
    });
    await followPublications(needs.published, publishing.publisher, platform.store.siteVersions);
    return {
      publishing,
      jobs: ["Seguir la versión publicada"],
      inboxPages: ["/bandeja/sitio", "/bandeja/sitio/torres", "/bandeja/sitio/fotos"],
      emails: ["Sitio publicado"],
      close: async () => publishing.publisher.stop(),
    };
  },
};
