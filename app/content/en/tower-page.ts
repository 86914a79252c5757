import { site } from "../../config/site.ts";
import {
  floorsPerVolume,
  isConfirmed,
  towers,
  type Dock,
  type Tower,
  type TowerFact,
  type YearSpan,
} from "../towers.ts";
import { towerText } from "./catalogue-text.ts";
import { claims } from "./claims.ts";

/**
 * The English copy of the tower pages (/en/towers/{slug}), written from each
 * tower's facts by the same rules as the Spanish one: facts still to confirm
 * are shown, marked "to be confirmed", and nothing else is written from them.
 */

export const pendingLabel = "to be confirmed";

/** The tower with its texts in English (address details, amenities, hotel); names stay as they are. */
export const localTower = (tower: Tower): Tower => ({ ...tower, ...towerText[tower.slug] });

/** The docks keep their Buenos Aires name: "Dique 2" is dock 2. */
export const dockName = (dock: Dock) => `Dique ${dock}`;

/** Where each dock sits in the neighbourhood: what a visitor recognises. */
const dockSettings: Record<Dock, string> = {
  1: "in the south of the neighbourhood, the closest to the Costanera Sur nature reserve",
  2: "in the middle of the neighbourhood, between the Faena District and the towers of Azucena Villaflor",
  3: "in the north-centre of the neighbourhood, by the Puente de la Mujer footbridge",
  4: "in the north of the neighbourhood, facing Catalinas and next to the YPF Tower",
};

function confirmed<Fact extends TowerFact>(tower: Tower, fact: Fact): Tower[Fact] | undefined {
  return isConfirmed(tower, fact) ? tower[fact] : undefined;
}

export function formatYear(year: YearSpan): string {
  return typeof year === "number" ? `${year}` : `${year[0]}–${year[1]}`;
}

function lastYear(year: YearSpan): number {
  return typeof year === "number" ? year : year[1];
}

