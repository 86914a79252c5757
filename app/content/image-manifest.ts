/**
 * The shape of the catalogue's images' manifest and how it is keyed, without
 * the manifest itself (app/content/images.ts imports the generated one): the
 * server reads a build's manifest as data (server/site/site-builds.ts) and
 * runs on a checkout where nothing was generated yet.
 */
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
