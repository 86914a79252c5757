import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { expect, test } from "vitest";

import { precompress } from "./precompress.ts";

test("a file identical to the previous build's takes its compressed copies; a changed one is compressed again", async () => {
  const previous = mkdtempSync(join(tmpdir(), "precompress-previous-"));
  const current = mkdtempSync(join(tmpdir(), "precompress-current-"));
  writeFileSync(join(previous, "same.css"), "body{margin:0}");
  writeFileSync(join(previous, "same.css.gz"), "copia-gz");
  writeFileSync(join(previous, "same.css.br"), "copia-br");
  writeFileSync(join(previous, "page.html"), "<p>5491100000000</p>");
  writeFileSync(join(previous, "page.html.gz"), "vieja");
  writeFileSync(join(previous, "page.html.br"), "vieja");
  writeFileSync(join(current, "same.css"), "body{margin:0}");
  writeFileSync(join(current, "page.html"), "<p>5491145678901</p>");

  await precompress(current, previous);

  expect(readFileSync(join(current, "same.css.gz"), "utf8")).toBe("copia-gz");
  expect(readFileSync(join(current, "same.css.br"), "utf8")).toBe("copia-br");
  expect(gunzipSync(readFileSync(join(current, "page.html.gz"))).toString()).toBe("<p>5491145678901</p>");
  expect(brotliDecompressSync(readFileSync(join(current, "page.html.br"))).toString()).toBe(
    "<p>5491145678901</p>",
  );
});

test("pages, which every publication rewrites, are compressed at brotli 10; the rest at 11", async () => {
  const { brotliQualityOf } = await import("./precompress.ts");
  expect(brotliQualityOf("client/index.html")).toBe(10);
  expect(brotliQualityOf("client/en/towers/alvear-tower/index.html")).toBe(10);
  expect(brotliQualityOf("client/assets/island-abc.js")).toBe(11);
  expect(brotliQualityOf("client/sitemap.xml")).toBe(11);
});
