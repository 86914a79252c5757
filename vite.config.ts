import { resolve } from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

import { generatedDirVariable, generatedSourcesOf } from "./server/build-layout.ts";

// No site fact or tower edit is compiled into a bundle, and the pages take their images when they
// are rendered (docs/decisions/0030): a publication reuses the bundles of the build it replaces.
// A publication's generated images and their manifest live in its own build folder (decision 0020).
const generated = generatedSourcesOf(process.env);
const ownGenerated = process.env[generatedDirVariable] !== undefined;

export default defineConfig({
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
