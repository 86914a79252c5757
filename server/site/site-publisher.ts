import type { ImageManifest } from "#app/content/image-manifest.ts";
import { randomId } from "../storage/store.ts";
import type { SiteVersion, SiteVersionRows } from "../storage/site-version-rows.ts";
import type { SitePhotoStore } from "./photos/photo-store.ts";
import type { PublicationNotice } from "./publication-email.ts";
import { SiteContentStore } from "./content-store.ts";
import { buildWithProjectScript, type SiteBuilder } from "./site-builder.ts";
import { installedBuild, SiteBuilds, type ServedSite } from "./site-builds.ts";
import {
  hasChanges,
  installedContent,
  withDrafts,
  type SiteContent,
  type SiteDrafts,
} from "./site-content.ts";
import { SitePreview } from "./site-preview.ts";
import { OneAtATime, PublishRefused, refuseProblems } from "./refusals.ts";
import { buildFailureWords } from "./build-failure.ts";
import { VersionFollower } from "./version-follower.ts";
import type { Jobs } from "../jobs.ts";

export type { ServedSite } from "./site-builds.ts";
export type { PublicationNotice } from "./publication-email.ts";
export { PublishRefused } from "./refusals.ts";

/**
 * Publishing the owner's content (decision 0020): a publication builds every
 * public page with the facts, towers and photos (site-content.ts) into a new
 * folder, then one compare-and-set in the database and one rename(2) on disk
 * make it the site served; an undo points both back at an earlier build.
 * Every instance follows the database's current version. The route that
 * calls this (with a fresh second factor) stays thin; this is what the
 * service tests drive. Its parts: content-store.ts reads and records the
 * content, site-builds.ts builds and serves it, site-preview.ts shows the
 * drafts, version-follower.ts keeps an instance on the current version.
 */

export type SitePublisherOptions = {
  store: SiteVersionRows;
  /** The deployment's environment: the starting values of every fact. */
  env: Record<string, string | undefined>;
  /** Where the published builds live (data/site-versions). */
  versionsDir: string;
  /** The build served until the first publication. */
  installedBuildDir: string;
  build?: SiteBuilder;
  /** The owner's uploaded photos; without it a version has none (the artwork, as deployed). */
  photos?: SitePhotoStore;
  notify?: (notice: PublicationNotice) => Promise<void>;
  now?: () => Date;
  /** Build folders kept on disk besides the served one; older versions are rebuilt on undo. */
  keepBuilds?: number;
  /**
   * A version still `building` this long after it began is given up for failed. On SQLite (one
   * instance) any is, at start: nobody else can be building it.
   */
  unfinishedAfterMs?: number;
  log?: (line: string) => void;
  /** Where the follower's poll runs (server/jobs.ts). */
  jobs?: Jobs;
};

export class SitePublisher {
  /** The content published, the drafts, and what each version changed. */
  readonly content: SiteContentStore;
  private readonly store: SiteVersionRows;
  private readonly builds: SiteBuilds;
  private readonly previews: SitePreview;
  private readonly follower: VersionFollower;
  private readonly lock = new OneAtATime();
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  private readonly options: SitePublisherOptions;

  constructor(options: SitePublisherOptions) {
    this.options = options;
    this.store = options.store;
    this.content = new SiteContentStore(options.store, options.photos, options.env);
    this.builds = new SiteBuilds({
      versionsDir: options.versionsDir,
      installedBuildDir: options.installedBuildDir,
      build: options.build ?? buildWithProjectScript,
      env: options.env,
      photos: options.photos,
    });
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
    this.follower = new VersionFollower({
      store: options.store,
      content: this.content,
      builds: this.builds,
      lock: this.lock,
      now: this.now,
      log: this.log,
      unfinishedAfterMs: options.unfinishedAfterMs ?? 0,
      jobs: options.jobs,
    });
    this.previews = new SitePreview({
      builds: this.builds,
      content: this.content,
      lock: this.lock,
      log: this.log,
    });
  }

  served(): ServedSite {
    return this.builds.served();
  }

  /** The images of the pages served now, by slot (`tower/<slug>`), as their build made them. */
  servedImages(): ImageManifest {
    return this.builds.images();
  }

  /** Called, synchronously, each time this instance starts serving another build. */
  onSwitch(listener: (served: ServedSite) => void): void {
    this.builds.onSwitch(listener);
  }

  /** The folder nginx serves: `current/client` under this. */
  get versionsDir(): string {
    return this.builds.root;
  }

  /** Cleans what an interrupted publication left and serves the version the database names. */
  start(): Promise<void> {
    return this.follower.start();
  }

  /** Polls the database so this instance serves what any instance published (decision 0020). */
  startFollowing(intervalMs = 2_000): void {
    this.follower.startFollowing(intervalMs);
  }

  stop(): void {
    this.follower.stop();
  }

  /** Serves the database's current version, building it first if this instance lacks its pages. */
  follow(): Promise<void> {
    return this.follower.follow();
  }

