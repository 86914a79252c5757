import type { Config } from "@react-router/dev/config";

import { buildDir } from "./server/build-layout.ts";

// The public pages are static HTML made at build time from the server bundle (scripts/build.ts,
// scripts/build/render-pages.ts); only the owner's inbox (/bandeja) is rendered per request by the
// server (docs/decisions/0012-inbox-rendering.md). React Router's own prerender is not used: the
// pages are rendered after the bundles, with the content of the build, and an owner's publication
// renders them again from the served build's bundles (docs/decisions/0030).
export default {
  // Tests and parallel builds may put the output elsewhere (BUILD_DIR).
  buildDirectory: buildDir,
  ssr: true,
  // Every route ships in the first page's manifest: a static page never asks a server for /__manifest.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
