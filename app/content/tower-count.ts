import { towers } from "./towers.ts";

/** How many towers the site shows: the published catalogue's, counted where the page is rendered. */
export const towerCount: number = towers.length;
