import { resolve } from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { loadSiteConfigOrExit } from "./app/config/site-config.ts";
import { siteDefines } from "./scripts/build/site-defines.ts";
import { generatedDirVariable, generatedSourcesOf } from "./server/build-layout.ts";

// Validated once per build; an invalid value stops it here, naming the variable.
const { config: siteConfig } = loadSiteConfigOrExit(process.env);

// A publication's generated images and their manifest live in its own build folder (decision 0020).
const generated = generatedSourcesOf(process.env);
const ownGenerated = process.env[generatedDirVariable] !== undefined;

export default defineConfig({
  define: siteDefines(siteConfig),
  publicDir: resolve(generated.publicDir),
  resolve: ownGenerated
    ? { alias: [{ find: /^\.\.\/generated\/images\.ts$/, replacement: resolve(generated.imagesModule) }] }
    : undefined,
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    // expect.poll waits for real events (a mail arriving, a retry being recorded); on a busy
    // two-core machine they can take seconds. A longer wait changes no outcome, only flakiness.
    expect: { poll: { timeout: 30_000 } },
  },
});
