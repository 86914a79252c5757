import { describe, expect, test } from "vitest";

import { safeReturnPath } from "./paths.ts";

describe("safeReturnPath: after signing in, only an inbox address on this site", () => {
  test.each([
    ["/bandeja", "/bandeja"],
    ["/bandeja/leads/abc", "/bandeja/leads/abc"],
    ["/bandeja?estado=nuevo&q=Ana", "/bandeja?estado=nuevo&q=Ana"],
    ["/bandeja/resultados?periodo=4-semanas", "/bandeja/resultados?periodo=4-semanas"],
    // Dot segments that stay inside the inbox resolve to where the browser would go.
    ["/bandeja/leads/../exportar", "/bandeja/exportar"],
  ])("%s is kept as %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    "/bandeja/../..//evil.example/phish",
    "/bandeja/%2e%2e/%2e%2e//evil.example/phish",
    "/bandeja/%2E%2E//evil.example/",
    "/bandeja/..\\..\\/evil.example/",
    "/bandeja\\..\\..\\\\evil.example",
    "/bandeja/..\t/..\n//evil.example/",
    "/bandeja/../",
    "/bandejamala",
    "/bandeja-falsa/x",
    "/bandeja/../../evil",
    "//evil.example/bandeja",
    "/\\evil.example/bandeja",
    "https://evil.example/bandeja",
    "javascript:alert(1)//bandeja",
    "",
    null,
    undefined,
    42,
  ])("%j falls back to /bandeja", (value) => {
    expect(safeReturnPath(value)).toBe("/bandeja");
  });

  test("nothing it returns is read by a browser as another host", () => {
    const attempts = [
      "/bandeja/..",
      "/bandeja/..%2f..//evil.example/",
      "/bandeja/.%2e/",
      "/bandeja/%2F%2Fevil.example",
      "/bandeja//evil.example",
    ];
    for (const attempt of attempts) {
      const path = safeReturnPath(attempt);
      expect(new URL(path, "https://site.example").host).toBe("site.example");
      expect(path.startsWith("//")).toBe(false);
    }
  });
});
