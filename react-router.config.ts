import type { Config } from "@react-router/dev/config";

// First: the owner's published tower edits, so an added tower's pages are prerendered and a retired one's are not.
import "./scripts/build/tower-overrides-global.ts";
import { prerenderedPaths } from "./app/site-map.ts";
import { buildDir } from "./server/build-layout.ts";

// The public pages are static HTML made at build time; only the owner's inbox
// (/bandeja) is rendered per request by the server (docs/decisions/0012-inbox-rendering.md).
export default {
  // Tests and parallel builds may put the output elsewhere (BUILD_DIR).
  buildDirectory: buildDir,
  ssr: true,
  prerender: prerenderedPaths,
  // Every route ships in the first page's manifest: a static page never asks a server for /__manifest.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
