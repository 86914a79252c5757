import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, test } from "vitest";

import {
  applyTowerOverrides,
  describeTowerChange,
  overrideOf,
  parseTowerFact,
  retiredSlugs,
  towerChanges,
  towerTitle,
  suggestedSlug,
  towerOverrideProblems,
  type TowerOverrides,
} from "./tower-edits.ts";
import { catalogueTowers, type Tower } from "./tower-catalogue.ts";
import { towerProblems } from "./tower-checks.ts";
import { towerOverridesFromEnvironment, TowerOverridesError } from "./tower-overrides-file.ts";
import { towers } from "./towers.ts";
import { localTower } from "./en/tower-page.ts";

const alvear = catalogueTowers.find((tower) => tower.slug === "alvear-tower")!;
const added: TowerOverrides = {
  "torre-nueva": {
    nombre: "Torre Nueva",
    dock: 3,
    status: "en construcción",
    toConfirm: ["direccion", "amenities"],
  },
};

describe("the owner's tower overrides merged over the catalogue", () => {
  test("without overrides the site's towers are the catalogue itself", () => {
    expect(towers).toBe(catalogueTowers);
    expect(applyTowerOverrides(catalogueTowers, {})).toEqual(catalogueTowers);
  });

  test("a corrected fact replaces the catalogue's, a confirmed one leaves the pending list", () => {
    const merged = applyTowerOverrides(catalogueTowers, {
      "alvear-tower": { floors: [55], toConfirm: [] },
    });
    const tower = merged.find((candidate) => candidate.slug === "alvear-tower")!;
    expect(tower.floors).toEqual([55]);
    expect(tower.toConfirm).toEqual([]);
    expect(tower.nombre).toBe("Alvear Tower");
    expect(merged).toHaveLength(catalogueTowers.length);
  });

  test("an added tower comes last; a retired one is gone and named for its redirect", () => {
    const overrides: TowerOverrides = { ...added, mulieris: { retired: true } };
    const merged = applyTowerOverrides(catalogueTowers, overrides);
    expect(merged.at(-1)).toMatchObject({ slug: "torre-nueva", nombre: "Torre Nueva", dock: 3 });
    expect(merged.map((tower) => tower.slug)).not.toContain("mulieris");
    expect(merged.every((tower) => !("retired" in tower))).toBe(true);
    expect(retiredSlugs(catalogueTowers, overrides)).toEqual(["mulieris"]);
  });

  test("an emptied fact (null in the JSON) is dropped", () => {
    const merged = applyTowerOverrides(catalogueTowers, {
      "alvear-tower": { units: null as unknown as undefined },
    });
    expect("units" in merged.find((tower) => tower.slug === "alvear-tower")!).toBe(false);
  });

  test("overrideOf keeps only what differs from the catalogue", () => {
    expect(overrideOf(alvear, { ...alvear })).toBeUndefined();
    expect(overrideOf(alvear, { ...alvear, floors: [55], toConfirm: [] })).toEqual({
      floors: [55],
      toConfirm: [],
    });
    const { units: _units, ...withoutUnits } = alvear;
    expect(overrideOf(alvear, withoutUnits)).toEqual({ units: null });
  });
});

describe("checked with the catalogue's rules", () => {
  test("every catalogue tower passes the rules the owner's edits are checked with", () => {
    for (const tower of catalogueTowers) expect(towerProblems(tower), tower.nombre).toEqual([]);
    expect(towerOverrideProblems(catalogueTowers, added)).toEqual([]);
  });

  test.each([
    ["markup", { architect: "</script><script>alert(1)</script>" }, "sin los signos"],
    ["an image tag", { direccion: '<img src=x onerror="alert(1)">' }, "sin los signos"],
    ["a link", { developer: "https://evil.example/x" }, "sin direcciones web"],
    ["a script URL", { hotel: "javascript:alert(1)" }, "sin direcciones web"],
    ["JSON-LD braces", { amenities: '{"@type":"Offer"}' }, "sin los signos"],
    ["a line break", { direccion: "Calle 1\n<b>" }, "una sola línea"],
    ["a NUL", { architect: "Estudio\u0000" }, "carácter invisible"],
    ["a direction control", { developer: "Madero \u202eSA" }, "invierte el texto"],
    ["a text too long", { hotel: "h".repeat(301) }, "hasta 300 caracteres"],
    ["floors that disagree with the volumes", { floors: [40, 41, 42] }, "uno por torre"],
    ["a year out of range", { year: 1850 }, "«Año de terminación»: va de"],
    ["sizes the wrong way round", { unitSizes: [300, 100] }, "«Superficies (m²)»"],
    ["a dock that does not exist", { dock: 7 }, "dique"],
    ["a pending fact written as a value", { direccion: "a confirmar" }, "a confirmar"],
  ])("refuses %s", (_what, override, words) => {
    const problems = towerOverrideProblems(catalogueTowers, {
      "alvear-tower": override as TowerOverrides[string],
    });
    expect(problems.join(" ")).toContain(words);
  });

  test("refuses keys that are no tower fact, bad slugs and a second tower with a taken name", () => {
    expect(
      towerOverrideProblems(catalogueTowers, { "alvear-tower": { PATH: "/tmp" } as never }).join(),
    ).toContain("no es un dato de torre");
    expect(
      towerOverrideProblems(catalogueTowers, { "../etc": { ...added["torre-nueva"] } }).join(),
    ).toContain("«Dirección web de la página»");
    // 300 characters passed the pattern and broke every publication on the file name (ENAMETOOLONG).
    expect(
      towerOverrideProblems(catalogueTowers, {
        ["torre-" + "a".repeat(294)]: { ...added["torre-nueva"] },
      }).join(),
    ).toContain("«Dirección web de la página»: hasta 60 caracteres (tiene 300)");
    expect(
      towerOverrideProblems(catalogueTowers, {
        "otra-alvear": { ...added["torre-nueva"], nombre: "Alvear Tower" },
      }).join(),
    ).toContain("otra torre ya tiene ese nombre");
  });

  test("a new tower without an address or amenities must list them to confirm", () => {
    const problems = towerOverrideProblems(catalogueTowers, {
      "torre-nueva": { nombre: "Torre Nueva", dock: 3, status: "terminado", toConfirm: [] },
    });
    expect(problems.join()).toContain("«Dirección»: falta; si todavía no lo sabés, dejalo vacío");
  });
});

