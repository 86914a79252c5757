/**
 * The favicon: a brass tower over a line of water on a navy tile, legible at 16 px. Drawn here
 * rather than generated with the image manifest, so every page's document (the inbox's included)
 * carries it inside the page without loading the site's image list.
 */
import { palette } from "./art-kit.ts";
import { svgDataUrl } from "./svg-data-url.ts";

export function faviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<title>Tasaciones en Puerto Madero</title>` +
    `<rect width="64" height="64" rx="14" fill="${palette.navy}"/>` +
    `<path fill="${palette.sand}" d="M21 46V20l12-7v33zM36 46V26h8v20z"/>` +
    `<path stroke="${palette.water}" stroke-width="4" stroke-linecap="round" d="M14 52h36"/>` +
    `</svg>`
  );
}

/** The favicon inside the page: a request after the first paint would count in the simulated LCP. */
export const faviconDataUrl = svgDataUrl(faviconSvg());
