import type { SiteConfig } from "./site-config.ts";

declare const __SITE_CONFIG__: SiteConfig | undefined;

/**
 * The validated site configuration. Vite inlines it at build time
 * (vite.config.ts), so the browser never runs the validation and the branch
 * below is dropped from the bundle; code that runs in plain Node (the browser
 * tests, the servers) validates the same environment variables instead.
 */
export const site: SiteConfig =
  typeof __SITE_CONFIG__ === "undefined"
    ? (await import("./site-config.ts")).loadSiteConfig(process.env).config
    : __SITE_CONFIG__;
