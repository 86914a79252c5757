import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { loadSiteConfigOrExit } from "./app/config/site-config.ts";
import { towers } from "./app/content/towers.ts";

// Validated once per build; an invalid value stops it here, naming the variable.
const { config: siteConfig } = loadSiteConfigOrExit(process.env);

export default defineConfig({
  define: {
    __SITE_CONFIG__: JSON.stringify(siteConfig),
    // Derived from the catalogue, never configured (app/content/tower-count.ts).
    __TOWER_COUNT__: JSON.stringify(towers.length),
  },
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    // expect.poll waits for real events (a mail arriving, a retry being recorded); on a busy
    // two-core machine they can take seconds. A longer wait changes no outcome, only flakiness.
    expect: { poll: { timeout: 30_000 } },
  },
});
