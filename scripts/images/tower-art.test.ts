import { describe, expect, test } from "vitest";

import { towers } from "../../app/content/towers.ts";
import { heightFor, towerProfile, towerSvg, volumeCount } from "./tower-art.ts";

function tower(slug: string) {
  const found = towers.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`unknown tower ${slug}`);
  return found;
}

describe("volumeCount", () => {
  test("counts the volumes in the facts, else twin towers in the name", () => {
    expect(volumeCount({ nombre: "Mulieris", floors: [43, 43] })).toBe(2);
    expect(volumeCount({ nombre: "Le Parc", floors: [43, 43, 43] })).toBe(3);
    expect(volumeCount({ nombre: "Zencity – Torre Ámbar", floors: [25] })).toBe(1);
    expect(volumeCount({ nombre: "Renoir I & II" })).toBe(2);
    expect(volumeCount({ nombre: "Torres El Faro" })).toBe(2);
    expect(volumeCount({ nombre: "Osten (Madero Harbour)" })).toBe(1);
  });
});

describe("towerProfile", () => {
  test("takes proportions from the catalogue's facts", () => {
    expect(towerProfile(tower("alvear-tower"))).toMatchObject({
      floors: [54],
      fromData: true,
      form: "tower",
    });
    expect(towerProfile(tower("renoir-i-ii")).floors).toEqual([41, 50]);
    expect(towerProfile(tower("le-parc-puerto-madero")).floors).toEqual([43, 43, 43]);
    expect(towerProfile(tower("torres-el-faro")).crown).toBe("lantern");
    expect(towerProfile(tower("madero-center")).form).toBe("block");
    expect(towerProfile(tower("zencity-edificio-zafiro")).form).toBe("terraced");
    expect(heightFor(54)).toBeGreaterThan(heightFor(25));
  });

  test("guesses a stable height when the facts give none", () => {
    const osten = tower("osten-madero-harbour");
    expect(towerProfile(osten).fromData).toBe(false);
    expect(towerProfile(osten)).toEqual(towerProfile({ ...osten }));
  });
});

test("the same tower always yields the same drawing", () => {
  expect(towerSvg(tower("mulieris"))).toBe(towerSvg(tower("mulieris")));
  expect(towerSvg(tower("mulieris"))).not.toBe(towerSvg(tower("torres-el-faro")));
});

test("titles escape the names", () => {
  expect(towerSvg(tower("renoir-i-ii"))).toContain("<title>Renoir I &amp; II: silueta");
});
