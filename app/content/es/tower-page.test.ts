import { describe, expect, test } from "vitest";

import { towers, type Tower } from "../towers.ts";
import {
  considerations,
  dockNeighbours,
  factRows,
  formatFloors,
  maxDescriptionLength,
  maxTitleLength,
  towerDescription,
  towerTitle,
} from "./tower-page.ts";

const tower = (slug: string) => towers.find((candidate) => candidate.slug === slug)!;
const business = "Madero Tasaciones (ejemplo)";

describe("facts on a tower page", () => {
  test("floors read as people say them", () => {
    expect(formatFloors({ floors: [54] })).toBe("54 pisos");
    expect(formatFloors({ volumes: 2, floors: [43] })).toBe("2 torres de 43 pisos");
    expect(formatFloors({ volumes: 2, floors: [41, 50] })).toBe("2 torres, de 41 y 50 pisos");
    expect(formatFloors({ volumes: 2, floors: [5, 7] })).toBe("2 edificios, de 5 y 7 pisos");
    expect(formatFloors({ floors: [9], terraced: true })).toBe("9 niveles escalonados");
    expect(formatFloors({})).toBeUndefined();
  });

  test("pending facts are listed as pending, unknown ones are left out", () => {
    const rows = factRows(tower("alvear-tower"));
    expect(rows.find((row) => row.fact === "units")).toMatchObject({
      value: "186 unidades",
      confirmed: false,
    });
    expect(rows.find((row) => row.fact === "floors")).toMatchObject({ value: "54 pisos", confirmed: true });
    expect(rows.some((row) => row.fact === "hotel")).toBe(false);
    // No address at all is still a row: "a confirmar".
    const leParc = factRows(tower("le-parc-puerto-madero"));
    expect(leParc.find((row) => row.fact === "direccion")).toMatchObject({ value: "", confirmed: false });
  });

  test("the other buildings on the same dock exclude the tower itself", () => {
    const neighbours = dockNeighbours(tower("faena-los-molinos-building"));
    expect(neighbours.map((other) => other.slug)).toEqual(["alvear-icon-hotel-residences"]);
    for (const other of dockNeighbours(tower("mulieris"))) expect(other.dock).toBe(2);
  });
});

describe("what an appraisal in the building considers", () => {
  test("is specific to each tower: no two towers read the same once the name is taken out", () => {
    const texts = towers.map((item) =>
      considerations(item, towers, 2026)
        .map((consideration) => `${consideration.title}: ${consideration.text}`)
        .join("\n")
        .replaceAll(item.nombre, "{torre}"),
    );
    expect(new Set(texts).size).toBe(towers.length);
    // Only a building with almost nothing confirmed (Forum) gets a single item: what the visit confirms.
    for (const [index, text] of texts.entries()) {
      const item = towers[index]!;
      expect(text.split("\n").length, item.nombre).toBeGreaterThanOrEqual(item.toConfirm.length >= 4 ? 1 : 2);
    }
  });

  test("is written from the facts: floors, age, hotel, complex", () => {
    const alvear = considerations(tower("alvear-tower"), towers, 2026);
    expect(alvear[0]).toMatchObject({ title: "Piso y vista" });
    expect(alvear[0]!.text).toContain("54 pisos");
    expect(alvear.find((item) => item.title === "Antigüedad y estado")!.text).toContain("Terminado en 2019");
    const porteno = considerations(tower("faena-el-porteno-building"), towers, 2026);
    expect(porteno.map((item) => item.title)).toContain("Servicios de hotel");
    const ambar = considerations(tower("zencity-torre-ambar"), towers, 2026);
    expect(ambar.at(-1)!.text).toContain("Zencity – Torre Rubí");
    const harbour = considerations(tower("harbour-tower"), towers, 2026);
    expect(harbour.map((item) => item.title)).toContain("Compra en pozo");
  });

  test("never states a fact still to confirm", () => {
    // Renoir's floors are pending: the copy must not quote 41 or 50 floors.
    const renoir = considerations(tower("renoir-i-ii"), towers, 2026);
    expect(renoir.map((item) => item.text).join(" ")).not.toMatch(/\b(41|50)\b/);
    const fake: Tower = { ...tower("alvear-tower"), toConfirm: ["floors", "year", "amenities"] };
    const text = considerations(fake, towers, 2026)
      .map((item) => item.text)
      .join(" ");
    expect(text).not.toContain("54");
    expect(text).not.toContain("2019");
    expect(text).not.toContain("semiolímpica");
    // A pending dock is not used to name neighbours "on the same dock".
    const forum = considerations(tower("forum-puerto-madero"), towers, 2026);
    expect(forum.map((item) => item.text).join(" ")).not.toMatch(/Dique|mismo dique/);
  });

  test("says which facts the visit will confirm", () => {
    const forum = considerations(tower("forum-puerto-madero"), towers, 2026);
    expect(forum.at(-1)!.text).toContain("la dirección, el dique, el estado de la obra y los amenities");
    const molinos = considerations(tower("faena-los-molinos-building"), towers, 2026);
    expect(molinos.some((item) => item.title === "Lo que confirmamos en la visita")).toBe(false);
  });
});

describe("titles and descriptions", () => {
  test("every tower page has a unique title that fits with the brand, and a unique description", () => {
    const titles = towers.map((item) => towerTitle(item, business));
    const descriptions = towers.map((item) => towerDescription(item));
    expect(new Set(titles).size).toBe(towers.length);
    expect(new Set(descriptions).size).toBe(towers.length);
    for (const [index, title] of titles.entries()) {
      const item = towers[index]!;
      expect(title).toContain(item.nombre);
      expect(title.endsWith(` | ${business}`)).toBe(true);
      // Only names longer than the room left may push a title past the limit.
      if (item.nombre.length + business.length + 3 <= maxTitleLength) {
        expect(title.length, title).toBeLessThanOrEqual(maxTitleLength);
      }
      expect(descriptions[index]!.length, descriptions[index]).toBeLessThanOrEqual(maxDescriptionLength);
      expect(descriptions[index]).toContain(item.nombre);
    }
  });

  test("the description quotes only confirmed facts", () => {
    expect(towerDescription(tower("alvear-tower"))).toContain("Azucena Villaflor 559, Dique 2): 54 pisos");
    expect(towerDescription(tower("renoir-i-ii"))).not.toContain("Aimé Painé");
    expect(towerDescription(tower("renoir-i-ii"))).not.toMatch(/pisos/);
  });
});
