import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { loadSiteConfig, SiteConfigError } from "./app/config/site-config.ts";

function readSiteConfig() {
  try {
    return loadSiteConfig(process.env);
  } catch (error) {
    if (error instanceof SiteConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

// Validated once per build; an invalid value stops it here, naming the variable.
const { config: siteConfig } = readSiteConfig();

export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(siteConfig) },
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
  },
});
