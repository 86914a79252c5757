import type { SiteConfig } from "./site-config.ts";

/**
 * The validated site configuration, read from the environment when the module
 * loads: where the pages are rendered (the build's process, with an owner's
 * published facts in its environment, decision 0030) and in the servers. It
 * is never compiled into a bundle, so a publication reuses the bundles of the
 * build it replaces; the public pages' island reads the few settings it acts
 * on from the page (app/lib/page-settings.ts).
 */
export const site: SiteConfig = (await import("./site-config.ts")).loadSiteConfig(process.env).config;
