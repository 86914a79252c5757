import { readdirSync } from "node:fs";

import { describe, expect, test } from "vitest";

import { languages, pages, twinOf } from "../site-map.ts";

/**
 * The English site is the Spanish one in other words (product decision 18):
 * every copy module exists in both languages with the same exports and the
 * same keys all the way down, and every page has its twin in the other
 * language. The owner's inbox stays Spanish and has no twin.
 */

const spanishOnly = ["inbox.ts", "inbox-security.ts", "inbox-photos.ts", "inbox-visits.ts"];
const copyFiles = (lang: string) =>
  readdirSync(new URL(`./${lang}/`, import.meta.url))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();

/**
 * The shape of a copy module: every key, every list's length, every
 * function's number of arguments; texts and numbers are leaves. A key present
 * in one language and missing in the other makes the two shapes differ.
 */
function structure(value: unknown): unknown {
  if (typeof value === "function") return `function/${value.length}`;
  if (Array.isArray(value)) return value.map(structure);
  if (value && typeof value === "object") {
    // An icon (a React component object) is a leaf like a text.
    if ("$$typeof" in value) return "component";
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, structure(item)]),
    );
  }
  return typeof value;
}

describe("the copy exists in both languages with the same keys", () => {
  test("every copy module has its twin", () => {
    expect(copyFiles("en")).toEqual(copyFiles("es").filter((file) => !spanishOnly.includes(file)));
  });

  for (const file of copyFiles("es").filter((name) => !spanishOnly.includes(name))) {
    test(file, async () => {
      const [spanish, english] = await Promise.all(
        languages.map((lang) => import(`./${lang}/${file.replace(/\.ts$/, "")}.ts`) as Promise<object>),
      );
      expect(Object.keys(english!).sort(), `${file}: exports`).toEqual(Object.keys(spanish!).sort());
      expect(structure(english!), `${file}: keys`).toEqual(structure(spanish!));
    });
  }
});

describe("every page has its twin in the other language", () => {
  test("each page's twin is a page of the other language, whose twin is the page", () => {
    for (const page of pages) {
      const twin = pages.find((other) => other.path === page.twin);
      expect(twin, `${page.path} has no twin`).toBeDefined();
      expect(twin!.lang, page.path).not.toBe(page.lang);
      expect(twinOf(twin!.path), page.path).toBe(page.path);
      expect(twin!.file, page.path).toBe(page.file);
    }
    expect(pages.filter((page) => page.lang === "en").length).toBe(
      pages.filter((page) => page.lang === "es").length,
    );
  });

  test("English pages live under /en with English slugs", () => {
    for (const page of pages.filter((candidate) => candidate.lang === "en")) {
      expect(page.path).toMatch(/^\/en(\/|$)/);
      // A tower's slug is its name, the same in both languages.
      const slugs = page.path.replace(/^\/en\/towers\/.+$/, "/en/towers");
      expect(slugs, "an English slug").not.toMatch(/tasa|torres|valoracion|privacidad|gracias|pozo/);
    }
  });
});
