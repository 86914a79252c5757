import { mkdirSync, rmSync } from "node:fs";

import { defineConfig } from "@playwright/test";

import { chromiumEnv, chromiumFlags, chromiumPath } from "./scripts/chromium.ts";
import { buildDir } from "./server/build-layout.ts";
import { defaultFontSet, fontSetEnv, fontSets } from "./tests/e2e/font-sets.ts";
import { testLeadsDataDir, testServerPort as port } from "./tests/e2e/test-server.ts";

/**
 * Browser tests run in Debian's Chromium against the production build served
 * by the project's own server. Nothing leaves 127.0.0.1 (see tests/e2e/fixtures.ts).
 *
 * Chromium sees one set of local fonts (tests/e2e/font-sets.ts), never whatever the machine has:
 * every test with DejaVu, and the font swap once more for each set (decision 0037).
 */
const fontSwapSpec = "font-swap.spec.ts";
const browserWith = (fontSet: (typeof fontSets)[number]["name"]) => ({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    env: { ...chromiumEnv, ...fontSetEnv(fontSet) },
  },
});

// A fresh lead database for every run, never the project's data/ folder: a new folder (see
// tests/e2e/test-server.ts), or the one LEADS_DATA_DIR names, emptied by the runner only.
if (process.env.TEST_WORKER_INDEX === undefined && process.env.LEADS_DATA_DIR) {
  rmSync(testLeadsDataDir, { recursive: true, force: true });
  // Private, as the service requires of its data folder.
  mkdirSync(testLeadsDataDir, { recursive: true, mode: 0o700 });
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // A guard against a hung test, not a speed check: the machines are shared and busy.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    screenshot: "only-on-failure",
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
  },
  projects: [
    { name: "site", testIgnore: fontSwapSpec, use: browserWith(defaultFontSet) },
    ...fontSets.map((fontSet) => ({
      name: `fonts-${fontSet.name}`,
      testMatch: fontSwapSpec,
      metadata: { fontSet: fontSet.name },
      use: browserWith(fontSet.name),
    })),
  ],
  webServer: {
    command: "node --disable-warning=ExperimentalWarning server/serve.ts",
    env: {
      PORT: String(port),
      // Every browser test posts from 127.0.0.1; the limit has its own tests (tests/service/).
      LEADS_RATE_LIMIT: process.env.LEADS_RATE_LIMIT ?? "0",
      BUILD_DIR: buildDir,
      LEADS_DATA_DIR: testLeadsDataDir,
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
});
