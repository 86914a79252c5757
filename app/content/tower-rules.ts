import {
  floorsPerVolume,
  isConfirmed,
  listedFacts,
  towers,
  type Dock,
  type Tower,
  type TowerFact,
  type YearSpan,
} from "./towers.ts";

/**
 * The rules of the tower pages, the same in every language: which facts a
 * page lists, which considerations apply to a tower and with which data, and
 * how long a title or a description may be. Each language's tower-page.ts
 * only puts them into words. Copy is never written from a pending fact: the
 * rules hand over confirmed facts only.
 */

/** From this many floors (of the tallest volume) the floor and the view lead the appraisal. */
const highRiseFloors = 20;
/** Volumes up to this many floors read as buildings; taller ones as towers. */
const maxBuildingFloors = 14;
/** A building at most this many years old reads as recent. */
const maxRecentAge = 8;
/** From this many amenities the list weighs on the value (and on the expensas) by itself. */
const manyAmenities = 5;
/** How many amenities a long list quotes. */
const quotedAmenities = 3;
/** From this many units the building has enough sales of its own to compare. */
const manyUnits = 120;
/** How many buildings on the same dock are named as comparables. */
const quotedNeighbours = 3;

/** Page titles fit in about 60 characters with the brand. */
export const maxTitleLength = 60;
/** Descriptions fit in about 155 characters, so results do not cut them. */
export const maxDescriptionLength = 155;

/** A fact's value only when it is confirmed: copy is never written from a pending fact. */
export function confirmed<Fact extends TowerFact>(tower: Tower, fact: Fact): Tower[Fact] | undefined {
  return isConfirmed(tower, fact) ? tower[fact] : undefined;
}

/** Whether several volumes read as towers rather than buildings. */
export const areTowers = (floors: readonly number[]) => Math.max(...floors) > maxBuildingFloors;

/** The first candidate that fits in `max` characters, else the last one (the shortest fallback). */
function firstThatFits(candidates: readonly string[], max: number): string {
  return candidates.find((candidate) => candidate.length <= max) ?? candidates.at(-1)!;
}

/** The first title that fits with the brand, longest first; else the tower's name with it. */
export function titleThatFits(tower: Tower, candidates: readonly string[], businessName: string): string {
  const suffix = ` | ${businessName}`;
  return firstThatFits(
    [...candidates, tower.nombre].map((title) => title + suffix),
    maxTitleLength,
  );
}

/** The first description that fits, longest first; the last one is the fallback. */
export const descriptionThatFits = (candidates: readonly string[]) =>
  firstThatFits(candidates, maxDescriptionLength);

export type ListedFact = (typeof listedFacts)[number];

export type FactRow = { fact: TowerFact; label: string; value: string; confirmed: boolean };

/**
 * The rows of the facts list from each fact's label and value in one
 * language: unknown facts are left out, pending ones marked.
 */
export function factRowsOf(
  tower: Tower,
  words: Record<ListedFact, readonly [label: string, value: string | undefined]>,
): FactRow[] {
  return listedFacts.flatMap((fact) => {
    const [label, value] = words[fact];
    const pending = !isConfirmed(tower, fact);
    // The address is always listed: a pending one without any value still says it is to be confirmed.
    if (value === undefined && !(pending && fact === "direccion")) return [];
    return [{ fact, label, value: value ?? "", confirmed: !pending }];
  });
}

/** The other buildings on the same dock, in catalogue order. */
export function dockNeighbours(tower: Tower, catalogue: readonly Tower[] = towers): Tower[] {
  return catalogue.filter((other) => other.dock === tower.dock && other.slug !== tower.slug);
}

/**
 * What an appraisal in a building takes into account, one item per kind, with
 * the confirmed facts each item is written from.
 */
export type ConsiderationFacts =
  /** The building steps back as it rises: the terraces lead. */
  | { kind: "terraces"; tallest: number }
  | {
      kind: "floorAndView";
      floors: number[];
      tallest: number;
      differentHeights: boolean;
      dock: Dock | undefined;
    }
  /** A low building: the frontage matters more than the height. */
  | { kind: "frontage"; floors: number[]; tallest: number; dock: Dock | undefined }
  /** No confirmed floors: where the building is, and what the visit records. */
  | { kind: "location"; dock: Dock }
  | { kind: "offPlan" }
  | { kind: "age"; year: YearSpan; age: number; recent: boolean }
  | { kind: "hotel"; hotel: string }
  /** `highlights` are the first items of a long list, quoted when `many`. */
  | { kind: "amenities"; amenities: string; many: boolean; highlights: string[] }
  | { kind: "sameComplex"; complex: string; names: string[] }
  | { kind: "units"; units: number; many: boolean }
  | { kind: "unitSizes"; sizes: readonly [number, number] }
  | { kind: "dockNeighbours"; names: string[] }
  /** The facts no public source confirms, which the visit checks. */
  | { kind: "visit"; facts: readonly TowerFact[] };

