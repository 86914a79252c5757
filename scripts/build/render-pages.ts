import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "react-router";

import type { ImageManifest } from "#app/content/image-manifest.ts";
import { clientDirOf, pageFile, serverEntryOf } from "../../server/build-layout.ts";
import { toIslandPage } from "./islands.ts";

/**
 * Writes every public page of a build from its server bundle, as React
 * Router's prerenderer would (a GET of the page's path, with its trailing
 * slash, during a build), then as an island page (islands.ts). The content is
 * read when the bundle loads, never compiled into it (docs/decisions/0030):
 * the facts from this process's environment (app/config/site.ts), the tower
 * edits from the global scripts/build/tower-overrides-global.ts set, the
 * images from the manifest given here. So a deployment's build and an owner's
 * publication, which reuses the served build's bundles, render the same way.
 */
export async function renderPages(options: {
  buildDir: string;
  paths: readonly string[];
  islandUrl: string;
  images: { imageManifest: ImageManifest; socialCards: ImageManifest };
}): Promise<void> {
  const { buildDir, paths, islandUrl } = options;
  // Read by app/content/images.ts when the bundle loads: this build's images, new photos included.
  Object.assign(globalThis, { __SITE_IMAGES__: options.images });
  const build = (await import(pathToFileURL(resolve(serverEntryOf(buildDir))).href)) as ServerBuild;
  const previous = process.env.IS_RR_BUILD_REQUEST;
  process.env.IS_RR_BUILD_REQUEST = "yes";
  try {
    const handle = createRequestHandler(build, "production");
    for (const path of paths) {
      const response = await handle(new Request(`http://localhost${path === "/" ? "/" : `${path}/`}`));
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(`La página ${path} no se pudo escribir (${response.status}).`);
      const file = join(clientDirOf(buildDir), pageFile(path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, toIslandPage(html, islandUrl));
    }
  } finally {
    if (previous === undefined) delete process.env.IS_RR_BUILD_REQUEST;
    else process.env.IS_RR_BUILD_REQUEST = previous;
  }
}
