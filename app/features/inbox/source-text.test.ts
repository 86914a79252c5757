import { describe, expect, test } from "vitest";

import { sourcePieces } from "./source-text.tsx";

describe("a source's note, its addresses as links", () => {
  test("a web address becomes a link; the sentence's punctuation stays text", () => {
    expect(
      sourcePieces("Ver https://www.alveartower.com.ar/ficha. Y el diario (https://lanacion.com.ar/x)."),
    ).toEqual([
      { text: "Ver " },
      { href: "https://www.alveartower.com.ar/ficha" },
      { text: "." },
      { text: " Y el diario (" },
      { href: "https://lanacion.com.ar/x" },
      { text: ")." },
    ]);
  });

  test.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://files.example.com/x",
    "//evil.example/x",
  ])("«%s» stays plain text, never a link", (note) => {
    expect(sourcePieces(`Fuente: ${note}`).some((piece) => "href" in piece)).toBe(false);
  });

  test("markup in a note is text (React escapes it), and cannot slip into an address", () => {
    const pieces = sourcePieces('https://ok.example.com/"><script>alert(1)</script>');
    expect(pieces[0]).toEqual({ href: "https://ok.example.com/" });
    expect(pieces.slice(1).every((piece) => "text" in piece)).toBe(true);
  });
});
