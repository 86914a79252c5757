/**
 * One publication in its own process, for the crash test: opens the lead
 * database of LEADS_DATA_DIR, saves SITE_WHATSAPP_NUMBER_DRAFT as a draft and
 * publishes it with the project's real build. The test kills it with -9 mid-build.
 */
import { buildDir } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { Store } from "../../server/storage/store.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";

const config = loadServiceConfig(process.env);
const store = await Store.open(config);
const env = { ...process.env };
delete env.BUILD_DIR;
const publishing = await startSitePublishing({ store, config, env, installedBuildDir: buildDir });
await store.siteVersions.saveDrafts(
  { SITE_WHATSAPP_NUMBER: process.env.SITE_WHATSAPP_NUMBER_DRAFT! },
  {},
  new Date(),
);
console.log("publicando");
await publishing.publisher.publish("titular@ejemplo.com");
console.log("publicada");
publishing.publisher.stop();
await store.close();
