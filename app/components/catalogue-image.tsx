import { catalogueImage, type ImageKind } from "../content/images.ts";
import { svgDataUrl } from "../lib/art/svg-data-url.ts";
import { useLang } from "../lib/lang.ts";

/**
 * The image of a tower or a property type: the owner's photo (AVIF/WebP/JPEG
 * in a <picture>) when one is in images/photos/, otherwise the generated
 * artwork. Always has explicit dimensions so nothing shifts while it loads.
 */
export type CatalogueImageProps = {
  kind: ImageKind;
  slug: string;
  /** The artwork's text; an uploaded photo brings its own, written by the owner. */
  alt: string;
  /** Above the fold: load eagerly with high priority. Default: lazy, and low priority even once in
   * view, so card artwork never competes with the page's CSS and heading (decision 0008). */
  priority?: boolean;
  /**
   * The generated artwork's SVG, to draw it inside the page rather than fetch its file: for a
   * page's largest element, which then paints with the page (docs/decisions/0008-fonts.md).
   * An owner photo, when there is one, is still fetched.
   */
  inlineArtwork?: string;
  /** The `sizes` attribute; default fits a card in a 1-3 column grid. */
  sizes?: string;
  className?: string;
};

export const defaultSizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

export function CatalogueImage({
  kind,
  slug,
  alt,
  priority = false,
  inlineArtwork,
  sizes = defaultSizes,
  className,
}: CatalogueImageProps) {
  const image = catalogueImage(kind, slug);
  const lang = useLang();
  const inline = inlineArtwork !== undefined && !image.sources;
  const img = (
    <img
      src={inline ? svgDataUrl(inlineArtwork) : image.src}
      srcSet={inline ? undefined : image.srcset}
      sizes={image.srcset ? sizes : undefined}
      alt={image.alt?.[lang] ?? alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : "low"}
      className={className ? `block h-auto w-full ${className}` : "block h-auto w-full"}
    />
  );
  if (!image.sources) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
