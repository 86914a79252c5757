import { join } from "node:path";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { buildEnvironment } from "#app/config/site-facts.ts";
import type { SiteEditor, SitePhotoEditor } from "#app/features/inbox/inbox-service.ts";
import { clientDirOf } from "../build-layout.ts";
import { readHeaderPolicy } from "../headers.ts";
import type { Jobs } from "../jobs.ts";
import { smtpSender } from "../leads/notify/email.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { Store } from "../storage/store.ts";
import type { ServedPages } from "../site-server.ts";
import { composePublicationEmail } from "./publication-email.ts";
import { createSiteEditor } from "./site-editor.ts";
import { SitePublisher, type ServedSite } from "./site-publisher.ts";
import { createPhotoEditor } from "./photos/photo-editor.ts";
import { SitePhotoStore } from "./photos/photo-store.ts";

/** Where the published builds live, beside the SQLite file: <LEADS_DATA_DIR>/site-versions. */
export const versionsDirOf = (dataDir: string) => join(dataDir, "site-versions");

/** Where the photos' masters are written for a build (a cache of the database): <LEADS_DATA_DIR>/site-photos. */
export const photosDirOf = (dataDir: string) => join(dataDir, "site-photos");

/** How often an instance asks the database which version to serve. */
export const followEveryMs = 2_000;

/**
 * The owner's publishing, put together for `npm start` (decision 0020): the
 * publisher on the lead database, the editor the inbox shows, and the pages
 * the Node server serves now (with their header policy), switched in one step.
 */
export async function startSitePublishing(options: {
  store: Store;
  config: ServiceConfig;
  env: Record<string, string | undefined>;
  installedBuildDir: string;
  build?: ConstructorParameters<typeof SitePublisher>[0]["build"];
  /** Where the follower's poll runs (server/jobs.ts). */
  jobs?: Jobs;
}): Promise<{
  publisher: SitePublisher;
  editor: SiteEditor;
  photoEditor: SitePhotoEditor;
  served: () => ServedPages;
}> {
  const { store, config, env } = options;
  const versions = store.siteVersions;
  const photos = new SitePhotoStore(store.sitePhotos, photosDirOf(config.dataDir));
  const send = config.smtp && smtpSender(config.smtp.url, config.smtp.to);
  const publisher = new SitePublisher({
    store: versions,
    env,
    versionsDir: versionsDirOf(config.dataDir),
    installedBuildDir: options.installedBuildDir,
    build: options.build,
    photos,
    // With PostgreSQL another instance may be building right now; give it the build's time.
    unfinishedAfterMs: store.kind === "postgres" ? 10 * 60_000 : 0,
    jobs: options.jobs,
    notify: send
      ? async (notice) =>
          send(
            composePublicationEmail(
              notice,
              loadSiteConfig(buildEnvironment(env, notice.version.facts)).config,
            ),
          )
      : undefined,
  });

  const pagesOf = (served: ServedSite): ServedPages => ({
    clientDir: clientDirOf(served.buildDir),
    policy: readHeaderPolicy(served.buildDir),
  });
  let pages: ServedPages | undefined;
  publisher.onSwitch((served) => {
    pages = pagesOf(served);
  });
  await publisher.start();
  publisher.startFollowing(followEveryMs);
  return {
    publisher,
    editor: createSiteEditor({ publisher, store: versions, env }),
    photoEditor: createPhotoEditor({ photos, publisher }),
    served: () => (pages ??= pagesOf(publisher.served())),
  };
}
