/**
 * The image of a tower or a property type. (Placeholder: the artwork pipeline
 * replaces it with responsive, self-hosted images.)
 */
export type CatalogueImageProps = {
  kind: "tower" | "property-type";
  slug: string;
  alt: string;
  /** Above the fold: load eagerly with high priority. Default: lazy. */
  priority?: boolean;
  /** The `sizes` attribute; default fits a card in a 1-3 column grid. */
  sizes?: string;
  className?: string;
};

export function CatalogueImage({ kind, slug, alt, priority = false, className }: CatalogueImageProps) {
  return (
    <img
      src={`/generated/${kind}/${slug}.svg`}
      alt={alt}
      width={640}
      height={400}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
