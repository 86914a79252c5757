import { resolve } from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { generatedSourcesOf } from "./server/build-layout.ts";

// No site fact, tower edit or image manifest of a publication is compiled into a bundle: the pages
// take them when they are rendered (docs/decisions/0030), so a publication reuses the bundles of the
// build it replaces. The bundles import the deployment's generated modules (app/generated/); a
// publication's images themselves are in its own folder (decision 0020), copied as the public folder.
const generated = generatedSourcesOf(process.env);

export default defineConfig({
  publicDir: resolve(generated.publicDir),
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    // expect.poll waits for real events (a mail arriving, a retry being recorded); on a busy
    // two-core machine they can take seconds. A longer wait changes no outcome, only flakiness.
    expect: { poll: { timeout: 30_000 } },
    // For the same reason a test that starts a process (a server, a build, a script) may take
    // longer than Vitest's 5 s beside busy processes; the timeout only catches a hang.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
