import { rmSync, writeFileSync } from "node:fs";

import { buildEnvironment } from "#app/config/site-facts.ts";
import { publicTowerOverrides } from "#app/content/tower-edits.ts";
import { towerOverridesVariable } from "#app/content/tower-overrides-file.ts";
import { photosManifestVariable } from "./photos/build-channel.ts";
import type { SitePhotoStore } from "./photos/photo-store.ts";
import type { SiteBuilder } from "./site-builder.ts";
import type { SiteContent } from "./site-content.ts";

/**
 * Builds one content into a folder with the deployment's own build (decision
 * 0020). Each channel reaches the build one way only: the facts as the
 * environment's variables, the tower edits through one file named in one
 * variable, the photos through a manifest written from the database, named
 * in another. What is left unset builds as deployed; nothing else of the
 * server's environment can set those two variables.
 */
export async function buildContent(options: {
  build: SiteBuilder;
  /** The deployment's environment: the starting value of every fact. */
  env: Record<string, string | undefined>;
  photos: SitePhotoStore | undefined;
  content: SiteContent;
  /** Names the manifest, so that builds at once do not share one. */
  buildId: string;
  outDir: string;
  /** The build served now: files that come out identical reuse its compressed copies. */
  servedBuildDir: string;
}): Promise<void> {
  const { content, buildId, outDir } = options;
  const env = buildEnvironment(options.env, content.facts);
  const towersFile = `${outDir}.torres.json`;
  delete env[towerOverridesVariable];
  delete env[photosManifestVariable];
  try {
    if (Object.keys(content.towers).length > 0) {
      // The buildings' access is the visits' (decision 0044): no page shows it, no page's file holds it.
      writeFileSync(towersFile, JSON.stringify(publicTowerOverrides(content.towers)));
      env[towerOverridesVariable] = towersFile;
    }
    const manifest = await options.photos?.manifestFor(content.photos, buildId);
    if (manifest) env[photosManifestVariable] = manifest;
    await options.build(env, outDir, options.servedBuildDir);
  } finally {
    rmSync(towersFile, { force: true });
    options.photos?.removeManifest(buildId);
  }
}
