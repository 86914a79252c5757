import type { Kysely } from "kysely";

import type { LeadDatabase } from "./schema.ts";

/**
 * The owner's photos as stored (decision 0020, photos): the masters' bytes by
 * hash, the drafts by slot, and each version's whole set of photos with what it
 * changed. server/site/photos/ decides and writes the build's files; every
 * statement is here (decision 0021).
 */

export type Alt = { es: string; en: string };
export type PublishedPhoto = { hash: string; alt: Alt };
/** The photos of one version (or of the drafts on top of it), by slot; a slot left out shows its artwork. */
export type PhotoSet = Record<string, PublishedPhoto>;
/** A draft: a photo for the slot, or `hash: null` to bring its artwork back. */
export type PhotoDraft = { hash: string | null; alt: Alt };
export type PhotoChange = { slot: string; label: string; before: string; after: string };
/** A master as stored: the re-encoded JPEG and its size. */
export type PhotoFile = { hash: string; master: Uint8Array; width: number; height: number };

/** Whether a draft is what a set already shows in its slot (the same photo and texts, or its artwork). */
export function draftShown(draft: PhotoDraft, shown: PublishedPhoto | undefined): boolean {
  return draft.hash
    ? shown?.hash === draft.hash && shown.alt.es === draft.alt.es && shown.alt.en === draft.alt.en
    : !shown;
}

export class SitePhotoRows {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
  }

  async saveFile(photo: PhotoFile, now: Date): Promise<void> {
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
      if (draftShown(draft, published[slot])) return;
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
      if (!draftShown(draft, published[slot])) continue;
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
   * Deletes the masters no draft and no version names, stored before `before`
   * (a younger one's upload may be between storing the file and its draft); returns their hashes.
   */
  async pruneFiles(before: Date): Promise<string[]> {
    const named = new Set<string>();
    for (const row of await this.db.selectFrom("site_photo_drafts").select("hash").execute())
      if (row.hash) named.add(row.hash);
    for (const row of await this.db.selectFrom("site_version_photos").select("photos").execute())
      for (const photo of Object.values(JSON.parse(row.photos) as PhotoSet)) named.add(photo.hash);
    const stale = (
      await this.db.selectFrom("site_photo_files").select(["hash", "created_at"]).execute()
    ).filter((row) => !named.has(row.hash) && row.created_at < before.toISOString());
    for (const { hash } of stale)
      await this.db.deleteFrom("site_photo_files").where("hash", "=", hash).execute();
    return stale.map((row) => row.hash);
  }
}
