import { defineConfig } from "@playwright/test";

import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";

/**
 * Browser tests run in Debian's Chromium against the production build served
 * by the project's own server. Nothing leaves 127.0.0.1 (see tests/e2e/fixtures.ts).
 */
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  // A guard against a hung test, not a speed check: the machines are shared and busy.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
    screenshot: "only-on-failure",
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
  },
  webServer: {
    command: "node server/serve.ts",
    env: { PORT: String(port), BUILD_DIR: process.env.BUILD_DIR ?? "build" },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
});