describe("what the owner types", () => {
  test("is read into typed values, or refused with the way to write it", () => {
    expect(parseTowerFact("floors", "41, 50")).toEqual({ value: [41, 50] });
    expect(parseTowerFact("year", "2008-2011")).toEqual({ value: [2008, 2011] });
    expect(parseTowerFact("year", "2019")).toEqual({ value: 2019 });
    expect(parseTowerFact("unitSizes", "160 – 335")).toEqual({ value: [160, 335] });
    expect(parseTowerFact("dock", "5")).toHaveProperty("problem");
    expect(parseTowerFact("status", "Terminada")).toEqual({ value: "terminado" });
    expect(parseTowerFact("status", "en construccion")).toEqual({ value: "en construcción" });
    expect(parseTowerFact("status", "demolida")).toHaveProperty("problem");
    expect(parseTowerFact("units", "muchas")).toHaveProperty("problem");
    expect(parseTowerFact("direccion", "  Azucena   Villaflor 559 ")).toEqual({
      value: "Azucena Villaflor 559",
    });
    expect(parseTowerFact("direccion", " ")).toEqual({ value: undefined });
  });
});

describe("what a publication changed", () => {
  test("reads fact by fact, as the owner's e-mail says it", () => {
    const changes = towerChanges(catalogueTowers, {}, { "alvear-tower": { floors: [55], toConfirm: [] } });
    expect(changes.map(describeTowerChange)).toEqual([
      "Torre Alvear Tower: pisos 54 → 55",
      "Torre Alvear Tower: unidades 186 (a confirmar) → 186",
    ]);
    expect(
      towerChanges(catalogueTowers, {}, { mulieris: { retired: true }, ...added }).map(describeTowerChange),
    ).toEqual(["Torre Mulieris: retirada", "Torre Nueva: agregada"]);
  });
});

describe("the build's channel (SITE_TOWER_OVERRIDES_FILE)", () => {
  const fileWith = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), "torres-")), "torres.json");
    writeFileSync(file, text);
    return file;
  };

  test("no variable, no overrides: the build is the catalogue's", () => {
    expect(towerOverridesFromEnvironment({})).toBeNull();
  });

  test("a valid file is read", () => {
    const file = fileWith(JSON.stringify(added));
    expect(towerOverridesFromEnvironment({ SITE_TOWER_OVERRIDES_FILE: file })).toEqual(added);
  });

  test("a file with a value that wants to become markup stops the build, naming the tower", () => {
    const file = fileWith(JSON.stringify({ "alvear-tower": { architect: "<script>alert(1)</script>" } }));
    expect(() => towerOverridesFromEnvironment({ SITE_TOWER_OVERRIDES_FILE: file })).toThrow(
      TowerOverridesError,
    );
    expect(() => towerOverridesFromEnvironment({ SITE_TOWER_OVERRIDES_FILE: file })).toThrow(/Alvear Tower/);
  });

  test("a file that is not an object of towers stops the build", () => {
    expect(() => towerOverridesFromEnvironment({ SITE_TOWER_OVERRIDES_FILE: fileWith("[1]") })).toThrow(
      TowerOverridesError,
    );
    expect(() => towerOverridesFromEnvironment({ SITE_TOWER_OVERRIDES_FILE: fileWith("{") })).toThrow(
      TowerOverridesError,
    );
  });

  test("the tower type stays the catalogue's (a compile-time guard on the merge)", () => {
    const merged: Tower[] = applyTowerOverrides(catalogueTowers, added);
    expect(merged).toHaveLength(catalogueTowers.length + 1);
  });
});

describe("the English pages of an edited tower", () => {
  test("keep the English text of a fact the owner left alone, and show the owner's words for one corrected", () => {
    expect(localTower(alvear).amenities).toMatch(/^Semi-Olympic pool/);
    const [edited] = applyTowerOverrides([alvear], { "alvear-tower": { amenities: "Pileta y gimnasio" } });
    expect(localTower(edited!).amenities).toBe("Pileta y gimnasio");
    expect(localTower(edited!).direccion).toBe("Azucena Villaflor 559");
  });
});

describe("a new tower's web address", () => {
  test("is suggested from its name: no accents, no signs, words joined by dashes", () => {
    expect(suggestedSlug("Torre Ñandú  Oeste")).toBe("torre-nandu-oeste");
    expect(suggestedSlug("«Le Parc» II & III")).toBe("le-parc-ii-iii");
  });

  test("is cut between words within the slug's length, and always passes the rules", () => {
    const slug = suggestedSlug("Torre ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
    expect(suggestedSlug("a".repeat(90))).toHaveLength(60);
  });
});

test("a tower's title never says «Torre» twice, whatever the owner called it", () => {
  expect(towerTitle("Alvear Tower")).toBe("Torre Alvear Tower");
  expect(towerTitle("Torre Mirador Sur")).toBe("Torre Mirador Sur");
  expect(towerTitle("  torre del Dique ")).toBe("torre del Dique");
  expect(towerTitle("Torres El Faro")).toBe("Torres El Faro");
  expect(towerTitle("Torreón Sur")).toBe("Torre Torreón Sur");
});
