import { buildFailureWords } from "./build-failure.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { TowerOverrides } from "#app/content/tower-edits.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { pages, towerPath } from "#app/site-map.ts";
import { clientDirOf, pageFile } from "../build-layout.ts";
import type { SiteContentStore } from "./content-store.ts";
import { PublishRefused, refuseProblems, type OneAtATime } from "./refusals.ts";
import { hasChanges, sameContent, withDrafts, type SiteContent } from "./site-content.ts";
import { previewBuild, type SiteBuilds } from "./site-builds.ts";

/**
 * The owner's preview (decision 0020): the drafts built into this instance's
 * preview folder, never served to visitors, and the pages whose HTML differs
 * from the served ones. It stands only while the drafts are what it was built from.
 */
type PreviewParts = {
  builds: SiteBuilds;
  content: SiteContentStore;
  /** The publisher's: a preview builds too, so it waits for no publication and none for it. */
  lock: OneAtATime;
  log: (line: string) => void;
};

export class SitePreview {
  private readonly builds: SiteBuilds;
  private readonly parts: PreviewParts;
  /** The content the last preview was built from, and the pages it changed. */
  private last: { content: SiteContent; pages: string[] } | undefined;

  constructor(parts: PreviewParts) {
    this.parts = parts;
    this.builds = parts.builds;
  }

  /** Builds the drafts into the preview folder; returns the pages they change. */
  async build(): Promise<string[]> {
    const { content: store, lock, log } = this.parts;
    return lock.run("vista previa", async () => {
      const published = await store.published();
      const content = withDrafts(published, await store.drafts());
      refuseProblems(content);
      if (!hasChanges(store.changesBetween(published, content)))
        throw new PublishRefused("No hay cambios para ver en una vista previa.");
      this.last = undefined;
      try {
        await this.builds.rebuild(previewBuild, content);
      } catch (error) {
        log(`Vista previa: ${error instanceof Error ? error.message : String(error)}`);
        throw new PublishRefused(buildFailureWords(error, "la vista previa"));
      }
      const served = this.builds.served().buildDir;
      const pages = changedPages(served, this.builds.dirOf(previewBuild), content.towers);
      this.last = { content, pages };
      return pages;
    });
  }

  /** The last preview's changed pages, if it still shows the drafts as they are now. */
  async current(): Promise<string[] | undefined> {
    if (!this.last) return undefined;
    const { content, pages } = this.last;
    return sameContent(await this.parts.content.toPublish(), content) ? pages : undefined;
  }

  /** A page of the last preview, as built (its HTML), or undefined. */
  page(path: string): string | undefined {
    if (!this.last?.pages.includes(path)) return undefined;
    return readFileSync(pageFileOf(this.builds.dirOf(previewBuild), path), "utf8");
  }
}

const pageFileOf = (buildDir: string, path: string) => join(clientDirOf(buildDir), pageFile(path));

function readPage(buildDir: string, path: string): string | undefined {
  try {
    return readFileSync(pageFileOf(buildDir, path), "utf8");
  } catch {
    return undefined;
  }
}

/** Pages (their paths) whose HTML differs between two builds; an added tower's pages are new. */
function changedPages(servedBuildDir: string, otherBuildDir: string, towers: TowerOverrides): string[] {
  const known = new Set(catalogueTowers.map((tower) => tower.slug));
  const added = Object.keys(towers).filter((slug) => !known.has(slug) && !towers[slug]!.retired);
  return [
    ...pages.map((page) => page.path),
    ...added.flatMap((slug) => [towerPath(slug, "es"), towerPath(slug, "en")]),
  ].filter((path) => {
    const page = readPage(otherBuildDir, path);
    // A retired tower's page is gone from the preview: nothing to show, its address will answer 301.
    return page !== undefined && readPage(servedBuildDir, path) !== page;
  });
}
