/**
 * The whole test suite, as CI runs it: static checks, unit tests, a production
 * build, then the browser and server tests against that build, and last the
 * install, update and doctor scripts on a fresh server (tests/deploy/go-live.sh).
 *
 * A failed check does not stop the ones after it that can still run (the browser tests failing
 * says nothing about the server scripts): every result is printed, and the run fails at the end.
 * A failed set-up step (the generated files, the build) stops it, since nothing after can run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ensureSystemPackages } from "../scripts/system-packages.ts";
import { type FailedTest, playwrightFailures, vitestFailures } from "./failure-summary.ts";
import { testBuildEnv } from "./test-build-env.ts";

const failed: string[] = [];
/** The failed tests of each failed check, printed again at the very end of the log. */
const failedTests: { check: string; tests: FailedTest[] }[] = [];
const reports = mkdtempSync(join(tmpdir(), "test-reports-"));

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const { status, signal } = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) console.log(`✔ ${title} (${seconds} s)`);
  else console.log(`✖ ${title} (${seconds} s): ${signal ? `killed by ${signal}` : `exit ${status}`}`);
  return status === 0;
}

/** Something every later step needs: a failure ends the run. */
function setUp(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  if (run(title, command, args, env)) return;
  finish([...failed, title]);
}

/** A check: a failure is reported at the end, and the next checks still run. */
function check(
  title: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  readFailures?: () => FailedTest[],
) {
  if (run(title, command, args, env)) return;
  failed.push(title);
  if (readFailures) failedTests.push({ check: title, tests: readFailures() });
}

function finish(failures: string[]): never {
  rmSync(reports, { recursive: true, force: true });
  if (failures.length === 0) {
    console.log("\n✔ Every check passed.");
    process.exit(0);
  }
  for (const { check, tests } of failedTests) {
    console.log(`\n✖ ${check}: ${tests.length} failed`);
    for (const test of tests) console.log(`  • ${test.title}\n${test.message.replace(/^/gm, "      ")}`);
  }
  console.log(`\n✖ Failed: ${failures.join("; ")}.`);
  process.exit(1);
}

ensureSystemPackages([
  "chromium",
  "nginx",
  "java",
  "postgresql",
  "libreoffice",
  "libvips",
  "shellcheck",
  "jq",
  "fonts",
]);

const buildEnv = { ...process.env, ...testBuildEnv };
setUp("Generated images and fonts", "npm", ["run", "generate"]);
check("Format", "npx", ["prettier", "--check", "."]);
check("Types", "npm", ["run", "typecheck"]);
check("Lint", "npx", ["eslint", "."]);
check("Lint (shell)", "npx", ["vitest", "run", "tests/lint/shellcheck.test.ts"]);
const unitReport = join(reports, "unit.json");
check(
  "Unit tests",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${unitReport}`],
  process.env,
  () => vitestFailures(unitReport, process.cwd()),
);
setUp("Production build (test configuration)", "node", ["scripts/build.ts"], buildEnv);
const browserReport = join(reports, "browser.json");
check(
  "Browser and server tests",
  "npx",
  ["playwright", "test", "--reporter=list,json"],
  { ...buildEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: browserReport },
  () => playwrightFailures(browserReport),
);
// The owner's one command on a fresh Debian 12 server (a container with its own ACME server).
check("Going live on a fresh server", "bash", ["tests/deploy/go-live.sh"]);
finish(failed);
