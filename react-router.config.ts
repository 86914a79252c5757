import type { Config } from "@react-router/dev/config";

import { prerenderedPaths } from "./app/site-map.ts";
import { buildDir } from "./server/build-layout.ts";

// Every page is static HTML made at build time; there is no server runtime.
export default {
  buildDirectory: buildDir,
  ssr: false,
  prerender: prerenderedPaths,
} satisfies Config;
