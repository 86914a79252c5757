import { describe, expect, test } from "vitest";

import {
  areTowers,
  considerationFacts,
  descriptionThatFits,
  factRowsOf,
  maxDescriptionLength,
  maxTitleLength,
  titleThatFits,
  type ConsiderationFacts,
  type ConsiderationKind,
  type ListedFact,
} from "./tower-rules.ts";
import { listedFacts, type Tower } from "./towers.ts";

const base: Tower = { slug: "prueba", nombre: "Prueba", dock: 2, status: "terminado", toConfirm: [] };
const options = { catalogue: [] as readonly Tower[], currentYear: 2026, listSeparator: /,|;| y / };

const kinds = (tower: Tower, catalogue: readonly Tower[] = []) =>
  considerationFacts(tower, { ...options, catalogue }).map((facts) => facts.kind);

function item<Kind extends ConsiderationKind>(tower: Tower, kind: Kind) {
  return considerationFacts(tower, options).find(
    (facts): facts is Extract<ConsiderationFacts, { kind: Kind }> => facts.kind === kind,
  );
}

describe("the considerations that apply to a tower", () => {
  test("from 20 floors the floor and the view lead; below, the frontage", () => {
    expect(kinds({ ...base, floors: [19] })[0]).toBe("frontage");
    expect(kinds({ ...base, floors: [20] })[0]).toBe("floorAndView");
    // The tallest volume decides.
    expect(kinds({ ...base, volumes: 2, floors: [8, 20] })[0]).toBe("floorAndView");
    expect(item({ ...base, volumes: 2, floors: [8, 20] }, "floorAndView")).toMatchObject({
      floors: [8, 20],
      tallest: 20,
      differentHeights: true,
      dock: 2,
    });
    expect(item({ ...base, volumes: 2, floors: [43] }, "floorAndView")).toMatchObject({
      floors: [43, 43],
      differentHeights: false,
    });
  });

  test("a terraced building talks about its terraces, whatever its height", () => {
    expect(kinds({ ...base, floors: [30], terraced: true })[0]).toBe("terraces");
  });

  test("without confirmed floors, the location; without a confirmed dock either, nothing", () => {
    expect(item(base, "location")).toEqual({ kind: "location", dock: 2 });
    expect(kinds({ ...base, toConfirm: ["dock"] })).toEqual(["visit"]);
  });

  test("a building up to 8 years old is recent; from 9, its age is weighed", () => {
    expect(item({ ...base, year: 2018 }, "age")).toEqual({ kind: "age", year: 2018, age: 8, recent: true });
    expect(item({ ...base, year: 2017 }, "age")).toEqual({ kind: "age", year: 2017, age: 9, recent: false });
    // A building that went up in stages counts from its last year.
    expect(item({ ...base, year: [2010, 2018] }, "age")).toMatchObject({ age: 8, recent: true });
  });

  test("a building under construction is bought off-plan, whatever its year", () => {
    expect(kinds({ ...base, status: "en construcción", year: 2027 })).toEqual(["location", "offPlan"]);
  });

  test("from 5 amenities the list weighs by itself, quoting the first three", () => {
    expect(item({ ...base, amenities: "Pileta, spa, gimnasio y sauna" }, "amenities")).toMatchObject({
      many: false,
    });
    expect(item({ ...base, amenities: "Pileta, spa; gimnasio, sauna y microcine" }, "amenities")).toEqual({
      kind: "amenities",
      amenities: "Pileta, spa; gimnasio, sauna y microcine",
      many: true,
      highlights: ["Pileta", "spa", "gimnasio"],
    });
  });

  test("a hotel comes before the amenities", () => {
    expect(kinds({ ...base, hotel: "Hotel", amenities: "Pileta" })).toEqual(["location", "hotel"]);
  });

  test("from 120 units the building has sales of its own to compare", () => {
    expect(item({ ...base, units: 119 }, "units")).toEqual({ kind: "units", units: 119, many: false });
    expect(item({ ...base, units: 120 }, "units")).toEqual({ kind: "units", units: 120, many: true });
  });

  test("comparables: same complex, then units, then unit sizes, then up to three dock neighbours", () => {
    const tower = { ...base, complex: "Complejo", units: 200, unitSizes: [50, 90] as const };
    const catalogue: Tower[] = [
      tower,
      { ...base, slug: "a", nombre: "A", complex: "Complejo", dock: 1 },
      { ...base, slug: "b", nombre: "B" },
      { ...base, slug: "c", nombre: "C" },
      { ...base, slug: "d", nombre: "D" },
      { ...base, slug: "e", nombre: "E" },
    ];
    const comparables = (candidate: Tower) => considerationFacts(candidate, { ...options, catalogue })[1];
    expect(comparables(tower)).toEqual({ kind: "sameComplex", complex: "Complejo", names: ["A"] });
    expect(comparables({ ...tower, complex: undefined })).toEqual({ kind: "units", units: 200, many: true });
    expect(comparables({ ...tower, complex: undefined, units: undefined })).toEqual({
      kind: "unitSizes",
      sizes: [50, 90],
    });
    expect(comparables({ ...base, slug: "b" })).toEqual({
      kind: "dockNeighbours",
      names: ["Prueba", "C", "D"],
    });
  });

  test("come in reading order: view, age, amenities, comparables, what the visit confirms", () => {
    const tower: Tower = {
      ...base,
      floors: [40],
      year: 2010,
      amenities: "Pileta",
      units: 150,
      architect: "Estudio",
      toConfirm: ["architect"],
    };
    expect(kinds(tower)).toEqual(["floorAndView", "age", "amenities", "units", "visit"]);
    expect(item(tower, "visit")).toEqual({ kind: "visit", facts: ["architect"] });
  });

  test("never use a pending fact", () => {
    const neighbour: Tower = { ...base, slug: "vecina", nombre: "Vecina" };
    const tower: Tower = {
      ...base,
      floors: [40],
      year: 2010,
      amenities: "Pileta",
      hotel: "Hotel",
      units: 150,
      unitSizes: [50, 90],
      toConfirm: ["dock", "floors", "year", "status", "amenities", "hotel", "units", "unitSizes"],
    };
    expect(kinds(tower, [tower, neighbour])).toEqual(["visit"]);
    // With the floors confirmed, a pending dock is not placed.
    const floors = { ...tower, toConfirm: tower.toConfirm.filter((fact) => fact !== "floors") };
    expect(item(floors, "floorAndView")).toMatchObject({ dock: undefined });
    // A pending status does not make a building off-plan.
    expect(kinds({ ...base, status: "en construcción", toConfirm: ["status"] })).toEqual([
      "location",
      "visit",
    ]);
  });
});

