/**
 * Proves the server's door (eslint.config.js `serverDoor`) holds what it
 * promises: no module in it, nor anything it imports however deep, reads the
 * site configuration when loaded (app/config/site.ts, process.env). The lint
 * proves the servers and scripts enter app code only through the door.
 */
import { globSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { expect, test } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const app = join(root, "app");
const configModule = pathToFileURL(join(root, "eslint.config.js")).href;
const { serverDoor } = (await import(configModule)) as { serverDoor: string[] };

/** The modules a file loads when it runs (type-only imports are erased; packages are not followed). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+"([^"]+)"/gm),
    ...source.matchAll(/^\s*import\s+"([^"]+)"/gm),
    ...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith(".")) return [resolve(dirname(file), specifier)];
    if (specifier.startsWith("#app/")) return [join(app, specifier.slice(5))];
    return [];
  });
}

test("nothing the server's door reaches reads the configuration when it is loaded", () => {
  const door = serverDoor
    .flatMap((glob) => globSync(glob, { cwd: app }))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(app, file));
  expect(door.length).toBeGreaterThan(20);

  const seen = new Set<string>();
  const readers: string[] = [];
  const queue = [...door];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    if (file === join(app, "config", "site.ts") || /\bprocess\.env\b|\bimport\.meta\.env\b/.test(source))
      readers.push(relative(root, file));
    queue.push(...runtimeImports(file));
  }
  expect(readers).toEqual([]);
  // The walk really follows imports: the door's forms reach the content they are made of.
  expect(seen).toContain(join(app, "content", "towers.ts"));
});

test("nothing the server's door reaches loads a generated module: the service and check:release run on a fresh clone", () => {
  const seen = new Set<string>();
  const queue = serverDoor
    .flatMap((glob) => globSync(glob, { cwd: app }))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(app, file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  const generated = [...seen].filter((file) => file.startsWith(join(app, "generated")));
  expect(generated).toEqual([]);
  // The walk would see one: the pages' images module imports the generated manifest.
  expect(runtimeImports(join(app, "content", "images.ts"))).toContain(join(app, "generated", "images.ts"));
});

test("the walk would catch a door module that reaches the configuration", () => {
  // app/features/leads/markup/site-forms.ts builds the forms with the site's configuration: outside the door.
  const reached = new Set<string>();
  const queue = [join(app, "features", "leads", "markup", "site-forms.ts")];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    queue.push(...runtimeImports(file));
  }
  expect(reached).toContain(join(app, "config", "site.ts"));
});
