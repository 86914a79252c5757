import { describe, expect, test } from "vitest";

import { loadSiteConfig, SiteConfigError } from "./site-config.ts";
import {
  buildEnvironment,
  effectiveValue,
  factProblems,
  holdsExample,
  normaliseFact,
  shownFact,
  storedDays,
} from "./site-facts.ts";

describe("the owner's site facts", () => {
  test("each fact is checked with the build's own rule and words", () => {
    const problems = factProblems({
      SITE_WHATSAPP_NUMBER: "+54 11",
      SITE_EMAIL: "no-es-email",
      SITE_OPENS: "09:00",
    });
    let buildProblems: string[] = [];
    try {
      loadSiteConfig({ SITE_WHATSAPP_NUMBER: "+54 11", SITE_EMAIL: "no-es-email" });
    } catch (error) {
      buildProblems = (error as SiteConfigError).problems;
    }
    expect(Object.keys(problems)).toEqual(["SITE_WHATSAPP_NUMBER", "SITE_EMAIL"]);
    expect(buildProblems[0]).toContain(problems.SITE_WHATSAPP_NUMBER);
    expect(buildProblems[1]).toContain(problems.SITE_EMAIL);
  });

  test("a link that wants to run a script is refused", () => {
    expect(factProblems({ SITE_REGISTRY_URL: "javascript:alert(1)" }).SITE_REGISTRY_URL).toMatch(
      /URL absoluta/,
    );
  });

  test("an edited fact wins over the environment, which wins over the example", () => {
    const env = { SITE_WHATSAPP_NUMBER: "5491100000001" };
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", {}, {})).toBe("5491100000000");
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", {}, env)).toBe("5491100000001");
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", { SITE_WHATSAPP_NUMBER: "5491145678901" }, env)).toBe(
      "5491145678901",
    );
    expect(holdsExample("SITE_WHATSAPP_NUMBER", {}, {})).toBe(true);
    expect(holdsExample("SITE_WHATSAPP_NUMBER", {}, env)).toBe(false);
  });

  test("a stored value can set only the facts the owner edits, never another variable of the build", () => {
    const env = buildEnvironment({ PATH: "/usr/bin" }, {
      SITE_WHATSAPP_NUMBER: "5491145678901",
      PATH: "/tmp/evil",
      NODE_OPTIONS: "--require /tmp/evil.js",
      SITE_URL: "https://evil.example",
    } as never);
    expect(env).toEqual({ PATH: "/usr/bin", SITE_WHATSAPP_NUMBER: "5491145678901" });
    expect(factProblems({ SITE_URL: "https://evil.example" } as never)).toEqual({
      SITE_URL: "no se edita desde la bandeja",
    });
  });
});

describe("what the owner types, understood as a person would write it", () => {
  test.each([
    ["Mat. 6842", "6842"],
    ["Matrícula 6842", "6842"],
    ["matricula nº 6842", "6842"],
    ["M.P. 6842", "6842"],
    ["MP 6842", "6842"],
    ["N° 6842", "6842"],
    ["6842", "6842"],
  ])("the registration «%s» is stored as its number", (typed, stored) => {
    expect(normaliseFact("SITE_REGISTRATION_NUMBER", typed)).toBe(stored);
  });

  test.each([
    ["+54 9 11 4567-8901", "5491145678901"],
    ["+54 11 4567-8901", "5491145678901"],
    ["11 4567-8901", "5491145678901"],
    ["011 15 4567-8901", "5491145678901"],
    ["(011) 4567-8901", "5491145678901"],
    ["5491145678901", "5491145678901"],
    ["+34 612 34 56 78", "34612345678"],
  ])("the WhatsApp number «%s» becomes wa.me's digits", (typed, stored) => {
    expect(normaliseFact("SITE_WHATSAPP_NUMBER", typed)).toBe(stored);
    expect(factProblems({ SITE_WHATSAPP_NUMBER: stored })).toEqual({});
  });

  test.each([
    ["9", "09:00"],
    ["9:30", "09:30"],
    ["9.30", "09:30"],
    ["18 hs", "18:00"],
    ["nueve", "nueve"],
  ])("the hour «%s» is stored as %s", (typed, stored) => {
    expect(normaliseFact("SITE_OPENS", typed)).toBe(stored);
  });

  test("the phone as shown keeps what was typed, with the spaces cleaned", () => {
    expect(normaliseFact("SITE_PHONE_DISPLAY", "  +54 9 11   4567-8901 ")).toBe("+54 9 11 4567-8901");
  });

  test("the days are stored in the week's order with the names the structured data needs", () => {
    expect(storedDays(["Friday", "monday", "Wednesday"])).toBe("Monday,Wednesday,Friday");
    expect(shownFact("SITE_OPENING_DAYS", "Monday,Saturday")).toBe("Lunes, Sábado");
    expect(factProblems({ SITE_OPENING_DAYS: "Monday,Lunes" }).SITE_OPENING_DAYS).toMatch(/«Lunes»/);
  });

  test("a line break or an invisible character is never tidied away, so the rules can refuse it", () => {
    expect(normaliseFact("SITE_BUSINESS_NAME", "Madero\nTasaciones")).toBe("Madero\nTasaciones");
  });
});

describe("every business fact under the shared rules for the owner's texts", () => {
  test.each([
    ["NUL", "Madero\u0000Tasaciones", /invisible/],
    ["a line break", "Madero\nTasaciones", /una sola línea/],
    ["U+202E", "Madero \u202eselaicnesaT", /invierte el texto/],
    ["201 characters", "M".repeat(201), /hasta 200 caracteres/],
  ])("%s in the business name is refused", (_what, value, reason) => {
    expect(factProblems({ SITE_BUSINESS_NAME: value }).SITE_BUSINESS_NAME).toMatch(reason);
  });
});