  /**
   * Builds the drafts into the preview folder (never served to visitors) and
   * returns the pages whose HTML differs from the served ones.
   */
  preview(): Promise<string[]> {
    return this.previews.build();
  }

  /** The last preview's changed pages, if it still shows the drafts as they are now. */
  currentPreview(): Promise<string[] | undefined> {
    return this.previews.current();
  }

  /** A page of the last preview, as built (its HTML), or undefined. */
  previewPage(path: string): string | undefined {
    return this.previews.page(path);
  }

  /** Publishes the drafts: builds every page with them, then switches to them at once. */
  async publish(actor: string): Promise<SiteVersion> {
    return this.lock.run("publicar", async () => {
      const current = await this.current();
      const drafts = await this.content.drafts();
      const content = withDrafts(current.content, drafts);
      refuseProblems(content);
      return this.switchTo(current, content, actor, {
        kind: "publicación",
        restoredNumber: null,
        whenUnchanged: "No hay cambios para publicar.",
        drafts,
      });
    });
  }

  /** Serves an earlier version again: its pages are kept, so this is a switch, not a build. */
  async undo(number: number, actor: string): Promise<SiteVersion> {
    return this.lock.run("deshacer", async () => {
      const current = await this.current();
      const target = await this.store.versionByNumber(number);
      if (!target || target.state !== "ready") throw new PublishRefused(`No existe la versión ${number}.`);
      if (target.id === current.version?.id)
        throw new PublishRefused(`La versión ${number} ya es la publicada.`);
      return this.switchTo(current, await this.content.of(target), actor, {
        kind: "restauración",
        restoredNumber: number,
        buildId: target.buildId,
      });
    });
  }

  /** Undoes everything published: the deployment's build and the environment's values again. */
  async restoreInstalled(actor: string): Promise<SiteVersion> {
    return this.lock.run("deshacer", async () => {
      const current = await this.current();
      if (!current.version || current.version.buildId === installedBuild)
        throw new PublishRefused("El sitio ya muestra los valores de la instalación.");
      return this.switchTo(current, installedContent, actor, {
        kind: "restauración",
        restoredNumber: 0,
        buildId: installedBuild,
      });
    });
  }

  /** The version current by the database's word, and its content. */
  private async current(): Promise<{ version: SiteVersion | undefined; content: SiteContent }> {
    const version = await this.store.current();
    return { version, content: await this.content.of(version) };
  }

  /**
   * The one way to another version, for a publication and an undo alike: record it as
   * `building`, build its pages unless this instance has them, switch the database (only if
   * `current` is still current) and then the folder, and tell the owner. Any failure leaves
   * the served site as it was and the new version `failed`.
   */
  private async switchTo(
    current: { version: SiteVersion | undefined; content: SiteContent },
    content: SiteContent,
    actor: string,
    next: Pick<SiteVersion, "kind" | "restoredNumber"> & {
      /** The build it serves: an earlier version's, or (none given) a new one of its own. */
      buildId?: string;
      /** A publication's: refused when it would change nothing; its drafts are cleared once switched. */
      whenUnchanged?: string;
      drafts?: SiteDrafts;
    },
  ): Promise<SiteVersion> {
    const { buildId, whenUnchanged, drafts, ...kind } = next;
    const changes = this.content.changesBetween(current.content, content);
    if (whenUnchanged !== undefined && !hasChanges(changes)) throw new PublishRefused(whenUnchanged);
    const id = randomId();
    const begun = { id, createdAt: this.now(), publishedBy: actor, ...kind, buildId: buildId ?? id };
    const version = await this.content.begin(begun, content, changes);
    try {
      await this.builds.ensureBuilt(version.buildId, content);
    } catch (error) {
      await this.store.markFailed(version.id);
      this.log(`Versión ${version.number}: ${error instanceof Error ? error.message : String(error)}`);
      throw new PublishRefused(buildFailureWords(error, "el sitio"));
    }
    const published = drafts && { content, drafts };
    if (!(await this.content.switchTo(version, current.version, published))) {
      await this.store.markFailed(version.id);
      throw new PublishRefused(
        "Otra publicación terminó mientras tanto: revisá los cambios y volvé a publicar.",
      );
    }
    const ready = { ...version, state: "ready" as const };
    this.builds.serve(ready);
    // Inside the one-at-a-time section: no build can appear while the folders are listed.
    await this.pruneBuilds().catch((error: unknown) =>
      this.log(`No se pudieron borrar versiones viejas: ${error}`),
    );
    this.options
      .notify?.({ version: ready, previousNumber: current.version?.number, photoChanges: changes.photos })
      .catch((error: unknown) =>
        this.log(`No se pudo avisar la publicación: ${error instanceof Error ? error.message : error}`),
      );
    return ready;
  }

  private async pruneBuilds(): Promise<void> {
    const newest = await this.store.history(this.options.keepBuilds ?? 10);
    await this.builds.prune(newest.map((version) => version.buildId));
  }
}
