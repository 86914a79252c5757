/**
 * Refuses to call a build publishable while it would show fictional example
 * values or tower facts nobody has checked. Run with the production
 * environment variables set: `npm run check:release`. The facts the owner
 * published from the inbox count (read from the lead service's database, when
 * there is one: LEADS_DATA_DIR or DATABASE_URL).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

import type { FactValues } from "#app/config/site-facts.ts";
import type { TowerOverrides } from "#app/content/tower-edits.ts";
import { loadServiceConfig } from "../server/leads/service-config.ts";
import { Store, sqliteFileName } from "../server/storage/store.ts";
import { releaseChecklist } from "../server/site/release-checklist.ts";

/** The published business facts, tower edits and photos (decision 0020), or none without a database. */
async function publishedState(): Promise<{
  facts: FactValues;
  towers: TowerOverrides;
  photoSlots: Set<string>;
}> {
  const config = loadServiceConfig(process.env);
  if (!config.databaseUrl && !existsSync(join(config.dataDir, sqliteFileName)))
    return { facts: {}, towers: {}, photoSlots: new Set() };
  const store = await Store.open({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const current = await store.siteVersions.current();
    const photos = await store.sitePhotos.ofVersion(current?.id);
    return {
      facts: current?.facts ?? {},
      towers: current?.towers ?? {},
      photoSlots: new Set(Object.keys(photos)),
    };
  } finally {
    await store.close();
  }
}

const published = await publishedState();
const problems = releaseChecklist(process.env, published.facts, published.towers, published.photoSlots).map(
  (item) => item.text,
);

if (problems.length > 0) {
  console.error(
    `No está listo para publicar (${problems.length} pendientes):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("Listo para publicar: configuración real y torres verificadas.");
