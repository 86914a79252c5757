import { readFile } from "node:fs/promises";
import { join } from "node:path";

import { propertyTypeText } from "#app/content/en/catalogue-text.ts";
import type { ImageManifest } from "#app/content/image-manifest.ts";
import { catalogueTowers, type Tower } from "#app/content/tower-catalogue.ts";
import { applyTowerOverrides } from "#app/content/tower-edits.ts";
import { towerSvg } from "#app/lib/art/tower-art.ts";
import { ownerTextProblem } from "#app/lib/owner-text.ts";
import type {
  PhotoUploadOutcome,
  SitePhotoEditor,
  SitePhotoSlotView,
} from "#app/features/inbox/inbox-service.ts";
import { inboxPaths } from "#app/features/inbox/paths.ts";
import { towerPath } from "#app/site-map.ts";
import { clientDirOf } from "../../build-layout.ts";
import { previewBuild } from "../site-builds.ts";
import type { SitePublisher } from "../site-publisher.ts";
import { acceptedFormats, heicSupported, photoLimits, processPhoto, refusalMessage } from "./photo-intake.ts";
import { photoSlotsOf, type PhotoSlot } from "./photo-slots.ts";
import { photosWithDrafts, type PublishedPhoto, type SitePhotoStore } from "./photo-store.ts";
import { readPhotoUpload } from "./photo-upload.ts";

/**
 * The inbox's photo page (/bandeja/sitio/fotos) on the photo store: each slot
 * with what the pages show and what a publication would put there, and the
 * upload that turns a file into a draft. Publishing is the site editor's
 * («Publicar» at /bandeja/sitio), with the same second factor.
 */

/** An alt text: what the photo shows, for someone who cannot see it; one line, no markup needed. */
export const altLimits = { min: 5, max: 200 } as const;

const imageTypes = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
} as const;

const photoSrc = (hash: string) => `${inboxPaths.sitePhotoFile}/${hash}.jpg`;
const isHash = (value: string) => /^[0-9a-f]{64}$/.test(value);

/**
 * Why the descriptions cannot be saved, naming the field as the page labels
 * it: the Spanish one is required, the English one optional (built from the
 * place when empty), both under the shared rules for the owner's texts.
 */
function altProblem(raw: { es: string; en: string }, alt: { es: string; en: string }): string | undefined {
  const fields = [
    ["«Qué muestra la foto, en español»", raw.es],
    ["«Qué muestra la foto, en inglés»", raw.en],
  ] as const;
  for (const [label, value] of fields) {
    const problem = ownerTextProblem(value.trim(), { max: altLimits.max });
    if (problem) return `${label}: ${problem}.`;
  }
  if (!alt.es)
    return "Escribí en «Qué muestra la foto, en español» lo que se ve: lo leen quienes no pueden verla y los buscadores.";
  if (alt.es.length < altLimits.min)
    return `«Qué muestra la foto, en español»: al menos ${altLimits.min} caracteres.`;
  if (alt.en && alt.en.length < altLimits.min)
    return `«Qué muestra la foto, en inglés»: al menos ${altLimits.min} caracteres, o dejala vacía.`;
  return undefined;
}

/** One line of text without extra spaces. */
const oneLine = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();

/**
 * The English description when the owner leaves it empty: what the place is,
 * in the words of the English pages («Alvear Tower, a residential tower in
 * Puerto Madero, Buenos Aires»), better for a reader than no text at all.
 */
export function englishAltOf(slot: PhotoSlot, towers: readonly Tower[]): string {
  if (slot.kind === "tower") {
    const name = towers.find((tower) => tower.slug === slot.slug)?.nombre ?? slot.slug;
    return `${name}, a residential tower in Puerto Madero, Buenos Aires`;
  }
  const type = propertyTypeText[slot.slug]?.tipo ?? slot.slug;
  return `${type} in Puerto Madero, Buenos Aires`;
}

/**
 * The slots as the next publication would show them: a tower added as a draft has
 * one (it can get its photo before it is published), a retired one has none.
 */
async function slotsToPublish(publisher: SitePublisher): Promise<{ slots: PhotoSlot[]; towers: Tower[] }> {
  const towers = applyTowerOverrides(catalogueTowers, (await publisher.content.toPublish()).towers);
  return { slots: photoSlotsOf(towers), towers };
}

/**
 * The artwork a slot shows without a photo: the served build's (read from that build, never
 * from the project's generated files, which a publication does not touch), or, for a tower the
 * served build lacks (added since, or back from retirement), drawn now as the build will.
 */
