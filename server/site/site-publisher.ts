import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import {
  buildEnvironment,
  editableFacts,
  effectiveValue,
  factProblems,
  labelOf,
  type FactValues,
} from "#app/config/site-facts.ts";
import type { SiteVariable } from "#app/config/site-config.ts";
import {
  applyTowerOverrides,
  sameTowerOverrides,
  towerChanges,
  towerOverrideProblems,
  type TowerChange,
  type TowerOverride,
  type TowerOverrides,
} from "#app/content/tower-edits.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { towerOverridesVariable } from "#app/content/tower-overrides-file.ts";
import { pages, towerPath } from "#app/site-map.ts";
import { clientDirOf, pageFile } from "../build-layout.ts";
import { randomId } from "../leads/storage/lead-store.ts";
import type { FactChange, SiteVersion, SiteVersionRows } from "../leads/storage/site-version-rows.ts";
import { photosManifestVariable } from "./photos/build-channel.ts";
import { photoSlotsOf, type PhotoSlot } from "./photos/photo-slots.ts";
import {
  photoChanges,
  photosWithDrafts,
  samePhotos,
  type PhotoChange,
  type PhotoDraft,
  type PhotoSet,
  type SitePhotoStore,
} from "./photos/photo-store.ts";
import { buildWithProjectScript, type SiteBuilder } from "./site-builder.ts";
import { SiteFolders } from "./site-folders.ts";

/**
 * Publishing the owner's facts (decision 0020): a publication builds every
 * public page with them into a new folder, then one compare-and-set in the
 * database and one rename(2) on disk make it the site served; an undo points
 * both back at an earlier build. Every instance follows the database's
 * current version. The route that calls this (with a fresh second factor)
 * stays thin; this is what the service tests drive.
 */

/** A refusal worded for the owner; the served site is untouched. */
export class PublishRefused extends Error {
  override readonly name = "PublishRefused";
}

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

/** What the owner is told after each publication or undo. */
export type PublicationNotice = {
  version: SiteVersion;
  previousNumber: number | undefined;
  /** The photos it changed (decision 0020, photos). */
  photoChanges: PhotoChange[];
};

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
};

export class SitePublisher {
  private readonly store: SiteVersionRows;
  private readonly folders: SiteFolders;
  private readonly build: SiteBuilder;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  private servedSite: ServedSite;
  private readonly listeners: ((served: ServedSite) => void)[] = [];
  private busy: string | undefined;
  /** The pages the last preview changed, and the facts it was built from. */
  private previewed:
    { facts: FactValues; towers: TowerOverrides; photos: PhotoSet; pages: string[] } | undefined;
  private following: NodeJS.Timeout | undefined;
  private readonly options: SitePublisherOptions;

  constructor(options: SitePublisherOptions) {
    this.options = options;
    this.store = options.store;
    this.folders = new SiteFolders(options.versionsDir);
    this.build = options.build ?? buildWithProjectScript;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
    this.servedSite = { version: undefined, buildDir: options.installedBuildDir };
  }

  served(): ServedSite {
    return this.servedSite;
  }

  /** Called, synchronously, each time this instance starts serving another build. */
  onSwitch(listener: (served: ServedSite) => void): void {
    this.listeners.push(listener);
  }

  /** The folder nginx serves: `current/client` under this. */
  get versionsDir(): string {
    return this.folders.root;
  }

  /**
   * Cleans what an interrupted publication left (its half-built folder, its
   * unfinished row) and serves the version the database names.
   */
  async start(): Promise<void> {
    const removed = this.folders.removePartials();
    this.options.photos?.removeManifests();
    if (removed.length > 0) this.log(`Publicación interrumpida: se descartó ${removed.join(", ")}.`);
    await this.store.failUnfinished(new Date(this.now().getTime() - (this.options.unfinishedAfterMs ?? 0)));
    this.switchLocally(undefined);
    await this.follow();
  }

  /** Polls the database so this instance serves what any instance published (decision 0020). */
  startFollowing(intervalMs = 2_000): void {
    this.following = setInterval(() => {
      this.follow().catch((error: unknown) =>
        this.log(`No se pudo seguir la versión publicada: ${error instanceof Error ? error.message : error}`),
      );
    }, intervalMs);
    this.following.unref();
  }

