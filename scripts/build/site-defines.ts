import type { SiteConfig } from "#app/config/site-config.ts";
import { towers } from "#app/content/towers.ts";

/** What every browser bundle gets inlined (the React Router build and the island): read by app/config/site.ts. */
export function siteDefines(siteConfig: SiteConfig): Record<string, string> {
  return {
    __SITE_CONFIG__: JSON.stringify(siteConfig),
    // Derived from the catalogue, never configured (app/content/tower-count.ts).
    __TOWER_COUNT__: JSON.stringify(towers.length),
  };
}
