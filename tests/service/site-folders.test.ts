import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, expect, test } from "vitest";

import { SiteFolders } from "../../server/site/site-folders.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A versions folder with `count` builds of `files` pages each. */
function versionsWith(count: number, files: number): SiteFolders {
  const root = mkdtempSync(join(tmpdir(), "site-folders-"));
  roots.push(root);
  for (let build = 0; build < count; build++) {
    const client = join(root, `b${build}`, "client");
    mkdirSync(client, { recursive: true });
    for (let file = 0; file < files; file++) writeFileSync(join(client, `p${file}.html`), "<p>página</p>");
  }
  return new SiteFolders(root);
}

test("removing old builds keeps the server answering: the event loop turns while folders are deleted", async () => {
  const folders = versionsWith(8, 200);
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const removed = await folders.prune(new Set(["b0"]));
  done = true;
  expect(removed.sort()).toEqual(["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
  expect(readdirSync(folders.root)).toEqual(["b0"]);
  // A synchronous removal would let no other callback run until it ended (no turn at all).
  expect(turns).toBeGreaterThan(7);
});

test("a finished build takes the served build's assets it lacks, then becomes visible by rename", async () => {
  const folders = versionsWith(1, 1);
  const served = join(folders.root, "b0");
  mkdirSync(join(served, "client", "assets"), { recursive: true });
  writeFileSync(join(served, "client", "assets", "island-old.js"), "viejo");
  const partial = folders.partialDirOf("nuevo");
  mkdirSync(join(partial, "client", "assets"), { recursive: true });
  writeFileSync(join(partial, "client", "index.html"), "<p>nuevo</p>");
  writeFileSync(join(partial, "client", "assets", "island-new.js"), "nuevo");

  await folders.complete("nuevo", served);

  expect(existsSync(partial)).toBe(false);
  expect(folders.has("nuevo")).toBe(true);
  expect(readdirSync(join(folders.buildDirOf("nuevo"), "client", "assets")).sort()).toEqual([
    "island-new.js",
    "island-old.js",
  ]);
});
