/**
 * Each tower as a stylised silhouette over the dock's water at dusk. The
 * proportions come from the catalogue's typed facts (volumes, floors or
 * height, terraced); whatever the facts leave open comes from a stable hash
 * of the slug, so all 26 differ and none changes between builds.
 */
import type { Tower } from "../../content/towers.ts";
import { clamp, escapeXml, hsl, n, seededRandom, type Random } from "./art-kit.ts";

export type TowerFacts = Pick<
  Tower,
  "slug" | "nombre" | "volumes" | "floors" | "heightMetres" | "terraced"
> & {
  amenities?: string;
};

export type Crown =
  "flat" | "setback" | "slant" | "mast" | "lantern" | "arc" | "frame" | "gable" | "sawtooth" | "wing";
export type Form = "tower" | "block" | "terraced";
export type WindowStyle = "grid" | "bands" | "fins" | "punched";

export type TowerProfile = {
  /** Floors of each volume, front-most last. */
  floors: number[];
  /** Whether the floors came from the facts rather than the hash. */
  fromData: boolean;
  form: Form;
  crown: Crown;
  windows: WindowStyle;
};

export const artWidth = 320;
export const artHeight = 200;
/** Height over width of every catalogue image (16:10, the card's shape): artwork, photos and uploads. */
export const catalogueAspect = artHeight / artWidth;
const ground = 150;
/** A storey is about 3.4 m: converts a height given in metres. */
const metresPerFloor = 3.4;
/** Seeds the crown and window choices; this one spreads the 26 towers evenly over the shapes. */
const styleSalt = "style-16";

/** The storeys the facts give: the floors, or else the height converted to floors. */
function factFloors(tower: TowerFacts): readonly number[] {
  if (tower.floors) return tower.floors;
  return tower.heightMetres ? [Math.round(tower.heightMetres / metresPerFloor)] : [];
}

/** Names that announce a low building get a low guess when the facts give no height. */
function guessedFloors(nombre: string, random: Random): number {
  if (/\b(building|house|edificio|dock|suites)\b/i.test(nombre)) return random.int(6, 13);
  if (/\b(tower|towers|torre|torres)\b/i.test(nombre)) return random.int(30, 48);
  return random.int(18, 40);
}

export function towerProfile(tower: TowerFacts): TowerProfile {
  const random = seededRandom(`profile:${tower.slug}`);
  const count = tower.volumes ?? 1;
  const quoted = factFloors(tower);
  const fromData = quoted.length > 0;
  const base = fromData ? quoted : [guessedFloors(tower.nombre, random)];
  const floors = Array.from({ length: count }, (_, index) => base[Math.min(index, base.length - 1)]!);
  const tallest = Math.max(...floors);
  const form: Form = tower.terraced ? "terraced" : tallest <= 14 ? "block" : "tower";
  const style = seededRandom(`${styleSalt}:${tower.slug}`);
  const towerCrown = style.pick(["flat", "setback", "slant", "mast", "arc", "frame"] as const);
  const blockCrown = style.pick(["flat", "setback", "gable", "sawtooth", "wing"] as const);
  const windows = style.pick(["grid", "bands", "fins", "punched"] as const);
  // A lighthouse ("faro") or a glazed lookout on the top floor reads as a lit lantern.
  const crown: Crown =
    /\bfaro\b/i.test(tower.nombre) || /mirador/i.test(tower.amenities ?? "")
      ? "lantern"
      : form === "tower"
        ? towerCrown
        : form === "block"
          ? blockCrown
          : "flat";
  return { floors, fromData, form, crown, windows };
}

/** Height in art units: slightly compressed so a 9-storey block still reads next to a 54-storey tower. */
export function heightFor(floors: number): number {
  return 16 + 118 * Math.pow(clamp(floors, 3, 60) / 56, 0.9);
}

type Volume = { x: number; width: number; height: number; floors: number; tone: string; lit: string };

