import { expect, test } from "vitest";

import { immutableCache, securityHeaders, type HeaderPolicy } from "./headers.ts";
import { renderHeadersFile, renderRedirectsFile } from "./static-host-config.ts";

const policy: HeaderPolicy = {
  formServiceUrl: "https://f.example",
  scriptHashes: ["sha256-abc="],
};

test("_headers sends the security headers on every path and one Cache-Control per path", () => {
  const file = renderHeadersFile(policy, [
    { name: "assets", directory: true },
    { name: "index.html", directory: false },
    { name: "index.html.br", directory: false },
    { name: "tasaciones", directory: true },
    { name: "sitemap.xml", directory: false },
    { name: "_headers", directory: false },
  ]);
  const blocks = file.split(/\n(?=\/)/).slice(1);
  expect(blocks[0]!.split("\n")[0]).toBe("/*");
  for (const [name, value] of securityHeaders(policy)) expect(blocks[0]).toContain(`  ${name}: ${value}`);
  expect(blocks[0]).not.toContain("Cache-Control");
  expect(file).toContain(`/assets/*\n  Cache-Control: ${immutableCache}`);
  const patterns = blocks.slice(1).map((block) => block.split("\n")[0]);
  expect(patterns).toEqual(["/assets/*", "/", "/sitemap.xml", "/tasaciones", "/tasaciones/*"]);
});

test("_redirects sends each page's trailing-slash form to its clean path", () => {
  expect(
    renderRedirectsFile(["/", "/tasaciones"])
      .split("\n")
      .filter((line) => line && !line.startsWith("#")),
  ).toEqual(["/tasaciones/ /tasaciones 301"]);
});

test("a retired tower's old addresses, with and without the slash, go to the tower list of their language", () => {
  const file = renderRedirectsFile(
    ["/torres/alvear-tower"],
    [
      { from: "/torres/mulieris", to: "/tasar-departamentos" },
      { from: "/en/towers/mulieris", to: "/en/apartment-appraisal" },
    ],
  );
  expect(file).toContain(
    "/torres/mulieris /tasar-departamentos 301\n/torres/mulieris/ /tasar-departamentos 301",
  );
  expect(file).toContain("/en/towers/mulieris /en/apartment-appraisal 301");
});