function artworkSrc(slot: PhotoSlot, towers: readonly Tower[], served: ImageManifest): string {
  const built = served[slot.key];
  if (built) return built.src;
  const tower = slot.kind === "tower" ? towers.find((candidate) => candidate.slug === slot.slug) : undefined;
  return tower ? `data:image/svg+xml,${encodeURIComponent(towerSvg(tower))}` : "";
}

export function createPhotoEditor(options: {
  photos: SitePhotoStore;
  publisher: SitePublisher;
  now?: () => Date;
}): SitePhotoEditor {
  const { photos, publisher } = options;
  const now = options.now ?? (() => new Date());
  // Whether this machine reads HEIC is settled now, at start, not on the owner's first upload.
  heicSupported();
  const shown = (slot: PhotoSlot, towers: readonly Tower[], photo: PublishedPhoto | undefined) =>
    photo
      ? { src: photoSrc(photo.hash), photo: true, alt: photo.alt }
      : { src: artworkSrc(slot, towers, publisher.servedImages()), photo: false };
  const slotOf = async (key: string) =>
    (await slotsToPublish(publisher)).slots.find((slot) => slot.key === key);

  return {
    async view() {
      const published = (await publisher.content.published()).photos;
      const drafts = await photos.drafts();
      const pending = photosWithDrafts(published, drafts);
      const formats = acceptedFormats();
      const { slots, towers } = await slotsToPublish(publisher);
      return {
        slots: slots.map((slot): SitePhotoSlotView => ({
          key: slot.key,
          label: slot.label,
          pagePath: slot.kind === "tower" ? towerPath(slot.slug) : "/tasar-propiedades",
          published: shown(slot, towers, published[slot.key]),
          draft: drafts[slot.key] ? shown(slot, towers, pending[slot.key]) : undefined,
        })),
        accept: formats.accept,
        formats: formats.label,
        heic: heicSupported(),
        maxMegabytes: photoLimits.maxBytes / 1024 / 1024,
        minSize: `${photoLimits.minWidth} × ${photoLimits.minHeight}`,
      };
    },

    async upload(body, contentType): Promise<PhotoUploadOutcome> {
      const upload = await readPhotoUpload(body, contentType);
      const raw = { es: upload.fields.alt_es ?? "", en: upload.fields.alt_en ?? "" };
      const typed = { es: oneLine(raw.es), en: oneLine(raw.en) };
      const slotKey = upload.fields.slot;
      const { slots, towers } = await slotsToPublish(publisher);
      const slot = slots.find((candidate) => candidate.key === slotKey);
      const refuse = (message: string) => ({ ok: false as const, slot: slot?.key, message, alt: typed });
      if (upload.tooBig) return refuse(refusalMessage("demasiado-grande"));
      if (upload.stalled) return { ...refuse(refusalMessage("se-detuvo")), stalled: true };
      if (upload.malformed || !slot) return refuse("El formulario llegó incompleto: volvé a intentarlo.");
      const problem = altProblem(raw, typed);
      if (problem) return refuse(problem);
      const alt = { es: typed.es, en: typed.en || englishAltOf(slot, towers) };

      const published = (await publisher.content.published()).photos;
      if (!upload.file || upload.file.length === 0) {
        // No file: new texts for the photo the slot already has (a draft's, else the published one).
        const current = photosWithDrafts(published, await photos.drafts())[slot.key];
        if (!current) return refuse(refusalMessage("vacío"));
        await photos.saveDraft(slot.key, { hash: current.hash, alt }, published, now());
        return { ok: true, slot: slot.key };
      }
      const processed = await processPhoto(upload.file);
      if (!processed.ok) return refuse(refusalMessage(processed.refusal));
      await photos.saveFile(processed.photo, now());
      await photos.saveDraft(slot.key, { hash: processed.photo.hash, alt }, published, now());
      await photos.pruneFiles(now());
      return { ok: true, slot: slot.key };
    },

    async backToArtwork(key) {
      const slot = await slotOf(key);
      if (!slot) return false;
      await photos.saveDraft(
        slot.key,
        { hash: null, alt: { es: "", en: "" } },
        (await publisher.content.published()).photos,
        now(),
      );
      return true;
    },

    async photo(hash) {
      return isHash(hash) ? photos.file(hash) : undefined;
    },

    async previewImage(path) {
      // Only the catalogue's generated files, by a name that cannot leave their folder.
      const match = /^\/generated\/(towers|property-types|social)\/([a-z0-9-]+\.(avif|webp|jpg|svg))$/.exec(
        path,
      );
      if (!match) return undefined;
      const file = join(
        clientDirOf(join(publisher.versionsDir, previewBuild)),
        "generated",
        match[1]!,
        match[2]!,
      );
      try {
        return { bytes: await readFile(file), type: imageTypes[match[3] as keyof typeof imageTypes] };
      } catch {
        return undefined;
      }
    },
  };
}
