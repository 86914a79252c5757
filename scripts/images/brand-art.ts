/**
 * The social sharing card (1200×630) and the favicon's files, drawn in the same dusk
 * palette as the tower artwork.
 */
import { escapeXml, palette } from "#app/lib/art/art-kit.ts";
import { faviconSvg } from "#app/lib/art/favicon.ts";
import {
  skylineGround,
  towerProfile,
  towerSilhouette,
  towerSvg,
  type TowerFacts,
} from "#app/lib/art/tower-art.ts";

export const socialCardWidth = 1200;
export const socialCardHeight = 630;
export const socialCardTagline = "Tasaciones profesionales en Puerto Madero";

/** Greedy word wrap: the card has no text layout engine. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Towers whose heights come from the facts, in catalogue order, until the right side of the card is full. */
function skyline(
  towers: readonly TowerFacts[],
  scale: number,
  groundY: number,
  left: number,
  right: number,
): string {
  let markup = "";
  let x = left;
  const dy = Math.round(groundY - skylineGround * scale);
  for (const tower of towers) {
    const profile = towerProfile(tower);
    if (!profile.fromData || profile.form !== "tower") continue;
    // Each silhouette is drawn around x=160 on its own grid, then moved into place.
    const { markup: shapes, width } = towerSilhouette(tower, 160, 1, "url(#w)");
    if (x + width * scale > right) break;
    markup += `<g transform="translate(${Math.round(x - (160 - width / 2) * scale)} ${dy}) scale(${scale})">${shapes}</g>`;
    x += width * scale + 18;
  }
  return markup;
}

export function socialCardSvg(businessName: string, towers: readonly TowerFacts[]): string {
  const ground = 470;
  const nameLines = wrapText(businessName, 18);
  const nameSize = nameLines.length > 2 ? 54 : 68;
  let y = 150;
  let text = "";
  for (const line of nameLines) {
    text += `<text x="80" y="${y}" font-size="${nameSize}" font-family="Fraunces, 'Liberation Serif', 'DejaVu Serif', serif" fill="${palette.offWhite}">${escapeXml(line)}</text>`;
    y += nameSize * 1.08;
  }
  text += `<rect x="82" y="${y - 20}" width="80" height="3" fill="${palette.brass}"/>`;
  y += 36;
  for (const line of wrapText(socialCardTagline, 44)) {
    text += `<text x="80" y="${y}" font-size="30" font-family="Inter, 'Liberation Sans', 'DejaVu Sans', sans-serif" fill="${palette.sand}">${escapeXml(line)}</text>`;
    y += 40;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${socialCardWidth} ${socialCardHeight}" width="${socialCardWidth}" height="${socialCardHeight}">` +
    `<title>${escapeXml(`${businessName}: ${socialCardTagline}`)}</title>` +
    `<defs>` +
    `<linearGradient id="s" x2="0" y2="1"><stop offset="0" stop-color="#0b1829"/><stop offset=".62" stop-color="#22324f"/><stop offset=".88" stop-color="#b8806a"/><stop offset="1" stop-color="#f1d3a6"/></linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="#f8dca8" stop-opacity=".7"/><stop offset="1" stop-color="#f8dca8" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="v" x2="0" y2="1"><stop offset="0" stop-color="#2f4d6e"/><stop offset="1" stop-color="#0a1728"/></linearGradient>` +
    `<pattern id="w" width="4.6" height="4.4" patternUnits="userSpaceOnUse" y="150"><rect x=".7" y=".7" width="3.2" height="2.8" fill="#f1d8a8" opacity=".2"/></pattern>` +
    `</defs>` +
    `<rect width="${socialCardWidth}" height="${ground}" fill="url(#s)"/>` +
    `<circle cx="660" cy="${ground}" r="260" fill="url(#g)"/>` +
    `<circle cx="660" cy="${ground - 8}" r="20" fill="#fbe7c2"/>` +
    `<g id="b">${skyline(towers, 2, ground, 740, 1150)}</g>` +
    `<rect y="${ground}" width="${socialCardWidth}" height="${socialCardHeight - ground}" fill="url(#v)"/>` +
    `<use href="#b" transform="matrix(1 0 0 -.45 0 ${ground * 1.45 + 8})" opacity=".3"/>` +
    `<rect y="${ground}" width="${socialCardWidth}" height="7" fill="${palette.navyDeep}"/>` +
    `<path stroke="#e8c48a" stroke-width="3" stroke-dasharray="3 30" d="M10 ${ground - 2}H1200"/>` +
    `<path stroke="#f2d3a0" stroke-width="3" opacity=".5" d="M620 ${ground + 28}h80M632 ${ground + 50}h56M644 ${ground + 72}h32M652 ${ground + 94}h16"/>` +
    text +
    `</svg>`
  );
}

