import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Kysely } from "kysely";

import type { LeadDatabase } from "../../leads/storage/schema.ts";
import type { UploadedPhotos } from "./build-channel.ts";
import type { ProcessedPhoto } from "./photo-intake.ts";
import { photoSlot } from "./photo-slots.ts";

/**
 * The owner's photos in the lead database (decision 0020, photos): the masters'
 * bytes by hash, the drafts by slot, and each version's whole set of photos
 * with what it changed. The database is the one source: the files the build
 * reads are written from it, so any instance (and a restored backup) can build
 * any version.
 */

export type Alt = { es: string; en: string };
export type PublishedPhoto = { hash: string; alt: Alt };
/** The photos of one version (or of the drafts on top of it), by slot; a slot left out shows its artwork. */
export type PhotoSet = Record<string, PublishedPhoto>;
/** A draft: a photo for the slot, or `hash: null` to bring its artwork back. */
export type PhotoDraft = { hash: string | null; alt: Alt };
export type PhotoChange = { slot: string; label: string; before: string; after: string };

export const artworkText = "dibujo generado";

const describe = (photo: PublishedPhoto | undefined) =>
  photo ? `foto «${photo.alt.es}» (${photo.hash.slice(0, 8)})` : artworkText;

/** What changes from one set of photos to another, slot by slot, in the words of the e-mail and the history. */
export function photoChanges(before: PhotoSet, after: PhotoSet): PhotoChange[] {
  const slots = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return slots
    .filter(
      (slot) =>
        describe(before[slot]) !== describe(after[slot]) || before[slot]?.alt.en !== after[slot]?.alt.en,
    )
    .map((slot) => ({
      slot,
      label: `Foto de ${photoSlot(slot)?.label ?? slot}`,
      before: describe(before[slot]),
      after:
        describe(after[slot]) === describe(before[slot])
          ? `${describe(after[slot])}, texto en inglés «${after[slot]?.alt.en}»`
          : describe(after[slot]),
    }));
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
  private readonly db: Kysely<LeadDatabase>;
  /** Where masters are written for the build: <LEADS_DATA_DIR>/site-photos (a cache of the database). */
  readonly dir: string;

  constructor(db: Kysely<LeadDatabase>, dir: string) {
    this.db = db;
    this.dir = dir;
  }

  async saveFile(photo: ProcessedPhoto, now: Date): Promise<void> {
    const exists = await this.db
      .selectFrom("site_photo_files")
      .select("hash")
      .where("hash", "=", photo.hash)
      .executeTakeFirst();
    if (exists) return;
    await this.db
      .insertInto("site_photo_files")
      .values({
        hash: photo.hash,
        bytes: photo.master,
        width: photo.width,
        height: photo.height,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .execute();
  }

  async file(hash: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom("site_photo_files")
      .select("bytes")
      .where("hash", "=", hash)
      .executeTakeFirst();
    return row && Buffer.from(row.bytes);
  }

  async drafts(): Promise<Record<string, PhotoDraft>> {
    const rows = await this.db.selectFrom("site_photo_drafts").selectAll().execute();
    return Object.fromEntries(
      rows.map((row) => [row.slot, { hash: row.hash, alt: { es: row.alt_es, en: row.alt_en } }]),
    );
  }

  /** Stores a draft; one equal to what is published is no draft. */
  async saveDraft(slot: string, draft: PhotoDraft, published: PhotoSet, now: Date): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom("site_photo_drafts").where("slot", "=", slot).execute();
      const same = draft.hash
        ? published[slot]?.hash === draft.hash &&
          published[slot]?.alt.es === draft.alt.es &&
          published[slot]?.alt.en === draft.alt.en
        : !published[slot];
      if (same) return;
      await transaction
        .insertInto("site_photo_drafts")
        .values({
          slot,
          hash: draft.hash,
          alt_es: draft.alt.es,
          alt_en: draft.alt.en,
          updated_at: now.toISOString(),
        })
        .execute();
    });
  }

  async discardDrafts(): Promise<void> {
    await this.db.deleteFrom("site_photo_drafts").execute();
  }

  /** A version's photos; none for the deployment's build or a version from before photos existed. */
  async ofVersion(versionId: string | undefined): Promise<PhotoSet> {
    if (!versionId) return {};
    const row = await this.db
      .selectFrom("site_version_photos")
      .select("photos")
      .where("version_id", "=", versionId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.photos) as PhotoSet) : {};
  }

  async changesOf(versionId: string): Promise<PhotoChange[]> {
    const row = await this.db
      .selectFrom("site_version_photos")
      .select("changes")
      .where("version_id", "=", versionId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.changes) as PhotoChange[]) : [];
  }

  /** Records a version's photos before it is built (its row in site_versions already exists). */
  async record(versionId: string, photos: PhotoSet, changes: PhotoChange[]): Promise<void> {
    await this.db
      .insertInto("site_version_photos")
      .values({ version_id: versionId, photos: JSON.stringify(photos), changes: JSON.stringify(changes) })
      .execute();
  }

  /** After a publication: the drafts it published are drafts no more (a newer draft stays). */
  async clearPublished(published: PhotoSet, drafts: Record<string, PhotoDraft>): Promise<void> {
    for (const [slot, draft] of Object.entries(drafts)) {
      const now = published[slot];
      const done = draft.hash
        ? now?.hash === draft.hash && now.alt.es === draft.alt.es && now.alt.en === draft.alt.en
        : !now;
      if (!done) continue;
      // Only the draft as it was published: one saved meanwhile stays.
      await this.db
        .deleteFrom("site_photo_drafts")
        .where("slot", "=", slot)
        .where((eb) => (draft.hash ? eb("hash", "=", draft.hash) : eb("hash", "is", null)))
        .where("alt_es", "=", draft.alt.es)
        .where("alt_en", "=", draft.alt.en)
        .execute();
    }
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
    const named = new Set<string>();
    for (const row of await this.db.selectFrom("site_photo_drafts").select("hash").execute())
      if (row.hash) named.add(row.hash);
    for (const row of await this.db.selectFrom("site_version_photos").select("photos").execute())
      for (const photo of Object.values(JSON.parse(row.photos) as PhotoSet)) named.add(photo.hash);
    const before = new Date(now.getTime() - graceMs).toISOString();
    const stale = (
      await this.db.selectFrom("site_photo_files").select(["hash", "created_at"]).execute()
    ).filter((row) => !named.has(row.hash) && row.created_at < before);
    for (const { hash } of stale) {
      await this.db.deleteFrom("site_photo_files").where("hash", "=", hash).execute();
      rmSync(join(this.dir, `${hash}.jpg`), { force: true });
    }
    return stale.length;
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
