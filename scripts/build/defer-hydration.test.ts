import { expect, test } from "vitest";

import { deferHydration } from "./defer-hydration.ts";

const page =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="stylesheet" href="/assets/root.css"/>' +
  '<script type="application/ld+json">{"@type":"WebPage"}</script></head><body><h1>Hola</h1>' +
  "<script>window.__reactRouterContext = {};</script>" +
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script>' +
  "<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>";

function run(html: string) {
  let written = "";
  const output = deferHydration(html, (source) => {
    written = source;
    return "/assets/boot-x.js";
  });
  return { output, written };
}

test("moves the hydration scripts, in order, into one module with the static imports first", () => {
  const { written } = run(page);
  expect(written.split("\n")).toEqual([
    'import "/assets/manifest-1.js";',
    'import * as route0 from "/assets/root-1.js";',
    "window.__reactRouterContext = {};",
    'window.__reactRouterRouteModules = {"root":route0};',
    'import("/assets/entry.client-A.js");',
    "window.__reactRouterContext.streamController.close();",
    "",
  ]);
});

test("leaves the page with the boot loader, empty script nodes, no module preloads", () => {
  const { output } = run(page);
  expect(output).toContain('<script data-boot="/assets/boot-x.js">(function');
  expect(output).toContain('<script type="module" async=""></script>');
  expect(output).toContain("<!--$--><script></script><!--/$-->");
  expect(output).not.toContain("modulepreload");
  expect(output).not.toContain("__reactRouterContext = {}");
});

test("keeps the stylesheet and the JSON-LD", () => {
  const { output } = run(page);
  expect(output).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  expect(output).toContain('<script type="application/ld+json">{"@type":"WebPage"}</script>');
});

test("fails loudly when the page has no hydration scripts", () => {
  expect(() => run("<html><body></body></html>")).toThrow(/No hydration scripts/);
});
