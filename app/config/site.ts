import type { SiteConfig } from "./site-config.ts";

declare const __SITE_CONFIG__: SiteConfig;

/** The validated site configuration, inlined by Vite at build time (see vite.config.ts). */
export const site: SiteConfig = __SITE_CONFIG__;
