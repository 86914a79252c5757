import { describe, expect, it } from "vitest";

import {
  emptyAccess,
  parseTowerAccess,
  towerAccessInput,
  towerAccessProblems,
  towerAccessText,
  withinVisitHours,
} from "./tower-access.ts";
import { catalogueTowers } from "./tower-catalogue.ts";
import { towerFieldProblems } from "./tower-checks.ts";
import {
  applyTowerOverrides,
  publicTowerOverrides,
  towerChanges,
  towerOverrideProblems,
} from "./tower-edits.ts";

const form = (values: Record<string, string>) => values;

describe("a building's access as the owner types it", () => {
  it("reads the four fields, hours in the ways people write them", () => {
    for (const hours of [
      "09:00-18:00",
      "9-18",
      "9:00 – 18:00",
      "09.00 a 18.00",
      "9 hs - 18 hs",
      "9 hasta 18",
    ])
      expect(
        parseTowerAccess(
          form({
            "acceso-dni": "si",
            "acceso-horario": hours,
            "acceso-estacionamiento": "  Cocheras de cortesía   en el subsuelo ",
            "acceso-telefono": "+54 11 4000-0000",
          }),
        ),
      ).toEqual({
        access: {
          guestListRequired: true,
          visitHours: { opens: "09:00", closes: "18:00" },
          parking: "Cocheras de cortesía en el subsuelo",
          receptionPhone: "+54 11 4000-0000",
        },
      });
    expect(parseTowerAccess(form({ "acceso-dni": "no" }))).toEqual({ access: { guestListRequired: false } });
  });

  it("leaves out what is left empty: nothing known is no access at all", () => {
    const parsed = parseTowerAccess(form({ "acceso-dni": "", "acceso-horario": " " }));
    expect(parsed).toEqual({ access: {} });
    expect(emptyAccess("access" in parsed ? parsed.access : undefined)).toBe(true);
  });

  it("refuses each wrong field with its reason in Spanish, field by field", () => {
    const parsed = parseTowerAccess(
      form({
        "acceso-dni": "tal vez",
        "acceso-horario": "25:00-26:00",
        "acceso-estacionamiento": "x".repeat(201),
        "acceso-telefono": "llamar al portero",
      }),
    );
    expect(parsed).toEqual({
      problems: {
        guestListRequired: "elegí sí, no o «no sé»",
        visitHours: "escribilo como 09:00-18:00 (hora de inicio y de fin)",
        parking: "hasta 200 caracteres (tiene 201)",
        receptionPhone: "un teléfono de 8 a 15 dígitos, como +54 11 4000-0000",
      },
    });
    expect(parseTowerAccess(form({ "acceso-horario": "18:00-09:00" }))).toEqual({
      problems: { visitHours: "la hora de inicio va antes que la de fin" },
    });
    expect(parseTowerAccess(form({ "acceso-telefono": "1234" }))).toMatchObject({
      problems: { receptionPhone: expect.stringContaining("8 a 15 dígitos") },
    });
  });

  it("refuses markup, links and invisible characters: what is typed stays text", () => {
    for (const [value, words] of [
      ['<img src=x onerror="alert(1)">', "sin los signos"],
      ["Ver https://evil.example", "sin direcciones web"],
      ["javascript:alert(1)", "sin direcciones web"],
      ["Cochera\u202Eabc", "invierte el texto"],
      ["Cochera\nabajo", "una sola línea"],
    ] as const)
      expect(parseTowerAccess(form({ "acceso-estacionamiento": value }))).toEqual({
        problems: { parking: expect.stringContaining(words) },
      });
    expect(parseTowerAccess(form({ "acceso-telefono": "<b>11 4000 0000</b>" }))).toEqual({
      problems: { receptionPhone: expect.stringContaining("sin los signos") },
    });
  });

  it("checks a stored access again: a database is not a type checker", () => {
    expect(towerAccessProblems(undefined)).toEqual({});
    expect(towerAccessProblems("sí")).toEqual({ parking: "los datos de acceso no tienen la forma esperada" });
    expect(towerAccessProblems({ guestListRequired: "si", visitHours: { opens: "9", closes: "x" } })).toEqual(
      {
        guestListRequired: "es sí o no",
        visitHours: "escribilo como 09:00-18:00 (hora de inicio y de fin)",
      },
    );
    expect(towerAccessProblems({ script: "<script>" })).toEqual({
      parking: "«script» no es un dato de acceso",
    });
  });

  it("shows each field as the editor holds it and as a change lists it", () => {
    const access = { guestListRequired: false, visitHours: { opens: "10:00", closes: "17:30" } };
    expect(towerAccessInput(access, "guestListRequired")).toBe("no");
    expect(towerAccessInput(access, "visitHours")).toBe("10:00-17:30");
    expect(towerAccessText(access, "visitHours")).toBe("10:00 a 17:30");
    expect(towerAccessText(access, "parking")).toBe("");
  });

  it("tells whether a visit fits the building's hours", () => {
    const hours = { opens: "09:00", closes: "18:00" };
    expect(withinVisitHours(hours, { from: "09:00", to: "10:00" })).toBe(true);
    expect(withinVisitHours(hours, { from: "17:30", to: "18:30" })).toBe(false);
    expect(withinVisitHours(hours, { from: "08:30", to: "09:30" })).toBe(false);
  });
});

describe("the access in a tower's override", () => {
  const access = {
    guestListRequired: true,
    visitHours: { opens: "09:00", closes: "18:00" },
    receptionPhone: "+54 11 4000-0000",
  };

  it("no catalogued tower has access facts: no public source gives them", () => {
    expect(catalogueTowers.filter((tower) => tower.access !== undefined)).toEqual([]);
  });

  it("is published like the tower's other facts: checked, and listed fact by fact in the changes", () => {
    expect(towerOverrideProblems(catalogueTowers, { "alvear-tower": { access } })).toEqual([]);
    expect(towerChanges(catalogueTowers, {}, { "alvear-tower": { access } })).toEqual([
      { slug: "alvear-tower", name: "Alvear Tower", fact: "guestListRequired", before: "", after: "sí" },
      { slug: "alvear-tower", name: "Alvear Tower", fact: "visitHours", before: "", after: "09:00 a 18:00" },
      {
        slug: "alvear-tower",
        name: "Alvear Tower",
        fact: "receptionPhone",
        before: "",
        after: "+54 11 4000-0000",
      },
    ]);
    const bad = { "alvear-tower": { access: { ...access, parking: "<script>alert(1)</script>" } } };
    expect(towerOverrideProblems(catalogueTowers, bad)).toEqual([
      "Alvear Tower: «Estacionamiento para visitas»: solo texto, sin los signos < > { } \\ `",
    ]);
    const [tower] = applyTowerOverrides(catalogueTowers.slice(0, 1), { "alvear-tower": { access } });
    expect(towerFieldProblems(tower!)).toEqual([]);
  });

  it("never reaches the public build: its overrides go without the access", () => {
    const overrides = { "alvear-tower": { access, floors: [55] }, "renoir-i-ii": { access } };
    expect(publicTowerOverrides(overrides)).toEqual({ "alvear-tower": { floors: [55] }, "renoir-i-ii": {} });
    expect(JSON.stringify(publicTowerOverrides(overrides))).not.toContain("4000");
  });
});