type Scene = {
  random: Random;
  sunX: number;
  /** Left (-1) or right (1): the side of each volume that catches the last light. */
  sunSide: -1 | 1;
};

function layoutVolumes(profile: TowerProfile, random: Random, centre: number): Volume[] {
  const count = profile.floors.length;
  const slender = random.range(0.2, 0.3);
  // Three towers stand apart so they read as three; a pair may overlap in depth.
  const gap = count > 2 ? random.range(3, 8) : count > 1 ? random.range(-6, 10) : 0;
  const widths = profile.floors.map((floors) =>
    profile.form === "tower" ? clamp(heightFor(floors) * slender, 20, 40) : random.range(70, 160),
  );
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * (count - 1);
  let x = clamp(centre - total / 2, 22, artWidth - 22 - total);
  return profile.floors.map((floors, index) => {
    // Volumes further back are lighter, as the dusk haze would make them.
    const depth = count - 1 - index;
    const volume = {
      x,
      width: widths[index]!,
      height: heightFor(floors),
      floors,
      tone: hsl(214, 44 - depth * 6, 13 + depth * 7),
      lit: hsl(212, 34 - depth * 4, 23 + depth * 7),
    };
    x += widths[index]! + gap;
    return volume;
  });
}

/** The crown drawn above the body, and how much of the volume's height it takes. */
function crownShape(crown: Crown, volume: Volume, random: Random): { height: number; markup: string } {
  const { x, width: w, tone } = volume;
  const top = ground - volume.height;
  switch (crown) {
    case "flat":
      return { height: 0, markup: "" };
    case "setback": {
      const h = random.range(7, 11);
      const y = top + h;
      const d = `M${n(x + w * 0.12)} ${n(y)}V${n(top + h * 0.45)}H${n(x + w * 0.28)}V${n(top)}H${n(x + w * 0.72)}V${n(top + h * 0.45)}H${n(x + w * 0.88)}V${n(y)}Z`;
      return { height: h, markup: `<path fill="${tone}" d="${d}"/>` };
    }
    case "slant": {
      const h = random.range(10, 16);
      const y = top + h;
      const d = `M${n(x)} ${n(y)}V${n(y - 2)}L${n(x + w)} ${n(top)}V${n(y)}Z`;
      return { height: h, markup: `<path fill="${tone}" d="${d}"/>` };
    }
    case "mast": {
      const h = random.range(14, 22);
      const y = top + h;
      const cx = x + w * random.range(0.35, 0.65);
      return {
        height: h,
        markup:
          `<path fill="${tone}" d="M${n(x + w * 0.3)} ${n(y)}v-3h${n(w * 0.4)}v3z"/>` +
          `<path stroke="${tone}" stroke-width="1.2" d="M${n(cx)} ${n(y - 3)}V${n(top)}"/>` +
          `<circle cx="${n(cx)}" cy="${n(top)}" r="1.1" fill="#f6d9a4"/>`,
      };
    }
    case "lantern": {
      const h = random.range(8, 11);
      const y = top + h;
      return {
        height: h,
        markup:
          `<rect x="${n(x + w * 0.18)}" y="${n(top + 2)}" width="${n(w * 0.64)}" height="${n(h - 2)}" fill="#f3d193" opacity=".85"/>` +
          `<rect x="${n(x + w * 0.12)}" y="${n(top)}" width="${n(w * 0.76)}" height="2" fill="${tone}"/>` +
          `<path stroke="${tone}" d="M${n(x + w / 2)} ${n(top + 2)}V${n(y)}"/>`,
      };
    }
    case "arc": {
      const h = random.range(7, 12);
      const y = top + h;
      return {
        height: h,
        markup: `<path fill="${tone}" d="M${n(x)} ${n(y)}Q${n(x + w / 2)} ${n(top - h)} ${n(x + w)} ${n(y)}Z"/>`,
      };
    }
    case "gable": {
      // The pitched roofs of the dock's brick warehouses.
      const h = random.range(7, 11);
      const y = top + h;
      return {
        height: h,
        markup: `<path fill="${tone}" d="M${n(x - 2)} ${n(y)}L${n(x + w / 2)} ${n(top)}L${n(x + w + 2)} ${n(y)}Z"/>`,
      };
    }
    case "sawtooth": {
      const h = random.range(5, 8);
      const y = top + h;
      const teeth = Math.max(3, Math.round(w / 16));
      let d = `M${n(x)} ${n(y)}`;
      for (let tooth = 0; tooth < teeth; tooth++)
        d += `L${n(x + (w * tooth) / teeth)} ${n(top)}L${n(x + (w * (tooth + 1)) / teeth)} ${n(y)}`;
      return { height: h, markup: `<path fill="${tone}" d="${d}Z"/>` };
    }
    case "wing": {
      const h = random.range(9, 16);
      const wing = w * random.range(0.22, 0.34);
      const wx = random.next() < 0.5 ? x : x + w - wing;
      return {
        height: h,
        markup: `<rect x="${n(wx)}" y="${n(top)}" width="${n(wing)}" height="${n(h + 1)}" fill="${tone}"/>`,
      };
    }
    case "frame": {
      const h = random.range(8, 13);
      const y = top + h;
      return {
        height: h,
        markup: `<path fill="none" stroke="${tone}" stroke-width="1.6" d="M${n(x + 0.8)} ${n(y)}V${n(top + 0.8)}H${n(x + w - 0.8)}V${n(y)}"/>`,
      };
    }
  }
}