/** A full-bleed variant for iOS, which rounds the corners itself. */
export function appleTouchIconSvg(): string {
  return faviconSvg().replace(`rx="14" `, "");
}

/** Wraps one PNG in an ICO container (PNG-compressed icons, which browsers accept as /favicon.ico). */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the PNG follows the header
  return Buffer.concat([header, png]);
}

/**
 * A tower's sharing card (1200×630): its artwork full-bleed (or, with
 * `artwork: false`, nothing, so the owner's photo can go underneath), a navy
 * fade on the left and the tower's name over it.
 */
export function towerSocialCardSvg(
  tower: TowerFacts,
  place: string,
  businessName: string,
  { artwork = true }: { artwork?: boolean } = {},
): string {
  const nameLines = wrapText(tower.nombre, 16);
  const nameSize = nameLines.length > 2 ? 54 : 66;
  let y = 300 - ((nameLines.length - 1) * nameSize * 1.05) / 2;
  let text = `<text x="72" y="${y - nameSize - 10}" font-size="28" font-family="Inter, 'Liberation Sans', 'DejaVu Sans', sans-serif" fill="${palette.sand}" letter-spacing="3">${escapeXml(place.toUpperCase())}</text>`;
  for (const line of nameLines) {
    text += `<text x="72" y="${y}" font-size="${nameSize}" font-family="Fraunces, 'Liberation Serif', 'DejaVu Serif', serif" fill="${palette.offWhite}">${escapeXml(line)}</text>`;
    y += nameSize * 1.05;
  }
  text += `<rect x="74" y="${y - 24}" width="80" height="3" fill="${palette.brass}"/>`;
  text += `<text x="72" y="${y + 24}" font-size="30" font-family="Inter, 'Liberation Sans', 'DejaVu Sans', sans-serif" fill="${palette.offWhite}">Tasación de departamentos</text>`;
  text += `<text x="72" y="570" font-size="26" font-family="Inter, 'Liberation Sans', 'DejaVu Sans', sans-serif" fill="${palette.sand}">${escapeXml(businessName)}</text>`;
  // The artwork is nested whole on the right, scaled to the card's height: its own ids stay inside it.
  const art = artwork
    ? `<rect width="${socialCardWidth}" height="${socialCardHeight}" fill="${palette.navyDeep}"/>` +
      towerSvg(tower).replace(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="([^"]+)" width="\d+" height="\d+">/,
        `<svg x="440" viewBox="$1" width="${socialCardWidth - 440}" height="${socialCardHeight}" preserveAspectRatio="xMidYMid slice">`,
      )
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${socialCardWidth} ${socialCardHeight}" width="${socialCardWidth}" height="${socialCardHeight}">` +
    `<title>${escapeXml(`${tower.nombre}: ${place}`)}</title>` +
    `<defs><linearGradient id="card-fade" x2="1"><stop offset=".36" stop-color="${palette.navyDeep}" stop-opacity=".95"/><stop offset=".62" stop-color="${palette.navyDeep}" stop-opacity="0"/></linearGradient></defs>` +
    art +
    `<rect width="${socialCardWidth}" height="${socialCardHeight}" fill="url(#card-fade)"/>` +
    text +
    `</svg>`
  );
}
