import type { SiteConfig } from "#app/config/site-config.ts";
import { applyTowerOverrides } from "#app/content/tower-edits.ts";
import { towerOverridesFromEnvironment } from "#app/content/tower-overrides-file.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";

/** What every browser bundle gets inlined (the React Router build and the island): read by app/config/site.ts. */
export function siteDefines(
  siteConfig: SiteConfig,
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  // The owner's published tower edits (SITE_TOWER_OVERRIDES_FILE), checked once; null when there are none.
  const overrides = towerOverridesFromEnvironment(env);
  return {
    __SITE_CONFIG__: JSON.stringify(siteConfig),
    // Derived from the catalogue, never configured (app/content/tower-count.ts).
    __TOWER_COUNT__: JSON.stringify(
      (overrides ? applyTowerOverrides(catalogueTowers, overrides) : catalogueTowers).length,
    ),
    __TOWER_OVERRIDES__: JSON.stringify(overrides),
  };
}
