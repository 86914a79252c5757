/**
 * The owner's publishing on a real build, served by the Node server on a free
 * loopback port: what the benchmark times and the browser tests drive
 * (decision 0020). The publisher gets the deployment's environment as a server
 * has it: no test runner's or build's variables and no site facts, so the
 * facts come from the database and the rest from the deployment, as in
 * production.
 */
import type { AddressInfo } from "node:net";

import type { ServiceConfig } from "../server/leads/service-config.ts";
import type { Store } from "../server/storage/store.ts";
import { createSiteServer } from "../server/site-server.ts";
import { apiOnly } from "../server/platform/platform.ts";
import { startSitePublishing } from "../server/site/site-publishing.ts";
import type { SiteVersionRows } from "../server/storage/site-version-rows.ts";

/** What the build and the publisher must not inherit from the process that runs them here. */
const notDeployment =
  /^(VITEST|SITE_|BUILD_DIR$|BUILD_PREVIOUS_DIR$|NODE_ENV$|TEST$|MODE$|DEV$|PROD$|SSR$|BASE_URL$)/;

export function deploymentEnvironment(
  env: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !notDeployment.test(name)));
}

export type PublishingServer = {
  publishing: Awaited<ReturnType<typeof startSitePublishing>>;
  versions: SiteVersionRows;
  /** The Node server's origin, serving whatever the publisher switched to. */
  baseUrl: string;
  close: () => Promise<void>;
};

export async function startPublishingServer(options: {
  store: Store;
  config: ServiceConfig;
  installedBuildDir: string;
}): Promise<PublishingServer> {
  const publishing = await startSitePublishing({
    store: options.store,
    config: options.config,
    env: deploymentEnvironment(),
    installedBuildDir: options.installedBuildDir,
  });
  const server = createSiteServer({
    clientDir: "unused",
    policy: { formServiceUrl: "", scriptHashes: [] },
    served: publishing.served,
    paths: apiOnly(async () => {}),
    leads: { thankYouPage: async () => undefined },
    log: () => {},
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    publishing,
    versions: options.store.siteVersions,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      publishing.publisher.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
