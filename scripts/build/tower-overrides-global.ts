import { towerOverridesFromEnvironment } from "#app/content/tower-overrides-file.ts";

/**
 * The owner's published tower edits for the build script's own Node process
 * (its sitemap, page list, redirects, and the pages it renders from the server
 * bundle, which reads the same global when it loads: decision 0030). Imported
 * first by scripts/build.ts, before anything loads app/content/towers.ts. An invalid file stops the build here.
 */
Object.assign(globalThis, { __TOWER_OVERRIDES__: towerOverridesFromEnvironment(process.env) });
