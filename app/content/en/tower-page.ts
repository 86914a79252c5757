import { site } from "../../config/site.ts";
import {
  areTowers,
  confirmed,
  descriptionThatFits,
  factRowsOf,
  formatYear,
  titleThatFits,
  writeConsiderations,
  type Consideration,
  type ConsiderationWords,
  type FactRow,
} from "../tower-rules.ts";
import {
  catalogueTowers,
  floorsPerVolume,
  isConfirmed,
  towers,
  type Dock,
  type Tower,
  type TowerFact,
} from "../towers.ts";
import { towerText } from "./catalogue-text.ts";
import { claims } from "./claims.ts";

/**
 * The English copy of the tower pages (/en/towers/{slug}), written from each
 * tower's facts by the rules of tower-rules.ts, like the Spanish one; this
 * module holds the words. Facts still to confirm are shown, marked "to be
 * confirmed", and nothing else is written from them.
 */

export type { Consideration, FactRow } from "../tower-rules.ts";
export { dockNeighbours, maxDescriptionLength, maxTitleLength } from "../tower-rules.ts";

export const pendingLabel = "to be confirmed";

/**
 * The tower with its texts in English (address details, amenities, hotel); names stay as they are.
 * A text the owner corrected in the inbox (decision 0020) has no English version yet: the owner's
 * words are shown, never the English of the value they replaced.
 */
export function localTower(tower: Tower): Tower {
  const researched = catalogueTowers.find((candidate) => candidate.slug === tower.slug);
  const english = Object.entries(towerText[tower.slug] ?? {}).filter(
    ([fact]) => researched && tower[fact as keyof Tower] === researched[fact as keyof Tower],
  );
  return { ...tower, ...Object.fromEntries(english) };
}

/** The docks keep their Buenos Aires name: "Dique 2" is dock 2. */
export const dockName = (dock: Dock) => `Dique ${dock}`;

/** Where each dock sits in the neighbourhood: what a visitor recognises. */
const dockSettings: Record<Dock, string> = {
  1: "in the south of the neighbourhood, the closest to the Costanera Sur nature reserve",
  2: "in the middle of the neighbourhood, between the Faena District and the towers of Azucena Villaflor",
  3: "in the north-centre of the neighbourhood, by the Puente de la Mujer footbridge",
  4: "in the north of the neighbourhood, facing Catalinas and next to the YPF Tower",
};

const place = (dock: Dock) => `${dockName(dock)}, ${dockSettings[dock]}`;

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
  const kind = areTowers(floors) ? "towers" : "buildings";
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

