/**
 * The whole test suite, as CI runs it: static checks, unit tests, a production
 * build, then the browser and server tests against that build, and last the
 * install, update and doctor scripts on a fresh server (tests/deploy/go-live.sh).
 */
import { execFileSync } from "node:child_process";

import { ensureSystemPackages } from "../scripts/system-packages.ts";
import { testBuildEnv } from "./test-build-env.ts";

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  execFileSync(command, args, { stdio: "inherit", env });
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
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
step("Generated images and fonts", "npm", ["run", "generate"]);
step("Format", "npx", ["prettier", "--check", "."]);
step("Types", "npm", ["run", "typecheck"]);
step("Lint", "npx", ["eslint", "."]);
step("Lint (shell)", "npx", ["vitest", "run", "tests/lint/shellcheck.test.ts"]);
step("Unit tests", "npx", ["vitest", "run"]);
step("Production build (test configuration)", "node", ["scripts/build.ts"], buildEnv);
step("Browser and server tests", "npx", ["playwright", "test"], buildEnv);
// The owner's one command on a fresh Debian 12 server (a container with its own ACME server).
step("Going live on a fresh server", "bash", ["tests/deploy/go-live.sh"]);