  stop(): void {
    clearInterval(this.following);
  }

  /** Serves the database's current version, building it first if this instance lacks its pages. */
  async follow(): Promise<void> {
    if (this.busy) return;
    const currentId = await this.store.currentId();
    if (currentId === this.servedSite.version?.id) return;
    await this.exclusive("seguir", async () => {
      const version = currentId === undefined ? undefined : await this.store.version(currentId);
      if (version)
        await this.ensureBuilt(
          version.buildId,
          version.facts,
          version.towers,
          await this.photosOf(version.id),
        );
      this.switchLocally(version);
    });
  }

  /** The facts published now (only the edited ones; the rest come from the environment). */
  async publishedFacts(): Promise<FactValues> {
    return (await this.store.current())?.facts ?? {};
  }

  /** The tower overrides published now (empty: the catalogue as researched). */
  async publishedTowers(): Promise<TowerOverrides> {
    return (await this.store.current())?.towers ?? {};
  }

  /** The published tower overrides with the owner's tower drafts on top: what a publication would build. */
  async draftTowers(): Promise<TowerOverrides> {
    return withTowerDrafts(await this.publishedTowers(), await this.store.towerDrafts());
  }

  /** Drops every draft a publication would carry: facts, towers and photos (the site page's «Descartar borrador»). */
  async discardDrafts(): Promise<void> {
    await this.store.discardDrafts();
    await this.options.photos?.discardDrafts();
  }

  /** What a publication would change now: the drafts against the published facts. */
  async pendingChanges(): Promise<FactChange[]> {
    const published = await this.publishedFacts();
    return this.changesBetween(published, withDrafts(published, await this.store.drafts()));
  }

  /** What a publication would change in the towers now. */
  async pendingTowerChanges(): Promise<TowerChange[]> {
    return towerChanges(catalogueTowers, await this.publishedTowers(), await this.draftTowers());
  }

  /** The photos published now, by slot. */
  async publishedPhotos(): Promise<PhotoSet> {
    return this.photosOf(await this.store.currentId());
  }

  /** What a version changed in the photos (none before photos existed). */
  async photoChangesOf(versionId: string): Promise<PhotoChange[]> {
    return (await this.options.photos?.changesOf(versionId)) ?? [];
  }

  /** What a publication would change in the photos now. */
  async pendingPhotoChanges(): Promise<PhotoChange[]> {
    const published = await this.publishedPhotos();
    return photoChanges(
      published,
      photosWithDrafts(published, await this.photoDrafts()),
      slotsOf(await this.draftTowers()),
    );
  }

  /**
   * Builds the drafts into the preview folder (never served to visitors) and
   * returns the pages whose HTML differs from the served ones.
   */
  async preview(): Promise<string[]> {
    return this.exclusive("vista previa", async () => {
      const published = await this.publishedFacts();
      const facts = withDrafts(published, await this.store.drafts());
      const towers = await this.draftTowers();
      this.refuseProblems(facts, towers);
      const publishedPhotos = await this.publishedPhotos();
      const photos = photosWithDrafts(publishedPhotos, await this.photoDrafts());
      if (
        this.changesBetween(published, facts).length === 0 &&
        towerChanges(catalogueTowers, await this.publishedTowers(), towers).length === 0 &&
        samePhotos(publishedPhotos, photos)
      )
        throw new PublishRefused("No hay cambios para ver en una vista previa.");
      this.previewed = undefined;
      rmSync(this.folders.buildDirOf(previewBuild), { recursive: true, force: true });
      try {
        await this.ensureBuilt(previewBuild, facts, towers, photos);
      } catch (error) {
        this.log(`Vista previa: ${error instanceof Error ? error.message : String(error)}`);
        throw new PublishRefused("No se pudo construir la vista previa con estos datos.");
      }
      const pages = changedPages(this.servedSite.buildDir, this.folders.buildDirOf(previewBuild), towers);
      this.previewed = { facts, towers, photos, pages };
      return pages;
    });
  }