/** A terraced building: steps falling towards the water. */
function terracedShape(volume: Volume, random: Random, sunSide: -1 | 1): string {
  const steps = random.int(4, 5);
  const stepWidth = volume.width / steps;
  const stepHeight = volume.height / steps;
  let d = `M${n(volume.x)} ${ground}`;
  for (let step = 0; step < steps; step++) {
    const index = sunSide === 1 ? step : steps - 1 - step;
    const y = ground - stepHeight * (index + 1);
    d += `V${n(y)}h${n(stepWidth)}`;
  }
  d += `V${ground}Z`;
  return `<path fill="${volume.tone}" d="${d}"/><path fill="url(#w)" d="${d}"/>`;
}

type Drawn = { shapes: string; bodies: { x: number; y: number; width: number; height: number }[] };

function drawVolumes(profile: TowerProfile, volumes: Volume[], scene: Scene): Drawn {
  const { random, sunSide } = scene;
  let shapes = "";
  const bodies: Drawn["bodies"] = [];
  for (const volume of volumes) {
    if (profile.form === "terraced") {
      shapes += terracedShape(volume, random, sunSide);
      continue;
    }
    const crown = crownShape(profile.crown, volume, random);
    const top = ground - volume.height + crown.height;
    const body = { x: volume.x, y: top, width: volume.width, height: ground - top };
    const litWidth = volume.width * random.range(0.28, 0.42);
    const litX = sunSide === -1 ? volume.x : volume.x + volume.width - litWidth;
    shapes +=
      crown.markup +
      `<rect x="${n(body.x)}" y="${n(body.y)}" width="${n(body.width)}" height="${n(body.height)}" fill="${volume.tone}"/>` +
      `<rect x="${n(litX)}" y="${n(body.y)}" width="${n(litWidth)}" height="${n(body.height)}" fill="${volume.lit}"/>` +
      `<path stroke="#e3c497" stroke-width=".8" opacity=".6" d="M${n(litX + (sunSide === -1 ? 0.4 : litWidth - 0.4))} ${n(body.y)}V${ground}M${n(body.x)} ${n(body.y + 0.5)}h${n(body.width)}"/>`;
    bodies.push(body);
  }
  return { shapes, bodies };
}

