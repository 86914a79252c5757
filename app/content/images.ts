/**
 * The catalogue's images, looked up by kind and slug. The data comes from
 * app/generated/images.ts, written by scripts/generate-images.ts on every
 * build: an owner photo when one is in images/photos/, otherwise the
 * generated artwork. See docs/decisions/0005-images.md.
 */
import { imageManifest, socialCards } from "../generated/images.ts";

export { faviconDataUrl } from "../generated/images.ts";

export type ImageKind = "tower" | "property-type";

export type ImageSource = { readonly type: "image/avif" | "image/webp"; readonly srcset: string };

export type CatalogueImageEntry = {
  /** The fallback image (JPEG for photos, SVG for artwork). */
  readonly src: string;
  readonly width: number;
  readonly height: number;
  /** Width descriptors for `src`'s format, when there are several sizes. */
  readonly srcset?: string;
  /** Modern formats, best first, for <picture>. */
  readonly sources?: readonly ImageSource[];
  /** An owner's uploaded photo says what it shows, in each language; artwork's text comes from the page. */
  readonly alt?: { readonly es: string; readonly en: string };
};

export type ImageManifest = Readonly<Record<string, CatalogueImageEntry>>;

export function imageKey(kind: ImageKind, slug: string): string {
  return `${kind}/${slug}`;
}

const manifest: ImageManifest = imageManifest;

export function catalogueImage(kind: ImageKind, slug: string): CatalogueImageEntry {
  const entry = manifest[imageKey(kind, slug)];
  if (!entry) {
    throw new Error(
      `No hay imagen para ${kind} "${slug}": revisá el slug o corré node scripts/generate-images.ts.`,
    );
  }
  return entry;
}

const cards: ImageManifest = socialCards;

/** A tower's Open Graph card (1200×630), drawn at build time from its artwork or photo. */
export function towerSocialCard(slug: string): CatalogueImageEntry {
  const entry = cards[slug];
  if (!entry)
    throw new Error(`No hay tarjeta para compartir de "${slug}": corré node scripts/generate-images.ts.`);
  return entry;
}
