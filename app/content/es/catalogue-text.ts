import { propertyTypes } from "../property-types.ts";
import { towers } from "../towers.ts";

/**
 * The catalogues' visitor-facing texts in Spanish: the words the data files
 * (towers.ts, property-types.ts) are written in. The English twin
 * (content/en/catalogue-text.ts) translates each one under the same keys, so
 * a tower or a property type added without its English text fails the
 * content parity test.
 */

export type TowerText = { direccion?: string; amenities?: string; hotel?: string };
export type PropertyTypeText = { tipo: string; zona: string; descripcion: string };

export const towerText: Record<string, TowerText> = Object.fromEntries(
  towers.map(({ slug, direccion, amenities, hotel }) => [
    slug,
    {
      ...(direccion === undefined ? {} : { direccion }),
      ...(amenities === undefined ? {} : { amenities }),
      ...(hotel === undefined ? {} : { hotel }),
    },
  ]),
);

export const propertyTypeText: Record<string, PropertyTypeText> = Object.fromEntries(
  propertyTypes.map(({ slug, tipo, zona, descripcion }) => [slug, { tipo, zona, descripcion }]),
);
