import { describe, expect, test } from "vitest";

import { ownerTextProblem } from "./owner-text.ts";

const oneLine = { max: 20 };

describe("the rules for every text the owner types", () => {
  test("plain words, accents and signs pass", () => {
    expect(ownerTextProblem("Torre Ñandú, 3º «A»", oneLine)).toBeUndefined();
  });

  test.each([
    ["NUL", "Madero\u0000Tasaciones"],
    ["a bell", "Madero\u0007"],
    ["DEL", "Madero\u007f"],
    ["a C1 control", "Madero\u0090"],
  ])("%s is refused", (_name, value) => {
    expect(ownerTextProblem(value, oneLine)).toMatch(/carácter invisible/);
  });

  test.each(["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085"])(
    "a line break (%j) is refused where one line is expected",
    (lineBreak) => {
      expect(ownerTextProblem(`Calle${lineBreak}Falsa`, oneLine)).toMatch(/una sola línea/);
    },
  );

  test("a text area keeps its line breaks, never a NUL", () => {
    expect(ownerTextProblem("uno\r\ndos\nTres", { max: 20, multiline: true })).toBeUndefined();
    expect(ownerTextProblem("uno\n\u0000", { max: 20, multiline: true })).toMatch(/invisible/);
  });

  test.each(["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"])(
    "the direction control U+%s is refused",
    (control) => {
      expect(ownerTextProblem(`Madero ${control}selaicnesaT`, oneLine)).toMatch(/invierte el texto/);
    },
  );

  test("the length is bounded, counted as a reader counts letters", () => {
    expect(ownerTextProblem("ñ".repeat(20), oneLine)).toBeUndefined();
    expect(ownerTextProblem("🏢".repeat(20), oneLine)).toBeUndefined();
    expect(ownerTextProblem("a".repeat(21), oneLine)).toBe("hasta 20 caracteres (tiene 21)");
  });
});
