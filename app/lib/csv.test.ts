import { describe, expect, it } from "vitest";

import { csvCell, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("starts with a UTF-8 byte-order mark and ends lines with CRLF", () => {
    const csv = toCsv(["Nombre", "Teléfono"], [["José Peña", "11 5555-5555"]]);
    expect(csv).toBe("\uFEFFNombre,Teléfono\r\nJosé Peña,11 5555-5555\r\n");
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["+54 9 11 5555-5555", "'+54 9 11 5555-5555"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
  ])("a formula %j opens as text", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("quotes commas, quotes, line breaks and edge spaces, and nothing else", () => {
    expect(csvCell('Dijo "hola", chau')).toBe('"Dijo ""hola"", chau"');
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell(" espacio")).toBe('" espacio"');
    expect(csvCell("Puerto Madero 🏙️")).toBe("Puerto Madero 🏙️");
    expect(csvCell("")).toBe("");
  });
});
