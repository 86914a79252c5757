/**
 * The catalogue's images, looked up by kind and slug. The data comes from
 * app/generated/images.ts, written by scripts/generate-images.ts on every
 * build: an owner photo when one is in images/photos/, otherwise the
 * generated artwork. See docs/decisions/0005-images.md.
 */
import { imageManifest, socialCards } from "../generated/images.ts";

export {
  imageKey,
  type CatalogueImageEntry,
  type ImageKind,
  type ImageManifest,
  type ImageSource,
} from "./image-manifest.ts";
import { imageKey, type CatalogueImageEntry, type ImageKind, type ImageManifest } from "./image-manifest.ts";

declare const __SITE_IMAGES__: { imageManifest: ImageManifest; socialCards: ImageManifest } | undefined;

/**
 * A build's own images when it renders its pages (scripts/build/render-pages.ts sets them before the
 * server bundle loads: an owner's publication reuses a bundle made before its photos); otherwise the
 * generated module's.
 */
const rendered = typeof __SITE_IMAGES__ === "undefined" ? undefined : __SITE_IMAGES__;

const manifest: ImageManifest = rendered?.imageManifest ?? imageManifest;

export function catalogueImage(kind: ImageKind, slug: string): CatalogueImageEntry {
  const entry = manifest[imageKey(kind, slug)];
  if (!entry) {
    throw new Error(
      `No hay imagen para ${kind} "${slug}": revisá el slug o corré node scripts/generate-images.ts.`,
    );
  }
  return entry;
}

const cards: ImageManifest = rendered?.socialCards ?? socialCards;

/** A tower's Open Graph card (1200×630), drawn at build time from its artwork or photo. */
export function towerSocialCard(slug: string): CatalogueImageEntry {
  const entry = cards[slug];
  if (!entry)
    throw new Error(`No hay tarjeta para compartir de "${slug}": corré node scripts/generate-images.ts.`);
  return entry;
}