/** "And" between the last two items: "a, b and c". */
export function listing(items: readonly (string | number)[]): string {
  const words = items.map(String);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export function formatFloors(tower: Pick<Tower, "volumes" | "floors" | "terraced">): string | undefined {
  const floors = floorsPerVolume(tower);
  if (!floors) return undefined;
  if (tower.terraced) return `${floors[0]} stepped levels`;
  if (floors.length === 1) return `${floors[0]} floors`;
  const kind = Math.max(...floors) <= 14 ? "buildings" : "towers";
  const distinct = [...new Set(floors)];
  return distinct.length === 1
    ? `${floors.length} ${kind} of ${floors[0]} floors`
    : `${floors.length} ${kind}, of ${listing(floors)} floors`;
}

export const formatUnits = (units: number) => `${units.toLocaleString("en-US")} homes`;
export const formatSizes = ([smallest, largest]: readonly [number, number]) =>
  `From ${smallest} to ${largest} m² (square metres)`;

/** "Azucena Villaflor 559, Dique 2": what a card and a page show as the address. */
export function addressLine(tower: Tower): string {
  const { direccion } = localTower(tower);
  return direccion ? `${direccion}, ${dockName(tower.dock)}` : dockName(tower.dock);
}

export type FactRow = { fact: TowerFact; label: string; value: string; confirmed: boolean };

/** The facts a tower page lists, in reading order; unknown facts are left out, pending ones marked. */
export function factRows(spanish: Tower): FactRow[] {
  const tower = localTower(spanish);
  const rows: [TowerFact, string, string | undefined][] = [
    ["direccion", "Address", tower.direccion],
    ["dock", "Dock", dockName(tower.dock)],
    ["status", "Status", tower.status === "terminado" ? "Completed" : "Under construction"],
    ["year", "Year", tower.year === undefined ? undefined : formatYear(tower.year)],
    ["floors", "Floors", formatFloors(tower)],
    ["units", "Homes", tower.units === undefined ? undefined : formatUnits(tower.units)],
    ["unitSizes", "Unit sizes", tower.unitSizes && formatSizes(tower.unitSizes)],
    ["architect", "Architects", tower.architect],
    ["developer", "Developer", tower.developer],
    ["hotel", "Hotel", tower.hotel],
  ];
  return rows.flatMap(([fact, label, value]) => {
    const pending = !isConfirmed(tower, fact);
    if (value === undefined && !(pending && fact === "direccion")) return [];
    return [{ fact, label, value: value ?? "", confirmed: !pending }];
  });
}

/** The other buildings on the same dock, in catalogue order. */
export function dockNeighbours(tower: Tower, catalogue: readonly Tower[] = towers): Tower[] {
  return catalogue.filter((other) => other.dock === tower.dock && other.slug !== tower.slug);
}

export type Consideration = { title: string; text: string };

/**
 * What an appraisal in this building takes into account, written from the
 * tower's confirmed facts (the same choices as the Spanish page).
 */
export function considerations(
  spanish: Tower,
  catalogue: readonly Tower[] = towers,
  currentYear = new Date().getFullYear(),
): Consideration[] {
  const tower = localTower(spanish);
  const items: Consideration[] = [];
  const floors = isConfirmed(tower, "floors") ? floorsPerVolume(tower) : undefined;
  const dock = confirmed(tower, "dock");
  const year = confirmed(tower, "year");
  const status = confirmed(tower, "status");
  const amenities = confirmed(tower, "amenities");
  const hotel = confirmed(tower, "hotel");
  const units = confirmed(tower, "units");
  const sizes = confirmed(tower, "unitSizes");
  const place = dock ? `${dockName(dock)}, ${dockSettings[dock]}` : undefined;

  const tallest = floors ? Math.max(...floors) : undefined;
  if (tallest !== undefined && tower.terraced) {
    items.push({
      title: "Terraces and levels",
      text: `With ${tallest} stepped levels, the uncovered area counts as much as the covered one: we measure the terrace, how it is used and which way it faces.`,
    });
  } else if (tallest !== undefined && tallest >= 20) {
    const volumes =
      floors!.length > 1 && new Set(floors).size > 1
        ? `Its ${floors!.length} towers have ${listing(floors!)} floors: the tower and the floor change the view.`
        : `With ${tallest} floors, the floor changes the price within the same building.`;
    items.push({
      title: "Floor and view",
      text: `${volumes} Higher up the view opens onto the river and the nature reserve; lower down it looks onto the city or the dock${place ? ` (${place})` : ""}.`,
    });
  } else if (tallest !== undefined) {
    items.push({
      title: "Frontage and orientation",
      text: `In ${floors!.length > 1 ? `buildings of ${listing(floors!)}` : `a building of ${tallest}`} floors, height matters less than frontage: a unit on the water is not worth the same as an inner one${place ? `. It stands on ${place}` : ""}.`,
    });
  } else if (place) {
    items.push({
      title: "Location and view",
      text: `It stands on ${place}. On the visit we record the floor, the orientation and what can be seen from the unit.`,
    });
  }

  if (status === "en construcción") {
    items.push({
      title: "Buying off-plan",
      text: "It is under construction: we appraise the unit from the plans, with the progress of the works, the handover date, what has been paid under the purchase agreement and what equivalent units are offered at today.",
    });
  } else if (year !== undefined) {
    const age = currentYear - lastYear(year);
    const built =
      typeof year === "number" ? `Completed in ${year}` : `Built between ${year[0]} and ${year[1]}`;
    items.push({
      title: "Age and condition",
      text:
        age <= 8
          ? `${built}: a recent building. The original finishes and resales of units in the same building carry weight.`
          : `${built}: at ${age} years old, we check the lifts, the facade and the common areas, and whether the unit has been renovated.`,
    });
  }

  if (hotel) {
    items.push({
      title: "Hotel services",
      text: `${hotel}. They add value and also expensas (the monthly building fees): the appraisal weighs both.`,
    });
  } else if (amenities) {
    const list = amenities
      .split(/,|;| and /)
      .map((item) => item.trim())
      .filter(Boolean);
    items.push({
      title: "Amenities and expensas",
      text:
        list.length >= 5
          ? `Amenities such as ${list.slice(0, 3).join(", ").toLowerCase()} raise the value, and the expensas (monthly building fees) too: we compare both with equivalent towers.`
          : `${amenities}: they are worth what a buyer will use; we weigh them against what they cost in expensas (monthly building fees).`,
    });
  }

  const sameComplex = tower.complex
    ? catalogue.filter((other) => other.complex === tower.complex && other.slug !== tower.slug)
    : [];
  if (sameComplex.length > 0) {
    items.push({
      title: "Comparables",
      text: `Sales in ${listing(sameComplex.map((other) => other.nombre))}, in the same ${tower.complex} development, are the most direct comparables.`,
    });
  } else if (units !== undefined) {
    items.push({
      title: "Comparables",
      text:
        units >= 120
          ? `With ${units} homes there are sales in the building itself to compare: we look for units in the same building with a similar area and view.`
          : `With ${units} homes, sales in the same building are few: we add those of equivalent buildings in the neighbourhood.`,
    });
  } else if (sizes) {
    items.push({
      title: "Area",
      text: `Units range from ${sizes[0]} to ${sizes[1]} m²: we compare with similar sizes, because the value per square metre changes with size.`,
    });
  } else if (dock) {
    const neighbours = dockNeighbours(tower, catalogue).slice(0, 3);
    if (neighbours.length > 0) {
      items.push({
        title: "Comparables",
        text: `We add recent sales in ${listing(neighbours.map((other) => other.nombre))}, on the same dock.`,
      });
    }
  }

  if (tower.toConfirm.length > 0) {
    items.push({
      title: "What we confirm on the visit",
      text: `No public source confirms ${listing(tower.toConfirm.map((fact) => factNames[fact]))}: we check on the visit and with the building's management.`,
    });
  }
  return items;
}

/** How the copy names each fact ("the address, the dock and the amenities"). */
const factNames: Record<TowerFact, string> = {
  direccion: "the address",
  dock: "the dock",
  status: "the state of the works",
  amenities: "the amenities",
  year: "the year of completion",
  floors: "the number of floors",
  architect: "the architects",
  developer: "the developer",
  units: "the number of homes",
  unitSizes: "the unit sizes",
  hotel: "the hotel",
  geo: "the exact location",
};

/** Page titles fit in about 60 characters with the brand: the longest that fits wins. */
export const maxTitleLength = 60;
/** Descriptions fit in about 155 characters, so results do not cut them. */
export const maxDescriptionLength = 155;

export function towerTitle(tower: Tower, businessName = site.businessName): string {
  const suffix = ` | ${businessName}`;
  const candidates = [
    `Apartment Appraisal in ${tower.nombre}`,
    `Appraise an Apartment in ${tower.nombre}`,
    `Appraisal in ${tower.nombre}`,
  ];
  const fits = candidates.find((title) => (title + suffix).length <= maxTitleLength);
  return `${fits ?? tower.nombre}${suffix}`;
}

export function towerDescription(spanish: Tower): string {
  const tower = localTower(spanish);
  const floors = confirmed(tower, "floors") && formatFloors(tower);
  const where = tower.direccion && isConfirmed(tower, "direccion") ? `${tower.direccion}, ` : "";
  const dock = isConfirmed(tower, "dock") ? dockName(tower.dock) : "Puerto Madero";
  const parts = [
    `Appraisal of your apartment in ${tower.nombre} (${where}${dock})`,
    floors ? `: ${floors}` : "",
    `. Signed report within ${claims.delivery}.`,
  ];
  const full = parts.join("");
  if (full.length <= maxDescriptionLength) return full;
  const short = `Appraisal of your apartment in ${tower.nombre}, ${dock}. Signed report within ${claims.delivery}.`;
  return short.length <= maxDescriptionLength ? short : `Appraisal of your apartment in ${tower.nombre}.`;
}

export const towerPage = {
  breadcrumbLabel: "Breadcrumb",
  home: "Home",
  towers: "Towers",
  towersPath: "/en/apartment-appraisal",
  eyebrow: (tower: Tower) =>
    isConfirmed(tower, "dock") ? `${dockName(tower.dock)} · Puerto Madero` : "Puerto Madero",
  lead: (tower: Tower) =>
    `We appraise apartments in ${tower.nombre} with a signed report within ${claims.delivery}: comparable sales in the same building, a visit and a well-reasoned value.`,
  cta: "Request the appraisal",
  underConstruction: "Under construction",
  factsTitle: "About the building",
  pendingNote:
    "Facts marked “to be confirmed” could not be checked against a public source: we confirm them on the visit.",
  amenitiesTitle: "Amenities",
  mapTitle: "Where it is",
  mapImageTitle: (tower: Tower) =>
    `Map of the four docks of Puerto Madero, with ${dockName(tower.dock)} highlighted`,
  mapCaption: (tower: Tower) =>
    `${dockName(tower.dock)} (dock ${tower.dock}) highlighted${isConfirmed(tower, "dock") ? "" : ` (${pendingLabel})`}. A schematic map of the four docks: it marks the dock, not the building's exact location.`,
  considerationsTitle: (tower: Tower) => `What an appraisal in ${tower.nombre} looks at`,
  formTitle: (tower: Tower) => `Have your apartment in ${tower.nombre} appraised`,
  formIntro: "The building is already chosen: tell us about your unit and we will continue on WhatsApp.",
  neighboursTitle: (tower: Tower) =>
    `Other towers on ${dockName(tower.dock)}${isConfirmed(tower, "dock") ? "" : ` (${pendingLabel})`}`,
  allTowers: `See all ${claims.towers} towers`,
  imageAlt: (tower: Tower) => `Illustration of ${tower.nombre} over the water of the docks`,
  keywords: (tower: Tower) => [
    `${tower.nombre} appraisal`,
    `${tower.nombre} apartment value`,
    `how much is an apartment in ${tower.nombre} worth`,
    "Puerto Madero appraisal",
  ],
} as const;
