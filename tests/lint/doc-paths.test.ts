import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

import { describe, expect, it } from "vitest";

/**
 * Every project path the README and docs/ name must exist: a renamed or deleted
 * file otherwise leaves the guide or a decision pointing at nothing. A path is a
 * backticked `app/…`, `server/…`, `scripts/…`, `tests/…`, `deploy/…` or `docs/…`
 * (read from the project's root) or a Markdown link to a file (read from the
 * page that links it). A decision may still name a file it replaced: written as
 * `~~server/old.ts~~` (struck through) it is history, not a pointer.
 */
const root = resolve(import.meta.dirname, "../..");
const projectFolders = ["app", "server", "scripts", "tests", "deploy", "docs"];

/** Paths that exist only after `npm run generate` or a build, named on purpose. */
const generated = [/^app\/generated\//, /^public\/generated\//];

export type NamedPath = { path: string; line: number };

/** The project paths a Markdown text names, with the line of each. */
export function namedPaths(markdown: string, page: string): NamedPath[] {
  const found: NamedPath[] = [];
  const lines = markdown.split("\n");
  let inFence = false;
  lines.forEach((text, index) => {
    if (/^\s*```/.test(text)) inFence = !inFence;
    if (inFence) return;
    const line = index + 1;
    for (const match of text.matchAll(/(~~)?`([^`\s]+)`/g)) {
      if (match[1]) continue;
      const path = projectPath(match[2]!);
      if (path) found.push({ path, line });
    }
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.split("#")[0]!;
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const path = relative(root, resolve(root, dirname(page), target));
      if (!path.startsWith("..")) found.push({ path, line });
    }
  });
  return found;
}

/** A backticked text as a path from the root, or undefined when it is not one (a command, a glob, a placeholder). */
function projectPath(text: string): string | undefined {
  const cleaned = text.replace(/^\.\//, "").replace(/:\d+(-\d+)?$/, "");
  const [first] = cleaned.split("/");
  if (!first || !projectFolders.includes(first) || !cleaned.includes("/")) return undefined;
  // `tests/e2e/*.spec.ts`, `site-versions/<id>/`, `/torres/{slug}`, `app/content/…`: patterns, not paths.
  if (/[*<>{}…$?]/.test(cleaned) || cleaned.includes("...")) return undefined;
  return cleaned;
}

function markdownFiles(): string[] {
  const files = ["README.md"];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files;
}

/** The named paths that are not in the project, as `page:line path`. */
export function missingPaths(
  files: string[],
  read = (file: string) => readFileSync(join(root, file), "utf8"),
) {
  return files.flatMap((page) =>
    namedPaths(read(page), page)
      .filter(({ path }) => !generated.some((pattern) => pattern.test(path)))
      .filter(({ path }) => !existsSync(join(root, path)))
      .map(({ path, line }) => `${page}:${line} ${path}`),
  );
}

describe("paths named in the README and docs/", () => {
  it("every one exists in the project", () => {
    const pages = markdownFiles();
    expect(pages.length).toBeGreaterThan(20);
    expect(missingPaths(pages)).toEqual([]);
  });

  it("a path that does not exist is named with its page and line", () => {
    const page = "docs/example.md";
    const text = [
      "See `server/serve.ts` and `server/no-such-file.ts`.",
      "The guide: [deploy](deploy.md#data) and [gone](decisions/9999-gone.md).",
      "Replaced: ~~`server/old-name.ts`~~; a pattern: `tests/e2e/*.spec.ts`; a command: `npm run build`.",
      "```sh",
      "node server/ignored-in-a-fence.ts",
      "```",
    ].join("\n");
    expect(missingPaths([page], () => text)).toEqual([
      "docs/example.md:1 server/no-such-file.ts",
      "docs/example.md:2 docs/decisions/9999-gone.md",
    ]);
  });
});

describe("the decisions' index", () => {
  it("lists every decision, in order, by its file", () => {
    const index = readFileSync(join(root, "docs/decisions/README.md"), "utf8");
    const decisions = readdirSync(join(root, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(listed).toEqual(decisions.sort());
  });
});
