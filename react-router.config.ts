import type { Config } from "@react-router/dev/config";

import { prerenderedPaths } from "./app/site-map.ts";

// Every page is static HTML made at build time; there is no server runtime.
export default {
  // Tests and parallel builds may put the output elsewhere.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  prerender: prerenderedPaths,
} satisfies Config;
