import { describe, expect, it } from "vitest";

import { csvSection, neutralizeFormulas, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("a second table follows an empty line with its title, header and rows, neutralised the same way", () => {
    const csv =
      toCsv(["Nombre"], [["Marta"]]) +
      csvSection("Visitas de inspección", ["Notas", "Piso"], [["=1+1;@x", "12"]]);
    expect(csv).toBe(
      '\uFEFF"Nombre"\r\n"Marta"\r\n\r\n"Visitas de inspección"\r\n"Notas";"Piso"\r\n"\'=1+1;\'@x";"12"\r\n',
    );
  });

  it("starts with a UTF-8 byte-order mark, quotes every cell, separates with ';' and ends lines with CRLF", () => {
    const csv = toCsv(["Nombre", "Teléfono", "Nota"], [["José Peña", "11 5555-5555", ""]]);
    expect(csv).toBe('\uFEFF"Nombre";"Teléfono";"Nota"\r\n"José Peña";"11 5555-5555";""\r\n');
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["+54 9 11 5555-5555", "'+54 9 11 5555-5555"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    // After a separator: a reader splitting on ';' or ',' would begin a cell there.
    ["Juan;=1+1", "Juan;'=1+1"],
    ["Juan,=1+1", "Juan,'=1+1"],
    ["a;+1;-1,@x", "a;'+1;'-1,'@x"],
    ["Juana;\t=2", "Juana;'\t=2"],
    // After a line break: a reader that splits lines (or drops the quotes) begins a cell there.
    ["hola\n=1+1\n@SUM(2)", "hola\n'=1+1\n'@SUM(2)"],
    ["hola\r=1+1", "hola\r'=1+1"],
    ["hola\r\n-1+1", "hola\r\n'-1+1"],
    ["hola\n\r=1", "hola\n'\r'=1"],
    ["  =1+1", "'  =1+1"],
    ["a,  +1", "a,'  +1"],
  ])("a formula %j opens as text", (value, cell) => {
    expect(neutralizeFormulas(value)).toBe(cell);
  });

  it("leaves ordinary text alone", () => {
    for (const text of ["Puerto Madero 🏙️", "Piso 3, depto. B", "80,5 m²", "a-b", "mail@example.com", ""])
      expect(neutralizeFormulas(text)).toBe(text);
  });

  it("quotes are doubled, line breaks stay inside their cell", () => {
    expect(toCsv(["x"], [['Dijo "hola"; chau\nlínea 2']])).toBe(
      '\uFEFF"x"\r\n"Dijo ""hola""; chau\nlínea 2"\r\n',
    );
  });
});
