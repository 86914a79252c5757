import { existsSync, readFileSync } from "node:fs";
import { isAbsolute } from "node:path";

/**
 * The one way the owner's photos reach the build (decision 0020, photos): the
 * publisher writes a JSON file naming each slot's master and its alt texts, and
 * passes its path in this variable to `scripts/build.ts`, whose image step
 * (scripts/generate-images.ts) encodes those masters instead of the artwork.
 * Unset, or an empty list: the build is exactly the deployment's.
 */
export const photosManifestVariable = "BUILD_PHOTOS_MANIFEST";

export type UploadedPhoto = {
  /** Absolute path of the master (JPEG, 16:10, no metadata). */
  file: string;
  alt: { es: string; en: string };
};

/** By slot, as the image manifest keys them ("tower/alvear-tower"). */
export type UploadedPhotos = Record<string, UploadedPhoto>;

/** Reads the photos a build was given; a missing or malformed file stops the build with its reason. */
export function readUploadedPhotos(env: Record<string, string | undefined>): UploadedPhotos {
  const path = env[photosManifestVariable];
  if (!path) return {};
  if (!isAbsolute(path) || !existsSync(path))
    throw new Error(`${photosManifestVariable}="${path}": no existe ese archivo (ruta absoluta).`);
  const parsed = JSON.parse(readFileSync(path, "utf8")) as unknown;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${photosManifestVariable}: se esperaba un objeto JSON por lugar de foto.`);
  const photos: UploadedPhotos = {};
  for (const [slot, value] of Object.entries(parsed)) {
    const photo = value as Partial<UploadedPhoto> | null;
    const valid =
      typeof photo?.file === "string" &&
      isAbsolute(photo.file) &&
      existsSync(photo.file) &&
      typeof photo.alt?.es === "string" &&
      photo.alt.es.trim() !== "" &&
      typeof photo.alt?.en === "string" &&
      photo.alt.en.trim() !== "";
    if (!valid) throw new Error(`${photosManifestVariable}: la foto de ${slot} no tiene archivo o textos.`);
    photos[slot] = { file: photo.file!, alt: { es: photo.alt!.es!, en: photo.alt!.en! } };
  }
  return photos;
}