/** The window rhythm as one repeating pattern, plus a few warmly lit windows. */
function windowLayer(
  profile: TowerProfile,
  volumes: Volume[],
  drawn: Drawn,
  random: Random,
): { defs: string; markup: string } {
  const front = volumes[volumes.length - 1]!;
  const pitch = (front.height * 0.92) / front.floors;
  const perRow = Math.max(1, Math.ceil(3.4 / pitch));
  const rowHeight = pitch * perRow;
  const bay = random.range(3.4, 5.6);
  const glow = "#f1d8a8";
  const cell = {
    grid: `<rect x=".7" y=".7" width="${n(bay - 1.4)}" height="${n(rowHeight - 1.6)}"/>`,
    bands: `<rect y=".5" width="${n(bay)}" height="${n(rowHeight * 0.52)}"/>`,
    fins: `<rect width=".7" height="${n(rowHeight)}"/><rect width="${n(bay)}" height=".5"/>`,
    punched: `<rect x="${n(bay * 0.28)}" y="${n(rowHeight * 0.25)}" width="${n(bay * 0.44)}" height="${n(rowHeight * 0.5)}"/>`,
  }[profile.windows];
  const defs = `<pattern id="w" width="${n(bay)}" height="${n(rowHeight)}" patternUnits="userSpaceOnUse" x="${n(front.x)}" y="${ground}"><g fill="${glow}" opacity=".22">${cell}</g></pattern>`;
  let markup = "";
  let lit = "";
  for (const body of drawn.bodies) {
    markup += `<rect x="${n(body.x)}" y="${n(body.y + 2)}" width="${n(body.width)}" height="${n(body.height - 2)}" fill="url(#w)"/>`;
    // Lit windows sit on the pattern's grid, so they line up with the unlit ones.
    const start = front.x + Math.ceil((body.x - front.x) / bay) * bay;
    const columns = Math.floor((body.x + body.width - start) / bay);
    const rows = Math.floor((body.height - 4) / rowHeight);
    const count = clamp(Math.round((columns * rows) / 18), 3, 14);
    for (let index = 0; index < count && columns > 0 && rows > 0; index++) {
      const column = random.int(0, columns - 1);
      const row = random.int(0, rows - 1);
      const x = start + column * bay;
      const y = ground - (row + 1) * rowHeight;
      lit += `M${n(x + 0.7)} ${n(y + 0.7)}h${n(bay - 1.4)}v${n(Math.min(rowHeight - 1.6, 3))}h${n(1.4 - bay)}z`;
    }
  }
  if (lit) markup += `<path fill="#f5cf85" opacity=".9" d="${lit}"/>`;
  return { defs, markup };
}

/** Low buildings across the far side of the dock, in the haze. */
function distantSkyline(random: Random, colour: string): string {
  let d = "";
  let x = -4;
  while (x < artWidth) {
    const width = random.range(6, 18);
    const height = random.next() < 0.15 ? random.range(13, 20) : random.range(3, 11);
    d += `M${n(x)} ${ground}v${n(-height)}h${n(width)}v${n(height)}z`;
    x += width + random.range(-2, 4);
  }
  return `<path fill="${colour}" d="${d}"/>`;
}

