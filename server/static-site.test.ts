import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "vitest";

import { resolvePath } from "./static-site.ts";

const client = mkdtempSync(join(tmpdir(), "static-site-"));
mkdirSync(join(client, "tasaciones"));
mkdirSync(join(client, "assets"));
for (const file of [
  "index.html",
  "404.html",
  "tasaciones/index.html",
  "assets/a.js",
  "assets/a.js.br",
  "_headers",
]) {
  writeFileSync(join(client, file), file);
}

test("clean paths resolve to their index documents", () => {
  expect(resolvePath(client, "/")).toEqual({
    kind: "file",
    file: join(client, "index.html"),
    status: 200,
    path: "/index.html",
  });
  expect(resolvePath(client, "/tasaciones")).toMatchObject({ status: 200, path: "/tasaciones/index.html" });
  expect(resolvePath(client, "/assets/a.js")).toMatchObject({ status: 200, path: "/assets/a.js" });
});

test("a trailing slash redirects to the clean path; the home page keeps its slash", () => {
  expect(resolvePath(client, "/tasaciones/")).toEqual({ kind: "redirect", location: "/tasaciones" });
  expect(resolvePath(client, "/tasaciones//")).toEqual({ kind: "redirect", location: "/tasaciones" });
  expect(resolvePath(client, "/").kind).toBe("file");
});

test("files that are not pages and unknown paths are the 404 page", () => {
  for (const path of [
    "/404",
    "/404.html",
    "/index.html",
    "/tasaciones/index.html",
    "/_headers",
    "/assets/a.js.br",
    "/nope",
    "/%E0%A4%A",
    "/../etc/passwd",
  ]) {
    expect(resolvePath(client, path), path).toMatchObject({ status: 404, path: "/404.html" });
  }
});

test("a retired tower's old address answers 301 to the tower list its build marked (decision 0020)", () => {
  const build = mkdtempSync(join(tmpdir(), "static-site-retired-"));
  const clientDir = join(build, "client");
  mkdirSync(clientDir);
  mkdirSync(join(build, "retired", "torres"), { recursive: true });
  mkdirSync(join(build, "retired", "en", "towers"), { recursive: true });
  writeFileSync(join(build, "retired", "torres", "mulieris"), "/tasar-departamentos\n");
  writeFileSync(join(build, "retired", "en", "towers", "mulieris"), "/en/apartment-appraisal\n");
  writeFileSync(join(clientDir, "404.html"), "404");
  mkdirSync(join(clientDir, "en"));
  writeFileSync(join(clientDir, "en", "404.html"), "404");
  expect(resolvePath(clientDir, "/torres/mulieris")).toEqual({
    kind: "redirect",
    location: "/tasar-departamentos",
  });
  expect(resolvePath(clientDir, "/en/towers/mulieris")).toEqual({
    kind: "redirect",
    location: "/en/apartment-appraisal",
  });
  // Only a tower's address reads the markers: nothing else of the build folder is reachable this way.
  expect(resolvePath(clientDir, "/torres/otra")).toMatchObject({ status: 404 });
  expect(resolvePath(clientDir, "/../retired/torres/mulieris")).toMatchObject({ status: 404 });
  expect(resolvePath(clientDir, "/torres/%2e%2e%2fmulieris")).toMatchObject({ status: 404 });
});