export type ConsiderationKind = ConsiderationFacts["kind"];
export type Consideration = { title: string; text: string };

/** A language's words for every kind: a kind without words does not compile. */
export type ConsiderationWords = {
  [Kind in ConsiderationKind]: (facts: Extract<ConsiderationFacts, { kind: Kind }>) => Consideration;
};

type ConsiderationOptions = {
  catalogue: readonly Tower[];
  currentYear: number;
  /**
   * Where the amenities text (written in the page's language) splits into
   * items: the separators are words ("y", "and"), the count is a rule.
   */
  listSeparator: RegExp;
};

const lastYear = (year: YearSpan) => (typeof year === "number" ? year : year[1]);

/** "2004", or "2008–2012" for a building finished over several years: the same in every language. */
export const formatYear = (year: YearSpan): string =>
  typeof year === "number" ? `${year}` : `${year[0]}–${year[1]}`;

/**
 * The considerations that apply to a tower, in reading order: view and
 * floor, age and state, amenities and their cost, comparables, and what the
 * visit confirms. At most one item of each group, chosen from the confirmed
 * facts, so two towers read differently.
 */
export function considerationFacts(
  tower: Tower,
  { catalogue, currentYear, listSeparator }: ConsiderationOptions,
): ConsiderationFacts[] {
  const items: ConsiderationFacts[] = [];
  const floors = isConfirmed(tower, "floors") ? floorsPerVolume(tower) : undefined;
  const dock = confirmed(tower, "dock");
  const year = confirmed(tower, "year");
  const status = confirmed(tower, "status");
  const amenities = confirmed(tower, "amenities");
  const hotel = confirmed(tower, "hotel");
  const units = confirmed(tower, "units");
  const sizes = confirmed(tower, "unitSizes");

  if (floors) {
    const tallest = Math.max(...floors);
    if (tower.terraced) {
      items.push({ kind: "terraces", tallest });
    } else if (tallest >= highRiseFloors) {
      items.push({ kind: "floorAndView", floors, tallest, differentHeights: new Set(floors).size > 1, dock });
    } else {
      items.push({ kind: "frontage", floors, tallest, dock });
    }
  } else if (dock) {
    items.push({ kind: "location", dock });
  }

  if (status === "en construcción") {
    items.push({ kind: "offPlan" });
  } else if (year !== undefined) {
    const age = currentYear - lastYear(year);
    items.push({ kind: "age", year, age, recent: age <= maxRecentAge });
  }

  if (hotel) {
    items.push({ kind: "hotel", hotel });
  } else if (amenities) {
    const list = amenities
      .split(listSeparator)
      .map((item) => item.trim())
      .filter(Boolean);
    const many = list.length >= manyAmenities;
    items.push({ kind: "amenities", amenities, many, highlights: list.slice(0, quotedAmenities) });
  }

  const sameComplex = tower.complex
    ? catalogue.filter((other) => other.complex === tower.complex && other.slug !== tower.slug)
    : [];
  if (tower.complex && sameComplex.length > 0) {
    items.push({
      kind: "sameComplex",
      complex: tower.complex,
      names: sameComplex.map((other) => other.nombre),
    });
  } else if (units !== undefined) {
    items.push({ kind: "units", units, many: units >= manyUnits });
  } else if (sizes) {
    items.push({ kind: "unitSizes", sizes });
  } else if (dock) {
    const neighbours = dockNeighbours(tower, catalogue).slice(0, quotedNeighbours);
    if (neighbours.length > 0) {
      items.push({ kind: "dockNeighbours", names: neighbours.map((other) => other.nombre) });
    }
  }

  if (tower.toConfirm.length > 0) items.push({ kind: "visit", facts: tower.toConfirm });
  return items;
}

/** The considerations that apply to a tower, in a language's words. */
export function writeConsiderations(
  tower: Tower,
  words: ConsiderationWords,
  options: ConsiderationOptions,
): Consideration[] {
  return considerationFacts(tower, options).map((facts) => {
    // words[facts.kind] takes this kind's facts; TypeScript cannot follow the kind through the index.
    const write = words[facts.kind] as (facts: ConsiderationFacts) => Consideration;
    return write(facts);
  });
}

/** Whether a tower may be on the site: the catalogue's tests and every owner's edit use these rules. */
export { towerProblems } from "./tower-checks.ts";
