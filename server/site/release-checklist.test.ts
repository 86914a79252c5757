import { describe, expect, test } from "vitest";

import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import { releaseChecklist } from "./release-checklist.ts";

/** The tower part of the launch checklist (decision 0020): counted from the published tower edits. */
describe("the checklist's towers", () => {
  const pendingInCatalogue = catalogueTowers.reduce((sum, tower) => sum + tower.toConfirm.length, 0);
  const towerItems = (towers = {}) =>
    releaseChecklist({}, {}, towers).filter((item) => item.fix.kind === "tower");

  test("lists every fact «a confirmar», each linked to its tower and fact", () => {
    const items = towerItems();
    expect(items).toHaveLength(pendingInCatalogue);
    expect(items.find((item) => item.text.startsWith("Alvear Tower: «Unidades» sin confirmar"))?.fix).toEqual(
      {
        kind: "tower",
        slug: "alvear-tower",
        fact: "units",
      },
    );
  });

  test("a published confirmation or correction counts down, and is sourced by the owner", () => {
    const items = releaseChecklist({}, {}, { "alvear-tower": { floors: [55], toConfirm: [] } });
    expect(items.filter((item) => item.fix.kind === "tower")).toHaveLength(pendingInCatalogue - 1);
    expect(items.some((item) => item.text.includes("Alvear Tower") && item.text.includes("sin fuente"))).toBe(
      false,
    );
  });

  test("a retired tower's pending facts leave the list; an added tower's join it", () => {
    const retired = towerItems({ "forum-puerto-madero": { retired: true } });
    expect(retired.some((item) => item.text.startsWith("Forum Puerto Madero"))).toBe(false);
    const added = towerItems({
      "torre-nueva": {
        nombre: "Torre Nueva",
        dock: 1,
        status: "terminado",
        toConfirm: ["direccion", "amenities"],
      },
    });
    expect(added.filter((item) => item.text.startsWith("Torre Nueva"))).toHaveLength(2);
  });
});