  /** The last preview's changed pages, if it still shows the drafts as they are now. */
  async currentPreview(): Promise<string[] | undefined> {
    if (!this.previewed) return undefined;
    const facts = withDrafts(await this.publishedFacts(), await this.store.drafts());
    const photos = photosWithDrafts(await this.publishedPhotos(), await this.photoDrafts());
    const same =
      sameFacts(facts, this.previewed.facts) &&
      sameTowerOverrides(await this.draftTowers(), this.previewed.towers) &&
      samePhotos(photos, this.previewed.photos);
    return same ? this.previewed.pages : undefined;
  }

  /** A page of the last preview, as built (its HTML), or undefined. */
  previewPage(path: string): string | undefined {
    if (!this.previewed?.pages.includes(path)) return undefined;
    return readFileSync(join(clientDirOf(this.folders.buildDirOf(previewBuild)), pageFile(path)), "utf8");
  }

  /** Publishes the drafts: builds every page with them, then switches to them at once. */
  async publish(actor: string): Promise<SiteVersion> {
    return this.exclusive("publicar", async () => {
      const current = await this.store.current();
      const published = current?.facts ?? {};
      const drafts = await this.store.drafts();
      const facts = withDrafts(published, drafts);
      const towerDrafts = await this.store.towerDrafts();
      const publishedTowers = current?.towers ?? {};
      const towers = withTowerDrafts(publishedTowers, towerDrafts);
      this.refuseProblems(facts, towers);
      const changes = this.changesBetween(published, facts);
      const changedTowers = towerChanges(catalogueTowers, publishedTowers, towers);
      const publishedPhotos = await this.photosOf(current?.id);
      const photoDrafts = await this.photoDrafts();
      const photos = photosWithDrafts(publishedPhotos, photoDrafts);
      const photoChanged = photoChanges(publishedPhotos, photos, slotsOf(publishedTowers, towers));
      if (changes.length === 0 && changedTowers.length === 0 && photoChanged.length === 0)
        throw new PublishRefused("No hay cambios para publicar.");

      const id = randomId();
      const version = await this.store.begin(
        {
          id,
          createdAt: this.now(),
          publishedBy: actor,
          kind: "publicación",
          restoredNumber: null,
          facts,
          changes,
          towers,
          towerChanges: changedTowers,
          buildId: id,
        },
        "building",
      );
      await this.options.photos?.record(id, photos, photoChanged);
      await this.buildOrFail(version, () => this.ensureBuilt(id, facts, towers, photos));
      await this.switchOrFail(version, current, drafts, towerDrafts);
      await this.options.photos?.clearPublished(photos, photoDrafts);
      await this.afterSwitch(version, current, photoChanged);
      return { ...version, state: "ready" };
    });
  }

  /** Serves an earlier version again: its pages are kept, so this is a switch, not a build. */
  async undo(number: number, actor: string): Promise<SiteVersion> {
    return this.exclusive("deshacer", async () => {
      const current = await this.store.current();
      const target = await this.store.versionByNumber(number);
      if (!target || target.state !== "ready") throw new PublishRefused(`No existe la versión ${number}.`);
      if (target.id === current?.id) throw new PublishRefused(`La versión ${number} ya es la publicada.`);
      const photos = await this.photosOf(target.id);
      const photoChanged = photoChanges(
        await this.photosOf(current?.id),
        photos,
        slotsOf(current?.towers ?? {}, target.towers),
      );
      const version = await this.store.begin(
        {
          id: randomId(),
          createdAt: this.now(),
          publishedBy: actor,
          kind: "restauración",
          restoredNumber: number,
          facts: target.facts,
          changes: this.changesBetween(current?.facts ?? {}, target.facts),
          towers: target.towers,
          towerChanges: towerChanges(catalogueTowers, current?.towers ?? {}, target.towers),
          buildId: target.buildId,
        },
        "building",
      );
      await this.options.photos?.record(version.id, photos, photoChanged);
      await this.buildOrFail(version, () =>
        this.ensureBuilt(target.buildId, target.facts, target.towers, photos),
      );
      await this.switchOrFail(version, current, undefined);
      await this.afterSwitch(version, current, photoChanged);
      return { ...version, state: "ready" };
    });
  }