/** The facts a tower page lists, in reading order; unknown facts are left out, pending ones marked. */
export function factRows(spanish: Tower): FactRow[] {
  const tower = localTower(spanish);
  return factRowsOf(tower, {
    direccion: ["Address", tower.direccion],
    dock: ["Dock", dockName(tower.dock)],
    status: ["Status", tower.status === "terminado" ? "Completed" : "Under construction"],
    year: ["Year", tower.year === undefined ? undefined : formatYear(tower.year)],
    floors: ["Floors", formatFloors(tower)],
    units: ["Homes", tower.units === undefined ? undefined : formatUnits(tower.units)],
    unitSizes: ["Unit sizes", tower.unitSizes && formatSizes(tower.unitSizes)],
    architect: ["Architects", tower.architect],
    developer: ["Developer", tower.developer],
    hotel: ["Hotel", tower.hotel],
  });
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

/** Where an amenities text splits into items: "pool, spa and gym" is three. */
const listSeparator = /,|;| and /;

const considerationWords: ConsiderationWords = {
  terraces: ({ tallest }) => ({
    title: "Terraces and levels",
    text: `With ${tallest} stepped levels, the uncovered area counts as much as the covered one: we measure the terrace, how it is used and which way it faces.`,
  }),
  floorAndView: ({ floors, tallest, differentHeights, dock }) => {
    const volumes = differentHeights
      ? `Its ${floors.length} towers have ${listing(floors)} floors: the tower and the floor change the view.`
      : `With ${tallest} floors, the floor changes the price within the same building.`;
    return {
      title: "Floor and view",
      text: `${volumes} Higher up the view opens onto the river and the nature reserve; lower down it looks onto the city or the dock${dock ? ` (${place(dock)})` : ""}.`,
    };
  },
  frontage: ({ floors, tallest, dock }) => ({
    title: "Frontage and orientation",
    text: `In ${floors.length > 1 ? `buildings of ${listing(floors)}` : `a building of ${tallest}`} floors, height matters less than frontage: a unit on the water is not worth the same as an inner one${dock ? `. It stands on ${place(dock)}` : ""}.`,
  }),
  location: ({ dock }) => ({
    title: "Location and view",
    text: `It stands on ${place(dock)}. On the visit we record the floor, the orientation and what can be seen from the unit.`,
  }),
  offPlan: () => ({
    title: "Buying off-plan",
    text: "It is under construction: we appraise the unit from the plans, with the progress of the works, the handover date, what has been paid under the purchase agreement and what equivalent units are offered at today.",
  }),
  age: ({ year, age, recent }) => {
    const built =
      typeof year === "number" ? `Completed in ${year}` : `Built between ${year[0]} and ${year[1]}`;
    return {
      title: "Age and condition",
      text: recent
        ? `${built}: a recent building. The original finishes and resales of units in the same building carry weight.`
        : `${built}: at ${age} years old, we check the lifts, the facade and the common areas, and whether the unit has been renovated.`,
    };
  },
  hotel: ({ hotel }) => ({
    title: "Hotel services",
    text: `${hotel}. They add value and also expensas (the monthly building fees): the appraisal weighs both.`,
  }),
  amenities: ({ amenities, many, highlights }) => ({
    title: "Amenities and expensas",
    text: many
      ? `Amenities such as ${highlights.join(", ").toLowerCase()} raise the value, and the expensas (monthly building fees) too: we compare both with equivalent towers.`
      : `${amenities}: they are worth what a buyer will use; we weigh them against what they cost in expensas (monthly building fees).`,
  }),
  sameComplex: ({ complex, names }) => ({
    title: "Comparables",
    text: `Sales in ${listing(names)}, in the same ${complex} development, are the most direct comparables.`,
  }),
  units: ({ units, many }) => ({
    title: "Comparables",
    text: many
      ? `With ${units} homes there are sales in the building itself to compare: we look for units in the same building with a similar area and view.`
      : `With ${units} homes, sales in the same building are few: we add those of equivalent buildings in the neighbourhood.`,
  }),
  unitSizes: ({ sizes: [smallest, largest] }) => ({
    title: "Area",
    text: `Units range from ${smallest} to ${largest} m²: we compare with similar sizes, because the value per square metre changes with size.`,
  }),
  dockNeighbours: ({ names }) => ({
    title: "Comparables",
    text: `We add recent sales in ${listing(names)}, on the same dock.`,
  }),
  visit: ({ facts }) => ({
    title: "What we confirm on the visit",
    text: `No public source confirms ${listing(facts.map((fact) => factNames[fact]))}: we check on the visit and with the building's management.`,
  }),
};

/** What an appraisal in this building takes into account, written from the tower's confirmed facts. */
export function considerations(
  spanish: Tower,
  catalogue: readonly Tower[] = towers,
  currentYear = new Date().getFullYear(),
): Consideration[] {
  return writeConsiderations(localTower(spanish), considerationWords, {
    catalogue,
    currentYear,
    listSeparator,
  });
}

export function towerTitle(tower: Tower, businessName = site.businessName): string {
  const candidates = [
    `Apartment Appraisal in ${tower.nombre}`,
    `Appraise an Apartment in ${tower.nombre}`,
    `Appraisal in ${tower.nombre}`,
  ];
  return titleThatFits(tower, candidates, businessName);
}

export function towerDescription(spanish: Tower): string {
  const tower = localTower(spanish);
  const floors = confirmed(tower, "floors") && formatFloors(tower);
  const where = tower.direccion && isConfirmed(tower, "direccion") ? `${tower.direccion}, ` : "";
  const dock = isConfirmed(tower, "dock") ? dockName(tower.dock) : "Puerto Madero";
  return descriptionThatFits([
    `Appraisal of your apartment in ${tower.nombre} (${where}${dock})${floors ? `: ${floors}` : ""}. Signed report within ${claims.delivery}.`,
    `Appraisal of your apartment in ${tower.nombre}, ${dock}. Signed report within ${claims.delivery}.`,
    `Appraisal of your apartment in ${tower.nombre}.`,
  ]);
}

export const towerPage = {
  breadcrumbLabel: "Breadcrumb",
  home: "Home",
  towers: "Towers",
  towersPath: "/en/apartment-appraisal",
  eyebrow: (tower: Tower) =>
    isConfirmed(tower, "dock") ? `${dockName(tower.dock)} · Puerto Madero` : "Puerto Madero",
  lead: (tower: Tower) =>
    `We appraise apartments in ${tower.nombre} with a report signed within ${claims.delivery}: sales in the same building, a visit and a sound value.`,
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
