import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";

import type { ImageManifest } from "#app/content/image-manifest.ts";
import { imageManifestFileOf } from "../build-layout.ts";

import type { SiteVersion } from "../storage/site-version-rows.ts";
import type { SitePhotoStore } from "./photos/photo-store.ts";
import { buildContent } from "./content-build.ts";
import type { SiteBuilder } from "./site-builder.ts";
import type { SiteContent } from "./site-content.ts";
import { SiteFolders } from "./site-folders.ts";

/** The build served before anything is published: the deployment's own (npm run build). */
export const installedBuild = "instalada";

/** The build of the drafts the owner previews: this instance's only, never served to visitors. */
export const previewBuild = "vista-previa";

export type ServedSite = {
  /** The version served, or undefined for the deployment's build. */
  version: SiteVersion | undefined;
  /** Its build folder (client/ inside is the public folder). */
  buildDir: string;
};

/**
 * This instance's builds on disk (decision 0020): each version's folder,
 * built once (site-folders.ts makes it visible by rename), and the one served
 * now. Serving another is one symlink swap; whoever listens (the Node server's
 * pages) hears of it at once.
 */
export class SiteBuilds {
  private readonly folders: SiteFolders;
  private readonly installedBuildDir: string;
  private readonly build: SiteBuilder;
  private readonly env: Record<string, string | undefined>;
  private readonly photos: SitePhotoStore | undefined;
  private servedSite: ServedSite;
  private readonly listeners: ((served: ServedSite) => void)[] = [];

  constructor(options: {
    versionsDir: string;
    installedBuildDir: string;
    build: SiteBuilder;
    env: Record<string, string | undefined>;
    photos: SitePhotoStore | undefined;
  }) {
    this.folders = new SiteFolders(options.versionsDir);
    this.installedBuildDir = options.installedBuildDir;
    this.build = options.build;
    this.env = options.env;
    this.photos = options.photos;
    this.servedSite = { version: undefined, buildDir: options.installedBuildDir };
  }

  /** The folder nginx serves: `current/client` under this. */
  get root(): string {
    return this.folders.root;
  }

  served(): ServedSite {
    return this.servedSite;
  }

  onSwitch(listener: (served: ServedSite) => void): void {
    this.listeners.push(listener);
  }

  dirOf(buildId: string): string {
    return buildId === installedBuild ? this.installedBuildDir : this.folders.buildDirOf(buildId);
  }

  /** Removes what an interrupted build left (its half-built folder, its photo manifest); returns the names removed. */
  removeInterrupted(): string[] {
    const removed = this.folders.removePartials();
    this.photos?.removeManifests();
    return removed;
  }

  /** Builds a content under its build id, unless this instance has that build already. */
  async ensureBuilt(buildId: string, content: SiteContent): Promise<void> {
    if (buildId === installedBuild || this.folders.has(buildId)) return;
    const partial = this.folders.partialDirOf(buildId);
    await rm(partial, { recursive: true, force: true });
    try {
      await buildContent({
        build: this.build,
        env: this.env,
        photos: this.photos,
        content,
        buildId,
        outDir: partial,
        servedBuildDir: this.servedSite.buildDir,
      });
      await this.folders.complete(buildId, this.servedSite.buildDir);
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  }

  /** Builds a content again from nothing (the preview's folder is rebuilt each time). */
  async rebuild(buildId: string, content: SiteContent): Promise<void> {
    await rm(this.folders.buildDirOf(buildId), { recursive: true, force: true });
    await this.ensureBuilt(buildId, content);
  }

  /** Serves a version's build (the deployment's for none) from now on. */
  serve(version: SiteVersion | undefined): void {
    const buildDir = version ? this.dirOf(version.buildId) : this.installedBuildDir;
    this.folders.pointCurrentAt(buildDir);
    this.servedSite = { version, buildDir };
    for (const listener of this.listeners) listener(this.servedSite);
  }

  /**
   * The images of the pages served now, by slot: the served build's manifest, then the
   * deployment's (a build made before builds carried theirs). Read once per build.
   */
  images(): ImageManifest {
    const { buildDir } = this.servedSite;
    if (this.imagesRead?.buildDir !== buildDir)
      this.imagesRead = {
        buildDir,
        manifest: { ...readImageManifest(this.installedBuildDir), ...readImageManifest(buildDir) },
      };
    return this.imagesRead.manifest;
  }

  private imagesRead: { buildDir: string; manifest: ImageManifest } | undefined;

  /** Removes the build folders of versions not named; the served one and the preview always stay. */
  async prune(keep: Iterable<string>): Promise<void> {
    const kept = new Set(keep);
    if (this.servedSite.version) kept.add(this.servedSite.version.buildId);
    kept.add(previewBuild);
    await this.folders.prune(kept);
  }
}

function readImageManifest(buildDir: string): ImageManifest {
  try {
    return JSON.parse(readFileSync(imageManifestFileOf(buildDir), "utf8")) as ImageManifest;
  } catch {
    return {};
  }
}
