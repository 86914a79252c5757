import type { SiteConfig } from "../../app/config/site-config.ts";

/** Writes the server configurations (nginx, static-host headers) for this build. */
export function writeDeployFiles(_buildDir: string, _config: SiteConfig): void {}
