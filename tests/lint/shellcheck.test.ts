import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

import { expect, test } from "vitest";

/**
 * Every shell script of the project read by ShellCheck (Debian's package, installed by
 * tests/run.ts), warnings included: the scripts that run as root on the owner's server are held
 * to what ShellCheck knows about quoting, word splitting and unchecked failures.
 */
const root = join(import.meta.dirname, "..", "..");
const scripts = ["deploy", "tests/deploy", "scripts"].flatMap((folder) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith(".sh"))
    .map((name) => join(folder, name)),
);

test("the shell scripts pass ShellCheck", () => {
  expect(scripts).toContain("deploy/update.sh");
  const result = spawnSync("shellcheck", ["--external-sources", "--severity=info", ...scripts], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.error, "shellcheck is not installed: apt-get install shellcheck").toBeUndefined();
  expect(result.stdout + result.stderr).toBe("");
  expect(result.status).toBe(0);
});
