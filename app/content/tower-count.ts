import { towers } from "./towers.ts";

declare const __TOWER_COUNT__: number | undefined;

/**
 * How many towers the catalogue holds. Vite counts them at build time
 * (vite.config.ts), so pages that only print the number do not ship the
 * catalogue; code that runs in plain Node counts the list itself.
 */
export const towerCount: number = typeof __TOWER_COUNT__ === "undefined" ? towers.length : __TOWER_COUNT__;
