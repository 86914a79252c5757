import { readFileSync } from "node:fs";

import { expect, test } from "vitest";

import { formAttributes, formEvents, pageAttributes } from "#app/lib/form-protocol.ts";
import { originFields, originStorageKey } from "#app/lib/visit-origin.ts";

import { toIslandPage } from "./islands.ts";

const page =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="stylesheet" href="/assets/root.css"/>' +
  '<script type="application/ld+json">{"@type":"WebPage"}</script></head><body><h1>Hola</h1>' +
  '<a href="/#formulario" data-lead-form="express">Tasar</a>' +
  '<template data-lead-modal="express"><dialog><form></form></dialog></template>' +
  '<template data-lead-modal="sale"><dialog><form></form></dialog></template>' +
  "<script>window.__reactRouterContext = {};</script>" +
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script>' +
  "<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>";

const output = toIslandPage(page, "/assets/island-x.js");

test("removes every React Router script and module preload", () => {
  expect(output).not.toContain("modulepreload");
  expect(output).not.toContain("__reactRouter");
  expect(output).not.toContain('type="module"');
  expect(output).toContain("<!--$--><!--/$-->");
});

test("ends the body with the boot loader naming the island", () => {
  expect(output).toMatch(/<script data-island="\/assets\/island-x\.js">\(function[\s\S]*<\/script><\/body>/);
  expect(output.match(/<script/g)).toHaveLength(2);
});

test("keeps the templates of the forms the page's openers open, and only those", () => {
  expect(output).toContain('<template data-lead-modal="express">');
  expect(output).not.toContain('data-lead-modal="sale"');
});

test("keeps the stylesheet and the JSON-LD", () => {
  expect(output).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(output).toContain('<script type="application/ld+json">{"@type":"WebPage"}</script>');
});

test("fails loudly when the page has no React Router scripts", () => {
  expect(() => toIslandPage("<html><body></body></html>", "/x.js")).toThrow(/No React Router scripts/);
});

test("the boot loader names only the attributes and events the forms' protocol declares", () => {
  const loader = readFileSync(new URL("./boot-loader.js", import.meta.url), "utf8");
  const declared = new Set<string>([
    ...Object.values(formAttributes),
    ...Object.values(pageAttributes),
    ...Object.values(formEvents),
    // The loader's own script element names the island it imports.
    "data-island",
  ]);
  const named = [...new Set(loader.match(/\bdata-[a-z-]+|\blead:[a-z]+/g))];
  expect(named.length).toBeGreaterThan(5);
  expect(named.filter((name) => !declared.has(name))).toEqual([]);
});

test("the boot loader fills a native post with the origin the tab keeps, under the names the service reads", () => {
  const loader = readFileSync(new URL("./boot-loader.js", import.meta.url), "utf8");
  expect(loader).toContain(`sessionStorage.getItem("${originStorageKey}")`);
  const fields = /var originFields = (\{[^}]*\});/.exec(loader)?.[1];
  expect(fields).toBeDefined();
  expect(new Function(`return ${fields}`)()).toEqual(originFields);
});
