import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "vitest";

import { buildDifferences } from "./same-build.ts";

function build(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), content.replaceAll("<here>", dir));
  }
  return dir;
}

test("two builds that differ only in their own folder's path are the same; a changed byte, a missing or an extra file is not", () => {
  const root = mkdtempSync(join(tmpdir(), "same-build-"));
  const files = {
    "client/index.html": "<p>5491100000000</p>",
    "client/index.html.br": "\u0000\u0001",
    "deploy/nginx.conf": "root <here>/client;",
  };
  const first = build(root, "primera", files);
  const second = build(root, "segunda", files);
  symlinkSync("/nonexistent", join(second, "node_modules"));
  expect(buildDifferences(first, second)).toEqual([]);

  const changed = build(root, "cambiada", { ...files, "client/index.html": "<p>5491100000001</p>" });
  expect(buildDifferences(first, changed)).toEqual(["client/index.html"]);

  const { "client/index.html.br": _, ...withoutCompressed } = files;
  const missing = build(root, "incompleta", { ...withoutCompressed, "client/extra.js": "" });
  expect(buildDifferences(first, missing)).toEqual([
    `client/extra.js: only in ${missing}`,
    `client/index.html.br: only in ${first}`,
  ]);
});