/** Every listed fact labelled with its own name, with the value given. */
const factWords = (value: (fact: ListedFact) => string | undefined) =>
  Object.fromEntries(listedFacts.map((fact) => [fact, [fact, value(fact)]])) as Record<
    ListedFact,
    [string, string | undefined]
  >;

describe("the facts list", () => {
  test("follows the reading order, leaves unknown facts out and marks pending ones", () => {
    const words = factWords((fact) => (fact === "architect" ? undefined : `valor ${fact}`));
    const rows = factRowsOf({ ...base, toConfirm: ["units"] }, words);
    expect(rows.map((row) => row.fact)).toEqual(listedFacts.filter((fact) => fact !== "architect"));
    expect(rows.find((row) => row.fact === "units")).toMatchObject({
      value: "valor units",
      confirmed: false,
    });
    expect(rows.find((row) => row.fact === "dock")).toMatchObject({ value: "valor dock", confirmed: true });
  });

  test("always lists a pending address, even without a value", () => {
    const words = factWords(() => undefined);
    expect(factRowsOf(base, words)).toEqual([]);
    expect(factRowsOf({ ...base, toConfirm: ["direccion", "units"] }, words)).toEqual([
      { fact: "direccion", label: "direccion", value: "", confirmed: false },
    ]);
  });
});

describe("sizes and fits", () => {
  test("volumes up to 14 floors are buildings; from 15, towers", () => {
    expect(areTowers([5, 14])).toBe(false);
    expect(areTowers([5, 15])).toBe(true);
  });

  test("a title takes the first candidate that fits with the brand, else the tower's name", () => {
    const brand = "Marca";
    const room = maxTitleLength - ` | ${brand}`.length;
    const fits = "a".repeat(room);
    expect(titleThatFits(base, [`${fits}b`, fits, "corto"], brand)).toBe(`${fits} | ${brand}`);
    expect(titleThatFits(base, [`${fits}b`], brand)).toBe(`Prueba | ${brand}`);
  });

  test("a description takes the first candidate that fits, else the last one", () => {
    const fits = "a".repeat(maxDescriptionLength);
    expect(descriptionThatFits([`${fits}b`, fits, "corta"])).toBe(fits);
    expect(descriptionThatFits([`${fits}b`, `${fits}c`])).toBe(`${fits}c`);
  });
});
