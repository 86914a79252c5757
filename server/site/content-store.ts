import type { SiteVersion, SiteVersionRows } from "../storage/site-version-rows.ts";
import type { SitePhotoStore } from "./photos/photo-store.ts";
import {
  changesBetween,
  installedContent,
  withDrafts,
  type SiteChanges,
  type SiteContent,
  type SiteDrafts,
} from "./site-content.ts";

/**
 * The owner's content in the lead database, the three channels read as one
 * (site-content.ts): the facts and towers live in a version's row, the photos
 * in the photo store under the version's id, and each channel keeps its own
 * drafts. Without a photo store a version has no photos (the artwork, as deployed).
 */
export class SiteContentStore {
  private readonly versions: SiteVersionRows;
  private readonly photos: SitePhotoStore | undefined;
  private readonly env: Record<string, string | undefined>;

  constructor(
    versions: SiteVersionRows,
    photos: SitePhotoStore | undefined,
    env: Record<string, string | undefined>,
  ) {
    this.versions = versions;
    this.photos = photos;
    this.env = env;
  }

  /** A version's content; the deployment's for none. */
  async of(version: SiteVersion | undefined): Promise<SiteContent> {
    if (!version) return installedContent;
    return {
      facts: version.facts,
      towers: version.towers,
      photos: (await this.photos?.ofVersion(version.id)) ?? {},
    };
  }

  /** The content published now. */
  async published(): Promise<SiteContent> {
    return this.of(await this.versions.current());
  }

  async drafts(): Promise<SiteDrafts> {
    return {
      facts: await this.versions.drafts(),
      towers: await this.versions.towerDrafts(),
      photos: (await this.photos?.drafts()) ?? {},
    };
  }

  /** What a publication would build now: the published content with the drafts on top. */
  async toPublish(): Promise<SiteContent> {
    return withDrafts(await this.published(), await this.drafts());
  }

  /** What a publication would change now. */
  async pendingChanges(): Promise<SiteChanges> {
    const published = await this.published();
    return this.changesBetween(published, withDrafts(published, await this.drafts()));
  }

  changesBetween(before: SiteContent, after: SiteContent): SiteChanges {
    return changesBetween(before, after, this.env);
  }

  /** What a version changed, as it was recorded (no photos before photos existed). */
  async changesOf(version: SiteVersion): Promise<SiteChanges> {
    return {
      facts: version.changes,
      towers: version.towerChanges,
      photos: (await this.photos?.changesOf(version.id)) ?? [],
    };
  }

  /** Drops every draft a publication would carry: facts, towers and photos (the site page's «Descartar borrador»). */
  async discardDrafts(): Promise<void> {
    await this.versions.discardDrafts();
    await this.photos?.discardDrafts();
  }

  /** Stores a version begun with this content: facts and towers in its row, photos beside it. */
  async begin(
    version: Pick<SiteVersion, "id" | "createdAt" | "publishedBy" | "kind" | "restoredNumber" | "buildId">,
    content: SiteContent,
    changes: SiteChanges,
  ): Promise<SiteVersion> {
    const begun = await this.versions.begin(
      {
        ...version,
        facts: content.facts,
        changes: changes.facts,
        towers: content.towers,
        towerChanges: changes.towers,
      },
      "building",
    );
    await this.photos?.record(begun.id, content.photos, changes.photos);
    return begun;
  }

  /**
   * Makes a begun version the current one if `current` still is (compare-and-set); a
   * publication's drafts are drafts no more (a newer draft stays). False: another won.
   */
  async switchTo(
    version: SiteVersion,
    current: SiteVersion | undefined,
    published?: { content: SiteContent; drafts: SiteDrafts },
  ): Promise<boolean> {
    const switched = await this.versions.switchTo(
      version.id,
      current?.id,
      published?.drafts.facts,
      published?.drafts.towers,
    );
    if (switched && published)
      await this.photos?.clearPublished(published.content.photos, published.drafts.photos);
    return switched;
  }
}
