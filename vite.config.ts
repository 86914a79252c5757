import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { loadSiteConfigOrExit } from "./app/config/site-config.ts";

// Validated once per build; an invalid value stops it here, naming the variable.
const { config: siteConfig } = loadSiteConfigOrExit(process.env);

export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(siteConfig) },
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
  },
});
