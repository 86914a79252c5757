import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

import { expect, test } from "@playwright/test";

import { pages } from "../../app/site-map.ts";

const clientDir = join(process.env.BUILD_DIR ?? "build", "client");
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFiles(path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

test("every prerendered page passes the Nu HTML Checker with zero errors", () => {
  const files = htmlFiles(clientDir);
  // Every page of the site map and the 404 page.
  expect(files.length).toBe(pages.length + 1);
  let report = "";
  try {
    execFileSync("java", ["-jar", vnuJar, "--format", "json", "--errors-only", ...files], {
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    report = (error as { stderr: string }).stderr;
  }
  const messages = report
    ? (JSON.parse(report).messages as { url: string; message: string; extract?: string }[])
    : [];
  expect(
    messages.map((m) => `${m.url.split("/client/")[1]}: ${m.message} [${m.extract?.trim() ?? ""}]`),
  ).toEqual([]);
});
