/**
 * The six property types as simple line drawings: navy strokes on off-white,
 * one sand disc and a few brass details, all on the same ground line so the
 * six read as a set.
 */
import { escapeXml, palette } from "#app/lib/art/art-kit.ts";

export const typeArtWidth = 320;
export const typeArtHeight = 200;

type Drawing = {
  /** Where the sand disc (a low sun) sits behind the drawing. */
  disc: [number, number, number];
  /** Navy line work. */
  lines: string;
  /** Brass fills and strokes drawn over the lines. */
  accents: string;
  /** Whether to draw the shared ground line and the dock water under it. */
  ground?: boolean;
};

const drawings: Record<string, Drawing> = {
  casa: {
    disc: [222, 92, 46],
    lines:
      // Mono-pitch house with a wide window, door and a garden tree.
      `<path d="M96 160V98.5l104-14.5V160M86 100l122-17"/>` +
      `<rect x="108" y="110" width="46" height="34"/><path d="M131 110v34M108 127h46"/>` +
      `<rect x="166" y="116" width="20" height="44"/>` +
      `<path d="M238 160v-30"/><circle cx="238" cy="117" r="17"/><path d="M64 160a12 12 0 0 1 24 0M256 160a8 8 0 0 1 16 0"/>`,
    accents:
      `<rect x="109" y="111" width="21" height="15" fill="${palette.sand}" opacity=".7"/>` +
      `<circle cx="181" cy="139" r="1.6" fill="${palette.brass}"/>`,
    ground: true,
  },
  loft: {
    disc: [110, 88, 44],
    lines:
      // A brick dock warehouse: long gabled hall with arched windows, and a harbour crane.
      `<path d="M56 100L152 72l96 28M62 160V98.5M242 160V98.5M62 110h180"/>` +
      `<path d="M76 148v-18a8 8 0 0 1 16 0v18zM108 148v-18a8 8 0 0 1 16 0v18zM140 148v-18a8 8 0 0 1 16 0v18zM172 148v-18a8 8 0 0 1 16 0v18zM204 148v-18a8 8 0 0 1 16 0v18z"/>` +
      `<path d="M266 160V84h8v76M266 96l8 10M274 118l-8 10M266 140l8 10M262 84h16l-4-8h-8zM270 76l-44 12h48M232 88v20M228 108h8"/>`,
    accents:
      `<path fill="none" stroke="${palette.brass}" stroke-width="1.4" d="M62 116h180"/>` +
      `<path fill="${palette.sand}" opacity=".75" d="M141 147v-17a7 7 0 0 1 14 0v17z"/>`,
    ground: true,
  },
  penthouse: {
    disc: [236, 70, 40],
    lines:
      // The top of a tower: glazed penthouse, terrace with railing and a parasol.
      `<path d="M84 200V112h152v88M84 132h152M84 152h152M84 172h152M84 192h152"/>` +
      `<path d="M126 112V70h92v42M146 70v42M166 70v42M186 70v42M206 70v42M120 70h104"/>` +
      `<path d="M88 112V98h34M88 104h34M96 98v14M104 98v14M112 98v14"/>` +
      `<path d="M100 98V78M86 80l14-8 14 8z"/>`,
    accents:
      `<rect x="147" y="71" width="18" height="40" fill="${palette.sand}" opacity=".7"/>` +
      `<path fill="none" stroke="${palette.brass}" stroke-width="1.4" d="M84 112h152"/>`,
  },
  oficina: {
    disc: [110, 70, 42],
    lines:
      // A curtain-wall office tower with its entrance canopy and a lower neighbour.
      `<rect x="118" y="42" width="86" height="118"/>` +
      `<path d="M135 42v102M152 42v102M170 42v102M187 42v102M118 60h86M118 78h86M118 96h86M118 114h86M118 132h86"/>` +
      `<path d="M140 160v-16h42v16M134 144h54"/>` +
      `<path d="M204 100h50v60M214 112h30M214 124h30M214 136h30M214 148h30"/>`,
    accents:
      `<rect x="153" y="61" width="16" height="16" fill="${palette.sand}" opacity=".75"/>` +
      `<rect x="136" y="97" width="15" height="16" fill="${palette.sand}" opacity=".75"/>` +
      `<path fill="none" stroke="${palette.brass}" stroke-width="1.4" d="M134 144h54"/>`,
    ground: true,
  },
  "local-comercial": {
    disc: [226, 74, 40],
    lines:
      // A shopfront: sign band, scalloped awning, display window and door.
      `<path d="M72 160V70h176v90M72 92h176"/>` +
      `<path d="M80 100h160l-6 12a8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0 8 8 0 0 1-16 0z"/>` +
      `<rect x="88" y="124" width="86" height="36"/><rect x="190" y="124" width="36" height="36"/>` +
      `<path d="M60 160v-8h12M248 152h12v8"/>`,
    accents:
      `<rect x="118" y="77" width="84" height="8" fill="${palette.brass}"/>` +
      `<path fill="${palette.sand}" opacity=".75" d="M89 125h30v34H89z"/>` +
      `<circle cx="195" cy="143" r="1.6" fill="${palette.brass}"/>`,
    ground: true,
  },
  estudio: {
    disc: [220, 86, 30],
    lines:
      // A single room: window on the docks, a sofa bed, a floor lamp and a shelf.
      `<rect x="178" y="52" width="86" height="68"/><path d="M221 52v68M178 98h86"/>` +
      `<path d="M62 156h104v-22h-10v8H72v-8H62zM72 134v-18h84v18M114 116v26M68 156v4M160 156v4"/>` +
      `<path d="M282 160h-20M272 160V84M262 84h20l-4-14h-12z"/>` +
      `<path d="M76 84h70M84 84V70M92 84V66M100 84V72M124 84l8-14"/>`,
    accents:
      `<path fill="${palette.brass}" opacity=".85" d="M188 120v-20h6v-10h6v30zM230 120v-26h8v26zM242 120v-14h6v14z"/>` +
      `<path fill="${palette.sand}" opacity=".8" d="M264 85h16l-3-13h-10z"/>`,
    ground: true,
  },
};

export const drawnPropertyTypes = Object.keys(drawings);

/** The line illustration of one property type. `label` is the visible name, used in the title. */
export function propertyTypeSvg(slug: string, label: string): string {
  const drawing = drawings[slug];
  if (!drawing) throw new Error(`No hay ilustración para el tipo de propiedad "${slug}".`);
  const [cx, cy, r] = drawing.disc;
  const ground = drawing.ground
    ? `<path d="M40 160h240"/><path stroke="${palette.water}" stroke-width="1.2" opacity=".55" d="M92 172h56M172 172h40M124 182h72"/>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${typeArtWidth} ${typeArtHeight}" width="${typeArtWidth * 2}" height="${typeArtHeight * 2}">` +
    `<title>${escapeXml(`${label}: ilustración de línea`)}</title>` +
    `<rect width="${typeArtWidth}" height="${typeArtHeight}" fill="${palette.offWhite}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#efdfc4"/>` +
    `<g fill="none" stroke="${palette.navy}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">` +
    drawing.lines +
    ground +
    `</g>` +
    drawing.accents +
    `</svg>`
  );
}