/** A complete dusk scene for one tower: sky, far shore, the tower, quay, water and reflection. */
export function towerSvg(tower: TowerFacts): string {
  const profile = towerProfile(tower);
  const random = seededRandom(`scene:${tower.slug}`);
  const sunSide = random.next() < 0.5 ? -1 : 1;
  const sunX = sunSide === -1 ? random.range(40, 110) : random.range(210, 280);
  const scene: Scene = { random, sunX, sunSide };

  const topHue = random.range(212, 224);
  const midHue = random.range(218, 250);
  const lowHue = random.range(14, 34);
  const volumes = layoutVolumes(profile, random, random.range(128, 196));
  const drawn = drawVolumes(profile, volumes, scene);
  const windows = windowLayer(profile, volumes, drawn, random);

  let stars = "";
  for (let index = random.int(3, 6); index > 0; index--) {
    stars += `M${n(random.range(8, 312))} ${n(random.range(6, 50))}h0`;
  }
  let shimmer = "";
  for (let index = 0; index < 6; index++) {
    const y = random.range(158, 196);
    shimmer += `M${n(random.range(0, 280))} ${n(y)}h${n(random.range(12, 46))}`;
  }
  let sunPath = "";
  for (let index = 0; index < 6; index++) {
    const half = 14 - index * 2.2;
    sunPath += `M${n(sunX - half)} ${n(157 + index * 6.5)}h${n(half * 2)}`;
  }

  const title = `${tower.nombre}: silueta ilustrada sobre el dique al atardecer`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${artWidth} ${artHeight}" width="${artWidth * 2}" height="${artHeight * 2}">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs>` +
    `<linearGradient id="s" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${hsl(topHue, 48, 13)}"/>` +
    `<stop offset=".5" stop-color="${hsl(midHue, 26, 32)}"/>` +
    `<stop offset=".8" stop-color="${hsl(lowHue, 42, random.range(58, 66))}"/>` +
    `<stop offset="1" stop-color="${hsl(lowHue + 14, 66, random.range(80, 86))}"/>` +
    `</linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="#f8dca8" stop-opacity=".75"/><stop offset="1" stop-color="#f8dca8" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="v" x2="0" y2="1"><stop offset="0" stop-color="${hsl(212, 36, 30)}"/><stop offset="1" stop-color="${hsl(216, 52, 11)}"/></linearGradient>` +
    windows.defs +
    `</defs>` +
    `<rect width="${artWidth}" height="${ground}" fill="url(#s)"/>` +
    `<path stroke="#f7f4ee" stroke-linecap="round" stroke-width="1.3" opacity=".55" d="${stars}"/>` +
    `<circle cx="${n(sunX)}" cy="${ground}" r="70" fill="url(#g)"/>` +
    `<circle cx="${n(sunX)}" cy="${ground - 6}" r="${n(random.range(8, 11))}" fill="#fbe7c2"/>` +
    `<g id="b">` +
    distantSkyline(random, hsl(midHue, 20, 29)) +
    drawn.shapes +
    windows.markup +
    `</g>` +
    `<rect y="${ground}" width="${artWidth}" height="${artHeight - ground}" fill="url(#v)"/>` +
    `<use href="#b" transform="matrix(1 0 0 -.5 0 ${ground * 1.5 + 3})" opacity=".3"/>` +
    `<path stroke="#f2d3a0" opacity=".5" d="${sunPath}"/>` +
    `<path stroke="#f7f4ee" opacity=".16" d="${shimmer}"/>` +
    `<rect y="${ground}" width="${artWidth}" height="3" fill="#0a1728"/>` +
    `<path stroke="#e8c48a" stroke-width="1.4" stroke-dasharray="1 ${n(random.range(8, 13))}" d="M4 ${ground - 1}H${artWidth}"/>` +
    `</svg>`
  );
}

/**
 * The tower's volumes alone (no sky, water or windows), drawn around `centre`
 * on the same 320×200 grid with the ground at y=150: the social card lines
 * several of them up into one skyline.
 */
export function towerSilhouette(
  tower: TowerFacts,
  centre: number,
  sunSide: -1 | 1,
  windowFill?: string,
): { markup: string; width: number } {
  const profile = towerProfile(tower);
  const random = seededRandom(`scene:${tower.slug}`);
  const volumes = layoutVolumes(profile, random, centre);
  const drawn = drawVolumes(profile, volumes, { random, sunX: 0, sunSide });
  const windows = windowFill
    ? drawn.bodies
        .map(
          (body) =>
            `<rect x="${n(body.x)}" y="${n(body.y + 2)}" width="${n(body.width)}" height="${n(body.height - 2)}" fill="${windowFill}"/>`,
        )
        .join("")
    : "";
  const last = volumes[volumes.length - 1]!;
  return { markup: drawn.shapes + windows, width: last.x + last.width - volumes[0]!.x };
}

export const skylineGround = ground;