  /** Undoes everything published: the deployment's build and the environment's values again. */
  async restoreInstalled(actor: string): Promise<SiteVersion> {
    return this.exclusive("deshacer", async () => {
      const current = await this.store.current();
      if (!current || current.buildId === installedBuild)
        throw new PublishRefused("El sitio ya muestra los valores de la instalación.");
      const version = await this.store.begin(
        {
          id: randomId(),
          createdAt: this.now(),
          publishedBy: actor,
          kind: "restauración",
          restoredNumber: 0,
          facts: {},
          changes: this.changesBetween(current.facts, {}),
          towers: {},
          towerChanges: towerChanges(catalogueTowers, current.towers, {}),
          buildId: installedBuild,
        },
        "building",
      );
      const photoChanged = photoChanges(await this.photosOf(current.id), {}, slotsOf(current.towers));
      await this.options.photos?.record(version.id, {}, photoChanged);
      await this.switchOrFail(version, current, undefined);
      await this.afterSwitch(version, current, photoChanged);
      return { ...version, state: "ready" };
    });
  }

  private refuseProblems(facts: FactValues, towers: TowerOverrides): void {
    const problems = [
      ...Object.entries(factProblems(facts)).map(
        ([variable, problem]) => `${labelOf(variable as SiteVariable)}: ${problem}`,
      ),
      ...towerOverrideProblems(catalogueTowers, towers),
    ];
    if (problems.length === 0) return;
    throw new PublishRefused(`Hay datos para corregir antes de publicar: ${problems.join("; ")}.`);
  }

  private changesBetween(before: FactValues, after: FactValues): FactChange[] {
    const env = this.options.env;
    return editableFacts
      .map(({ variable }) => ({
        variable,
        before: effectiveValue(variable, before, env),
        after: effectiveValue(variable, after, env),
      }))
      .filter((change) => change.before !== change.after);
  }

  private buildDirOf(buildId: string): string {
    return buildId === installedBuild ? this.options.installedBuildDir : this.folders.buildDirOf(buildId);
  }

  private async ensureBuilt(
    buildId: string,
    facts: FactValues,
    towers: TowerOverrides,
    photos: PhotoSet,
  ): Promise<void> {
    if (buildId === installedBuild || this.folders.has(buildId)) return;
    const partial = this.folders.partialDirOf(buildId);
    rmSync(partial, { recursive: true, force: true });
    // The tower edits reach the build through one file named in one variable (decision 0020).
    const towersFile = `${partial}.torres.json`;
    const env = buildEnvironment(this.options.env, facts);
    delete env[towerOverridesVariable];
    if (Object.keys(towers).length > 0) {
      writeFileSync(towersFile, JSON.stringify(towers));
      env[towerOverridesVariable] = towersFile;
    }
    try {
      // The photos reach the build through this one variable, and only from the database.
      delete env[photosManifestVariable];
      const manifest = await this.options.photos?.manifestFor(photos, buildId);
      if (manifest) env[photosManifestVariable] = manifest;
      await this.build(env, partial, this.servedSite.buildDir);
      this.folders.complete(buildId, this.servedSite.buildDir);
    } finally {
      rmSync(partial, { recursive: true, force: true });
      rmSync(towersFile, { force: true });
      this.options.photos?.removeManifest(buildId);
    }
  }

  private async photosOf(versionId: string | undefined): Promise<PhotoSet> {
    return (await this.options.photos?.ofVersion(versionId)) ?? {};
  }

  private async photoDrafts(): Promise<Record<string, PhotoDraft>> {
    return (await this.options.photos?.drafts()) ?? {};
  }

