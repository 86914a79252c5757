/**
 * Owner photos: a file named after the slug in the photos folder replaces the
 * artwork. Each photo is cropped to 16:10 and encoded as AVIF, WebP and JPEG
 * at two widths; file names carry a hash of the source, so an unchanged photo
 * is never encoded twice and a replaced one never hits a stale cache.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";

import sharp, { type Sharp } from "sharp";

import type { CatalogueImageEntry, ImageKind } from "#app/content/image-manifest.ts";
import { catalogueAspect } from "#app/lib/art/tower-art.ts";

export const photoExtensions = ["jpg", "jpeg", "png", "webp"] as const;
/** The photos folder's subfolder of each kind: images/photos/towers/<slug>.jpg. */
export const kindFolders: Record<ImageKind, string> = { tower: "towers", "property-type": "property-types" };
const largest = 800;
export const photoWidths = [400, largest] as const;
/** 16:10, the shape of every catalogue card. */
export const photoAspect = catalogueAspect;
/** Bump when the encoding settings change, so cached variants are rebuilt. */
const pipelineVersion = "1";

// AVIF effort 2 encodes about ten times faster than the default for ~10 % more bytes: builds stay quick.
const formats = [
  { extension: "avif", type: "image/avif", encode: (image: Sharp) => image.avif({ quality: 50, effort: 2 }) },
  { extension: "webp", type: "image/webp", encode: (image: Sharp) => image.webp({ quality: 74 }) },
  {
    extension: "jpg",
    type: "image/jpeg",
    encode: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }),
  },
] as const;

/** The owner's photo for a slug, if there is one (first matching extension wins). */
export function findPhoto(photosDir: string, slug: string): string | undefined {
  return photoExtensions
    .map((extension) => join(photosDir, `${slug}.${extension}`))
    .find((path) => existsSync(path));
}

export type PhotoVariants = { entry: CatalogueImageEntry; files: string[] };

/**
 * Encodes the variants of one photo into `outDir` (served at `urlPrefix`).
 * Returns the manifest entry and the names of the files it needs.
 */
export async function photoVariants(
  source: string,
  slug: string,
  outDir: string,
  urlPrefix: string,
): Promise<PhotoVariants> {
  const input = readFileSync(source);
  const hash = createHash("sha256").update(pipelineVersion).update(input).digest("hex").slice(0, 10);
  const name = (width: number, extension: string) => `${slug}-${hash}-${width}.${extension}`;
  const files: string[] = [];
  const jobs: Promise<unknown>[] = [];
  for (const width of photoWidths) {
    for (const format of formats) {
      const file = name(width, format.extension);
      files.push(file);
      if (existsSync(join(outDir, file))) continue;
      const resized = sharp(input)
        .rotate()
        .resize(width, Math.round(width * photoAspect), { fit: "cover", position: "centre" });
      // Encode under a temporary name: an interrupted run must not leave a truncated file that looks cached.
      const temporary = join(outDir, `.${file}.${process.pid}.tmp`);
      jobs.push(
        format
          .encode(resized)
          .toFile(temporary)
          .then(() => renameSync(temporary, join(outDir, file))),
      );
    }
  }
  await Promise.all(jobs);
  const srcset = (extension: string) =>
    photoWidths.map((width) => `${urlPrefix}/${name(width, extension)} ${width}w`).join(", ");
  return {
    entry: {
      src: `${urlPrefix}/${name(largest, "jpg")}`,
      width: largest,
      height: Math.round(largest * photoAspect),
      srcset: srcset("jpg"),
      sources: [
        { type: "image/avif", srcset: srcset("avif") },
        { type: "image/webp", srcset: srcset("webp") },
      ],
    },
    files,
  };
}
