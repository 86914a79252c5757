import { expect, test } from "vitest";

import { towerCount } from "./tower-count.ts";
import { towers } from "./towers.ts";

test("the tower count the pages print is the catalogue's length", () => {
  expect(towerCount).toBe(towers.length);
});

test("names and slugs are unique, slugs are URL-safe", () => {
  expect(new Set(towers.map((tower) => tower.nombre)).size).toBe(towers.length);
  expect(new Set(towers.map((tower) => tower.slug)).size).toBe(towers.length);
  for (const tower of towers) expect(tower.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test("every tower has an address, amenities and a source", () => {
  for (const tower of towers) {
    expect(tower.direccion.length, tower.nombre).toBeGreaterThan(5);
    expect(tower.amenities.length, tower.nombre).toBeGreaterThan(5);
    expect(tower.source.length, tower.nombre).toBeGreaterThan(5);
  }
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
});

test("the catalogue includes the towers the original site names", () => {
  const names = towers.map((tower) => tower.nombre);
  for (const name of ["Alvear Tower", "Mulieris", "Renoir I & II"]) expect(names).toContain(name);
  expect(names.some((name) => name.startsWith("Zencity"))).toBe(true);
});
