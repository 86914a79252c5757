import { describe, expect, test } from "vitest";

import { towers } from "../../app/content/towers.ts";
import { heightFor, quotedFloors, towerProfile, towerSvg, volumeCount } from "./tower-art.ts";

function tower(slug: string) {
  const found = towers.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`unknown tower ${slug}`);
  return found;
}

describe("quotedFloors", () => {
  test("reads floors and the upper bound of a range, one per volume", () => {
    expect(quotedFloors("Alvear: 54 pisos, 235-239 m")).toEqual([54]);
    expect(quotedFloors("Renoir I 41 pisos (~136 m), Renoir II 50-51 pisos (~175 m)")).toEqual([41, 51]);
    expect(quotedFloors("torre de 25 niveles")).toEqual([25]);
  });

  test("converts metres to floors only when no floors are quoted, and ignores areas", () => {
    expect(quotedFloors("dos torres de ~138 m")).toEqual([41]);
    expect(quotedFloors("jardín de 6.000 m² en planta baja")).toEqual([]);
    expect(quotedFloors("Dirección no hallada")).toEqual([]);
  });
});

describe("volumeCount", () => {
  test("finds twin and triple towers in the name or the facts", () => {
    expect(volumeCount({ nombre: "Renoir I & II", source: "" })).toBe(2);
    expect(volumeCount({ nombre: "Torres El Faro", source: "" })).toBe(2);
    expect(volumeCount({ nombre: "The Link Towers", source: "" })).toBe(2);
    expect(volumeCount({ nombre: "Mulieris", source: "dos torres de 43 pisos" })).toBe(2);
    expect(volumeCount({ nombre: "Le Parc", source: "tres torres de 44 pisos" })).toBe(3);
    expect(volumeCount({ nombre: "Zencity – Torre Ámbar", source: "torre de 25 niveles" })).toBe(1);
  });
});

describe("towerProfile", () => {
  test("takes proportions from the catalogue's facts", () => {
    expect(towerProfile(tower("alvear-tower"))).toMatchObject({
      floors: [54],
      fromData: true,
      form: "tower",
    });
    expect(towerProfile(tower("renoir-i-ii")).floors).toEqual([41, 51]);
    expect(towerProfile(tower("le-parc-puerto-madero")).floors).toEqual([44, 44, 44]);
    expect(towerProfile(tower("torres-el-faro")).crown).toBe("lantern");
    expect(towerProfile(tower("madero-center")).form).toBe("block");
    expect(towerProfile(tower("zencity-edificio-zafiro")).form).toBe("terraced");
    expect(heightFor(54)).toBeGreaterThan(heightFor(25));
  });

  test("guesses a stable height when the facts give none", () => {
    const oceana = tower("oceana-puerto-madero");
    expect(towerProfile(oceana).fromData).toBe(false);
    expect(towerProfile(oceana)).toEqual(towerProfile({ ...oceana }));
  });
});

test("the same tower always yields the same drawing", () => {
  expect(towerSvg(tower("mulieris"))).toBe(towerSvg(tower("mulieris")));
  expect(towerSvg(tower("mulieris"))).not.toBe(towerSvg(tower("torres-el-faro")));
});

test("titles escape the names", () => {
  expect(towerSvg(tower("renoir-i-ii"))).toContain("<title>Renoir I &amp; II: silueta");
});
