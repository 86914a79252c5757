import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { loadSiteConfigOrExit } from "./app/config/site-config.ts";
import { siteDefines } from "./scripts/build/site-defines.ts";

// Validated once per build; an invalid value stops it here, naming the variable.
const { config: siteConfig } = loadSiteConfigOrExit(process.env);

export default defineConfig({
  define: siteDefines(siteConfig),
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    // expect.poll waits for real events (a mail arriving, a retry being recorded); on a busy
    // two-core machine they can take seconds. A longer wait changes no outcome, only flakiness.
    expect: { poll: { timeout: 30_000 } },
  },
});
