import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, expect, test } from "vitest";

import { writeFixtureBuild } from "./fixture-build.ts";

/**
 * A bad SITE_* value as an operator meets it: `node server/serve.ts` says in
 * one sentence which variable is wrong and exits 1. (The server once reached
 * the site configuration through app modules that read it when loaded, and
 * crashed at import with a stack trace; eslint.config.js's server door and
 * tests/lint/server-door.test.ts keep that from coming back.)
 */
const buildDir = writeFixtureBuild();
const dataDir = mkdtempSync(join(tmpdir(), "bad-config-"));
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test.each([
  ["SITE_WHATSAPP_NUMBER", "abc"],
  ["SITE_DELIVERY_HOURS", "pronto"],
  ["SITE_URL", "not a url"],
])("%s=%s: exit 1, one line naming the variable, no stack trace", (variable, value) => {
  const serve = join(import.meta.dirname, "..", "..", "server", "serve.ts");
  const result = spawnSync(process.execPath, ["--disable-warning=ExperimentalWarning", serve], {
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: "0",
      BUILD_DIR: buildDir,
      LEADS_DATA_DIR: dataDir,
      [variable]: value,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  const lines = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.trim() !== "");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Configuración del sitio inválida: ${variable}=".*": .+\\.$`));
  expect(lines[0]).not.toMatch(/\bat |Error:/);
});
