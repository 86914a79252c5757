import { applyTowerOverrides, type TowerOverrides } from "./tower-edits.ts";
import { catalogueTowers, type Tower } from "./tower-catalogue.ts";

export * from "./tower-catalogue.ts";

declare const __TOWER_OVERRIDES__: TowerOverrides | null | undefined;

/**
 * The towers the site shows: the researched catalogue (tower-catalogue.ts)
 * with the owner's published edits on top (decision 0020). The build script
 * and the image generator set the edits as a global before anything loads
 * this module (scripts/build/tower-overrides-global.ts); the pages are
 * rendered in that process from a bundle that reads the same global when it
 * loads, so no bundle holds them (decision 0030). Anywhere else (the servers,
 * the tests) it is the catalogue: nothing is read from the environment when
 * this module loads. Pages print how many
 * buildings there are from this list (tower-count.ts).
 */
export const towers: readonly Tower[] =
  typeof __TOWER_OVERRIDES__ === "undefined" || __TOWER_OVERRIDES__ === null
    ? catalogueTowers
    : applyTowerOverrides(catalogueTowers, __TOWER_OVERRIDES__);

/** Catalogue towers the owner retired: their old addresses answer 301 to the tower list. */
export const retiredTowers: readonly Tower[] = catalogueTowers.filter(
  (tower) => !towers.some((shown) => shown.slug === tower.slug),
);

export function towerBySlug(slug: string): Tower | undefined {
  return towers.find((tower) => tower.slug === slug);
}