  private async buildOrFail(version: SiteVersion, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      await this.store.markFailed(version.id);
      this.log(`Versión ${version.number}: ${error instanceof Error ? error.message : String(error)}`);
      throw new PublishRefused(
        "No se pudo construir el sitio con estos datos; sigue publicada la versión anterior.",
      );
    }
  }

  private async switchOrFail(
    version: SiteVersion,
    current: SiteVersion | undefined,
    drafts: FactValues | undefined,
    towerDrafts?: Record<string, TowerOverride | null>,
  ): Promise<void> {
    if (await this.store.switchTo(version.id, current?.id, drafts, towerDrafts)) return;
    await this.store.markFailed(version.id);
    throw new PublishRefused(
      "Otra publicación terminó mientras tanto: revisá los cambios y volvé a publicar.",
    );
  }

  private async afterSwitch(
    version: SiteVersion,
    previous: SiteVersion | undefined,
    photoChanged: PhotoChange[],
  ): Promise<void> {
    const ready = { ...version, state: "ready" as const };
    this.switchLocally(ready);
    // Inside the one-at-a-time section: no build can appear while the folders are listed.
    await this.pruneBuilds().catch((error: unknown) =>
      this.log(`No se pudieron borrar versiones viejas: ${error}`),
    );
    this.options
      .notify?.({ version: ready, previousNumber: previous?.number, photoChanges: photoChanged })
      .catch((error: unknown) =>
        this.log(`No se pudo avisar la publicación: ${error instanceof Error ? error.message : error}`),
      );
  }

  private switchLocally(version: SiteVersion | undefined): void {
    const buildDir = version ? this.buildDirOf(version.buildId) : this.options.installedBuildDir;
    this.folders.pointCurrentAt(buildDir);
    this.servedSite = { version, buildDir };
    for (const listener of this.listeners) listener(this.servedSite);
  }

  private async pruneBuilds(): Promise<void> {
    const keep = new Set(
      (await this.store.history(this.options.keepBuilds ?? 10)).map((version) => version.buildId),
    );
    if (this.servedSite.version) keep.add(this.servedSite.version.buildId);
    keep.add(previewBuild);
    this.folders.prune(keep);
  }

  /** One publication, undo or catch-up at a time in this instance; a second is refused, not queued. */
  private async exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (this.busy) {
      throw new PublishRefused(
        `Ya hay una publicación en curso (${this.busy}); esperá a que termine y volvé a intentar.`,
      );
    }
    this.busy = what;
    try {
      return await work();
    } finally {
      this.busy = undefined;
    }
  }
}

/** Pages (their paths) whose HTML differs between two builds; an added tower's pages are new. */
function changedPages(servedBuildDir: string, otherBuildDir: string, towers: TowerOverrides): string[] {
  const read = (buildDir: string, path: string) => {
    try {
      return readFileSync(join(clientDirOf(buildDir), pageFile(path)), "utf8");
    } catch {
      return undefined;
    }
  };
  const known = new Set(catalogueTowers.map((tower) => tower.slug));
  const added = Object.keys(towers).filter((slug) => !known.has(slug) && !towers[slug]!.retired);
  return [
    ...pages.map((page) => page.path),
    ...added.flatMap((slug) => [towerPath(slug, "es"), towerPath(slug, "en")]),
  ].filter((path) => {
    const page = read(otherBuildDir, path);
    // A retired tower's page is gone from the preview: nothing to show, its address will answer 301.
    return page !== undefined && read(servedBuildDir, path) !== page;
  });
}

/** The photo slots of the towers of one or more versions (their overrides over the catalogue), each once. */
function slotsOf(...versions: TowerOverrides[]): PhotoSlot[] {
  const slots = versions.flatMap((towers) => photoSlotsOf(applyTowerOverrides(catalogueTowers, towers)));
  return slots.filter((slot, index) => slots.findIndex((other) => other.key === slot.key) === index);
}

function sameFacts(a: FactValues, b: FactValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<SiteVariable>;
  return [...keys].every((key) => a[key] === b[key]);
}

/** The published facts with the drafts on top; an emptied draft returns that fact to the environment's value. */
export function withDrafts(published: FactValues, drafts: FactValues): FactValues {
  const facts: FactValues = { ...published };
  for (const [variable, value] of Object.entries(drafts) as [SiteVariable, string][]) {
    if (value.trim()) facts[variable] = value.trim();
    else delete facts[variable];
  }
  return facts;
}

/** The published tower overrides with the drafts on top; a null draft returns that tower to the catalogue. */
export function withTowerDrafts(
  published: TowerOverrides,
  drafts: Record<string, TowerOverride | null>,
): TowerOverrides {
  const towers: Record<string, TowerOverride> = { ...published };
  for (const [slug, override] of Object.entries(drafts)) {
    if (override) towers[slug] = override;
    else delete towers[slug];
  }
  return towers;
}
