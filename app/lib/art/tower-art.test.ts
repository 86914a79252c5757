import { describe, expect, test } from "vitest";

import { towers } from "../../content/towers.ts";
import { heightFor, towerProfile, towerSvg } from "./tower-art.ts";

function tower(slug: string) {
  const found = towers.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`unknown tower ${slug}`);
  return found;
}

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

  test("repeats one floor count over every volume, and converts a height in metres", () => {
    const facts = { slug: "x", nombre: "X" };
    expect(towerProfile({ ...facts, volumes: 3, floors: [44] }).floors).toEqual([44, 44, 44]);
    expect(towerProfile({ ...facts, volumes: 2, floors: [41, 51] }).floors).toEqual([41, 51]);
    expect(towerProfile({ ...facts, volumes: 2, heightMetres: 138 }).floors).toEqual([41, 41]);
    expect(towerProfile({ ...facts, floors: [9], terraced: true }).form).toBe("terraced");
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
