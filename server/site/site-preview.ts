import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { TowerOverrides } from "#app/content/tower-edits.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { pages, towerPath } from "#app/site-map.ts";
import { clientDirOf, pageFile } from "../build-layout.ts";
import { sameContent, type SiteContent } from "./site-content.ts";
import { previewBuild, type SiteBuilds } from "./site-builds.ts";

/**
 * The owner's preview (decision 0020): the drafts built into this instance's
 * preview folder, never served to visitors, and the pages whose HTML differs
 * from the served ones. It stands only while the drafts are what it was built from.
 */
export class SitePreview {
  private readonly builds: SiteBuilds;
  /** The content the last preview was built from, and the pages it changed. */
  private last: { content: SiteContent; pages: string[] } | undefined;

  constructor(builds: SiteBuilds) {
    this.builds = builds;
  }

  /** Builds a content into the preview folder; returns the pages it changes. */
  async build(content: SiteContent): Promise<string[]> {
    this.last = undefined;
    await this.builds.rebuild(previewBuild, content);
    const pages = changedPages(
      this.builds.served().buildDir,
      this.builds.dirOf(previewBuild),
      content.towers,
    );
    this.last = { content, pages };
    return pages;
  }

  /** The last preview's changed pages, if it was built from this content. */
  current(content: SiteContent): string[] | undefined {
    return this.last && sameContent(content, this.last.content) ? this.last.pages : undefined;
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
