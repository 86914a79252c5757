import { imageKey, type ImageKind } from "#app/content/image-manifest.ts";
import { propertyTypes } from "#app/content/property-types.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { towerTitle } from "#app/content/tower-edits.ts";

/**
 * Every place of the site a photo can take (decision 0020, photos): one per
 * tower and one per property type, keyed as the image manifest keys them
 * ("tower/alvear-tower"). The home page has no picture, so it has no slot.
 */
export type PhotoSlot = {
  key: string;
  kind: ImageKind;
  slug: string;
  /** How the owner knows it: «Torre Alvear Tower», «Torre Mirador Sur» (not «Torre Torre…»), «Tipo de propiedad: Loft». */
  label: string;
};

/** The slots of a list of towers (the catalogue, or the towers as the owner published them). */
export const photoSlotsOf = (towers: readonly { slug: string; nombre: string }[]): PhotoSlot[] => [
  ...towers.map((tower) => ({
    key: imageKey("tower", tower.slug),
    kind: "tower" as const,
    slug: tower.slug,
    label: towerTitle(tower.nombre),
  })),
  ...propertyTypes.map((type) => ({
    key: imageKey("property-type", type.slug),
    kind: "property-type" as const,
    slug: type.slug,
    label: `Tipo de propiedad: ${type.tipo}`,
  })),
];

export const photoSlots: readonly PhotoSlot[] = photoSlotsOf(catalogueTowers);

export function photoSlot(key: string): PhotoSlot | undefined {
  return photoSlots.find((slot) => slot.key === key);
}
