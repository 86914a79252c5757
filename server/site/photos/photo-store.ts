import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type {
  PhotoChange,
  PhotoDraft,
  PhotoFile,
  PhotoSet,
  PublishedPhoto,
  SitePhotoRows,
} from "../../storage/site-photo-rows.ts";
import type { UploadedPhotos } from "./build-channel.ts";
import { photoSlots, type PhotoSlot } from "./photo-slots.ts";

/**
 * The owner's photos in the lead database (decision 0020, photos): the masters'
 * bytes by hash, the drafts by slot, and each version's whole set of photos
 * with what it changed (their rows: storage/site-photo-rows.ts). The database is
 * the one source: the files the build reads are written from it, so any
 * instance (and a restored backup) can build any version.
 */

export type {
  Alt,
  PhotoChange,
  PhotoDraft,
  PhotoSet,
  PublishedPhoto,
} from "../../storage/site-photo-rows.ts";

export const artworkText = "dibujo generado";

const describe = (photo: PublishedPhoto | undefined) => (photo ? `foto «${photo.alt.es}»` : artworkText);

/**
 * What changes from one set of photos to another, slot by slot, in the words of the e-mail and the
 * history; `named` names them (the towers of the versions compared: an added tower's slot by its name).
 */
export function photoChanges(
  before: PhotoSet,
  after: PhotoSet,
  named: readonly PhotoSlot[] = photoSlots,
): PhotoChange[] {
  const slots = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return slots
    .filter(
      (slot) =>
        before[slot]?.hash !== after[slot]?.hash ||
        before[slot]?.alt.es !== after[slot]?.alt.es ||
        before[slot]?.alt.en !== after[slot]?.alt.en,
    )
    .map((slot) => {
      const [was, is] = [before[slot], after[slot]];
      // The owner tells photos apart by what they show, never by a file's digest.
      const samePhoto = was?.hash === is?.hash;
      const sameWords = describe(was) === describe(is);
      return {
        slot,
        label: `Foto de ${named.find((candidate) => candidate.key === slot)?.label ?? slot}`,
        before: describe(was),
        after:
          samePhoto && sameWords
            ? `${describe(is)}, texto en inglés «${is?.alt.en}»`
            : !samePhoto && sameWords && is
              ? `otra ${describe(is)}`
              : describe(is),
      };
    });
}

/** The published photos with the drafts on top. */
export function photosWithDrafts(published: PhotoSet, drafts: Record<string, PhotoDraft>): PhotoSet {
  const photos: PhotoSet = { ...published };
  for (const [slot, draft] of Object.entries(drafts)) {
    if (draft.hash) photos[slot] = { hash: draft.hash, alt: draft.alt };
    else delete photos[slot];
  }
  return photos;
}

export function samePhotos(a: PhotoSet, b: PhotoSet): boolean {
  return photoChanges(a, b).length === 0;
}

export class SitePhotoStore {
  private readonly rows: SitePhotoRows;
  /** Where masters are written for the build: <LEADS_DATA_DIR>/site-photos (a cache of the database). */
  readonly dir: string;

  constructor(rows: SitePhotoRows, dir: string) {
    this.rows = rows;
    this.dir = dir;
  }

  saveFile(photo: PhotoFile, now: Date): Promise<void> {
    return this.rows.saveFile(photo, now);
  }

  file(hash: string): Promise<Buffer | undefined> {
    return this.rows.file(hash);
  }

  drafts(): Promise<Record<string, PhotoDraft>> {
    return this.rows.drafts();
  }

  /** Stores a draft; one equal to what is published is no draft. */
  saveDraft(slot: string, draft: PhotoDraft, published: PhotoSet, now: Date): Promise<void> {
    return this.rows.saveDraft(slot, draft, published, now);
  }

  discardDrafts(): Promise<void> {
    return this.rows.discardDrafts();
  }

  /** A version's photos; none for the deployment's build or a version from before photos existed. */
  ofVersion(versionId: string | undefined): Promise<PhotoSet> {
    return this.rows.ofVersion(versionId);
  }

  changesOf(versionId: string): Promise<PhotoChange[]> {
    return this.rows.changesOf(versionId);
  }

  /** Records a version's photos before it is built (its row in site_versions already exists). */
  record(versionId: string, photos: PhotoSet, changes: PhotoChange[]): Promise<void> {
    return this.rows.record(versionId, photos, changes);
  }

  /** After a publication: the drafts it published are drafts no more (a newer draft stays). */
  clearPublished(published: PhotoSet, drafts: Record<string, PhotoDraft>): Promise<void> {
    return this.rows.clearPublished(published, drafts);
  }

  /**
   * Writes the masters of a set from the database to disk and the manifest the
   * build reads; returns its path, or undefined for no photos (the build as deployed).
   */
  async manifestFor(photos: PhotoSet, buildId: string): Promise<string | undefined> {
    const entries = Object.entries(photos);
    if (entries.length === 0) return undefined;
    mkdirSync(this.dir, { recursive: true });
    const manifest: UploadedPhotos = {};
    for (const [slot, photo] of entries) {
      const file = join(this.dir, `${photo.hash}.jpg`);
      if (!existsSync(file)) {
        const bytes = await this.file(photo.hash);
        if (!bytes) throw new Error(`Falta la foto ${photo.hash} de ${slot} en la base.`);
        writeFileSync(`${file}.tmp`, bytes);
        renameSync(`${file}.tmp`, file);
      }
      manifest[slot] = { file, alt: photo.alt };
    }
    const path = join(this.dir, `build-${buildId}.json`);
    writeFileSync(path, JSON.stringify(manifest, null, 2));
    return path;
  }

  /**
   * Deletes the masters no draft and no version names (a photo replaced before it was published),
   * from the database and from the build's cache on disk. A master younger than `graceMs` is kept:
   * its upload may be between storing the file and its draft.
   */
  async pruneFiles(now: Date, graceMs = 60 * 60_000): Promise<number> {
    const pruned = await this.rows.pruneFiles(new Date(now.getTime() - graceMs));
    for (const hash of pruned) rmSync(join(this.dir, `${hash}.jpg`), { force: true });
    return pruned.length;
  }

  removeManifest(buildId: string): void {
    rmSync(join(this.dir, `build-${buildId}.json`), { force: true });
  }

  /** At start: the manifests a build killed mid-way (kill -9) left behind. */
  removeManifests(): void {
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir))
      if (/^build-.+\.json$/.test(name)) rmSync(join(this.dir, name), { force: true });
  }
}
