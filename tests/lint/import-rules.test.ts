/**
 * Proves that the import rules of eslint.config.js fire: the same
 * configuration lints tests/lint/project, a small project that breaks each
 * rule once (a cycle, a feature importing another feature, a feature's markup
 * importing its browser code, app code importing
 * a server and a build script, product code importing tests, app code turning
 * text into markup, a server or script importing app code outside the #app/…
 * door or by a relative path, a server feature importing the query builder or reaching for the
 * store's database handle outside server/storage/, storage or the platform importing a server feature, a
 * sealed room (server/visits) and another room importing each other past their doors, a repeating
 * timer or a worker thread started outside server/jobs.ts) and also holds imports and code that are allowed. The normal lint ignores that folder.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { ESLint, type Linter } from "eslint";
import { expect, test } from "vitest";

const root = join(import.meta.dirname, "project");
// The configuration is plain JavaScript (ESLint loads it without a TypeScript step).
const configModule = pathToFileURL(join(import.meta.dirname, "..", "..", "eslint.config.js")).href;
const { lintConfig } = (await import(configModule)) as { lintConfig: (root: string) => Linter.Config[] };

test(
  "lint reports each broken import rule and each markup sink, and nothing else",
  { timeout: 120_000 },
  async () => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: lintConfig(root) });
    const results = await eslint.lintFiles(["."]);
    const problems = results
      .flatMap((result) =>
        result.messages.map(
          (message) => `${result.filePath.slice(root.length + 1)}:${message.line} ${message.ruleId}`,
        ),
      )
      .sort();

    expect(problems).toEqual([
      "app/features/alpha/markup/card.ts:2 import-x/no-restricted-paths",
      "app/features/alpha/quote.ts:2 import-x/no-restricted-paths",
      "app/features/beta/comment.tsx:2 no-restricted-syntax",
      "app/features/beta/comment.tsx:5 no-restricted-syntax",
      "app/features/beta/comment.tsx:6 no-restricted-syntax",
      "app/features/beta/comment.tsx:7 no-restricted-syntax",
      "app/lib/even.ts:2 import-x/no-cycle",
      "app/lib/odd.ts:2 import-x/no-cycle",
      "app/lib/port.ts:2 import-x/no-restricted-paths",
      "app/lib/port.ts:3 import-x/no-restricted-paths",
      "scripts/build.ts:2 import-x/no-restricted-paths",
      "scripts/configured.ts:2 no-restricted-syntax",
      "server/configured.ts:4 no-restricted-imports",
      "server/configured.ts:6 no-restricted-imports",
      "server/listen.ts:2 import-x/no-restricted-paths",
      "server/platform/registry.ts:2 import-x/no-restricted-paths",
      "server/poll.ts:3 no-restricted-syntax",
      "server/poll.ts:4 no-restricted-syntax",
      "server/report/visits-seen.ts:4 import-x/no-restricted-paths",
      "server/report/weekly.ts:2 no-restricted-imports",
      "server/report/weekly.ts:7 no-restricted-syntax",
      "server/storage/report-names.ts:2 import-x/no-restricted-paths",
      "server/visits/pick.ts:5 import-x/no-restricted-paths",
    ]);

    const messages = results.flatMap((result) => result.messages.map((message) => message.message));
    expect(messages).toContainEqual(expect.stringContaining("A feature never imports another feature"));
    expect(messages).toContainEqual(expect.stringContaining("Prerendered markup never imports the island's"));
    expect(messages).toContainEqual(
      expect.stringContaining("never imports the build scripts or the servers"),
    );
    expect(messages).toContainEqual(expect.stringContaining("Product code never imports test code"));
    expect(messages).toContainEqual(expect.stringContaining("No dangerouslySetInnerHTML"));
    expect(messages).toContainEqual(expect.stringContaining("SQL lives in server/storage/"));
    expect(messages).toContainEqual(expect.stringContaining("The store's database handle is storage's own"));
    expect(messages).toContainEqual(expect.stringContaining("Not in the server's door"));
    expect(messages).toContainEqual(expect.stringContaining("import app code as #app/…"));
    expect(messages).toContainEqual(expect.stringContaining("Import app code statically"));
    expect(messages).toContainEqual(expect.stringContaining("Storage imports no server feature"));
    expect(messages).toContainEqual(expect.stringContaining("A repeating timer runs through server/jobs.ts"));
    expect(messages).toContainEqual(expect.stringContaining("A worker thread starts through server/jobs.ts"));
    expect(messages).toContainEqual(expect.stringContaining("The platform imports no feature"));
    expect(messages).toContainEqual(expect.stringContaining("server/visits opens door.ts"));
    expect(messages).toContainEqual(expect.stringContaining("server/report opens none"));
  },
);
