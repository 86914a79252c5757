import { describe, expect, test } from "vitest";

import { towerCount } from "./tower-count.ts";
import { towerSources } from "./tower-sources.ts";
import { docks, floorsPerVolume, towerFacts, towers, type Tower, type TowerFact } from "./towers.ts";

/** The published URLs (/torres/{slug}): renaming one breaks links and search results. */
const publishedSlugs = [
  "alvear-tower",
  "renoir-i-ii",
  "mulieris",
  "torres-el-faro",
  "chateau-puerto-madero",
  "le-parc-puerto-madero",
  "torres-del-yacht",
  "madero-center",
  "torres-river-view",
  "zencity-torre-ambar",
  "zencity-torre-rubi",
  "harbour-tower",
  "faena-aleph-residences",
  "sls-puerto-madero",
  "oceana-puerto-madero",
  "madero-harbour-harbour-residences",
  "madero-harbour-harbour-house",
  "faena-el-porteno-building",
  "faena-los-molinos-building",
  "bayres-dock",
  "zencity-edificio-zafiro",
  "zencity-edificio-onix",
  "osten-madero-harbour",
  "alvear-icon-hotel-residences",
  "forum-puerto-madero",
  "la-portena-faena-district",
];

function present(tower: Tower, fact: TowerFact): boolean {
  return tower[fact] !== undefined;
}

/** Every text value of a tower: names, addresses, amenities, architects... */
function texts(tower: Tower): string[] {
  return Object.values(tower).filter((value): value is string => typeof value === "string");
}

describe("the catalogue (product decision 16)", () => {
  test("names are unique; slugs are unique, URL-safe and stable", () => {
    expect(new Set(towers.map((tower) => tower.nombre)).size).toBe(towers.length);
    expect(towers.map((tower) => tower.slug)).toEqual(publishedSlugs);
    for (const tower of towers) expect(tower.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("lists real residential buildings: the projects and the hotel block are gone, the replacements are in", () => {
    const names = towers.map((tower) => tower.nombre);
    expect(names).toHaveLength(26);
    for (const gone of ["Ritz-Carlton", "W Buenos Aires", "The Link Towers", "Designer Suites"]) {
      expect(
        names.filter((name) => name.includes(gone)),
        gone,
      ).toEqual([]);
    }
    for (const added of [
      "Torres River View",
      "Alvear Icon Hotel & Residences",
      "Forum Puerto Madero",
      "La Porteña (Faena District)",
    ]) {
      expect(names).toContain(added);
    }
    const unconfirmedBuildings = ["forum-puerto-madero", "la-portena-faena-district"];
    for (const slug of unconfirmedBuildings) {
      expect(towers.find((tower) => tower.slug === slug)!.toConfirm).toContain("direccion");
    }
  });

  test("marks the buildings under construction", () => {
    const building = towers.filter((tower) => tower.status === "en construcción").map((tower) => tower.slug);
    expect(building.sort()).toEqual(["harbour-tower", "oceana-puerto-madero", "osten-madero-harbour"]);
    expect(towers.find((tower) => tower.slug === "oceana-puerto-madero")!.toConfirm).toContain("status");
  });

  test("carries the corrected Faena addresses and docks", () => {
    const molinos = towers.find((tower) => tower.slug === "faena-los-molinos-building")!;
    expect(molinos).toMatchObject({ direccion: "Av. Juana Manso 1150", dock: 3, toConfirm: [] });
    const porteno = towers.find((tower) => tower.slug === "faena-el-porteno-building")!;
    expect(porteno).toMatchObject({ direccion: "Martha Salotti 445", dock: 2, toConfirm: [] });
  });

  test("the tower count the pages print is the catalogue's length", () => {
    expect(towerCount).toBe(towers.length);
  });

  test("floors and volumes agree: one floor count for all volumes, or one per volume", () => {
    for (const tower of towers) {
      const volumes = tower.volumes ?? 1;
      expect(Number.isInteger(volumes) && volumes >= 1, tower.nombre).toBe(true);
      if (!tower.floors) continue;
      expect([1, volumes], tower.nombre).toContain(tower.floors.length);
      for (const floors of tower.floors)
        expect(Number.isInteger(floors) && floors > 0, tower.nombre).toBe(true);
    }
    expect(floorsPerVolume(towers.find((tower) => tower.slug === "mulieris")!)).toEqual([43, 43]);
    expect(floorsPerVolume(towers.find((tower) => tower.slug === "renoir-i-ii")!)).toEqual([41, 50]);
  });

  test("every tower has a dock, and every fact is typed", () => {
    for (const tower of towers) {
      expect(docks, tower.nombre).toContain(tower.dock);
      if (Array.isArray(tower.year)) expect(tower.year[0]).toBeLessThan(tower.year[1]);
      if (tower.unitSizes) expect(tower.unitSizes[0]).toBeLessThan(tower.unitSizes[1]);
    }
  });

  test('no "a confirmar" is written as a fact: what is pending lives in toConfirm', () => {
    for (const tower of towers) {
      for (const text of texts(tower)) expect(text, tower.nombre).not.toMatch(/confirmar|sin verificar|\?/i);
    }
  });

  test("an unknown address or amenities list is pending, never silently missing", () => {
    for (const tower of towers) {
      for (const fact of ["direccion", "amenities"] as const) {
        if (!present(tower, fact)) expect(tower.toConfirm, `${tower.nombre}: ${fact}`).toContain(fact);
      }
    }
  });

  test("every confirmed fact has a source, every pending one a note saying what is missing", () => {
    for (const tower of towers) {
      const sources = towerSources[tower.slug];
      expect(sources, tower.nombre).toBeDefined();
      for (const fact of towerFacts) {
        const source = sources?.[fact];
        const pending = tower.toConfirm.includes(fact);
        if (pending) {
          expect(source, `${tower.nombre}: note for pending ${fact}`).toMatch(/^A confirmar/);
        } else if (present(tower, fact) || fact === "dock" || fact === "status") {
          expect(source, `${tower.nombre}: source for ${fact}`).toMatch(/https?:\/\//);
          expect(source).not.toMatch(/^A confirmar/);
        } else {
          expect(source, `${tower.nombre}: source for a fact it does not have (${fact})`).toBeUndefined();
        }
      }
    }
    expect(Object.keys(towerSources).sort()).toEqual([...publishedSlugs].sort());
  });

  test("only sourced coordinates are kept (no estimated pin)", () => {
    const withGeo = towers.filter((tower) => tower.geo).map((tower) => tower.slug);
    expect(withGeo).toEqual(["alvear-tower", "renoir-i-ii"]);
  });
});
