import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";

import { expect, test } from "vitest";

import * as facts from "../../server/service-facts.ts";

/**
 * Root's scripts in deploy/ ask the service's code for its facts (server/deploy-facts.ts, read by
 * `load_deploy_facts` in deploy/lib.sh) instead of restating them: what they load is what the code
 * says, and none of the values is written in a script.
 */
const root = join(import.meta.dirname, "..", "..");
const node24 = dirname(process.execPath);

function loadFacts(path: string) {
  return spawnSync(
    "bash",
    [
      "-c",
      '. deploy/lib.sh; PATH="$NODE_DIR:$PATH"; load_deploy_facts .; printf "%s\\n" "$SQLITE_FILE" "$DOCTOR_FINDINGS" "$HEALTH_PATH" "$HEALTH_DETAILS_HEADER" "$SERVICE_DEFAULT_PORT"',
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_DIR: path } },
  );
}

test("the deploy scripts load the facts the service's code owns", () => {
  const loaded = loadFacts(node24);
  expect(loaded.stderr).toBe("");
  expect(loaded.stdout.trim().split("\n")).toEqual([
    facts.sqliteFileName,
    `/var/lib/tasaciones/${facts.doctorFindingsFile}`,
    facts.healthPath,
    facts.healthDetailsHeader,
    String(facts.defaultServicePort),
  ]);
});

test("without a Node that runs the code, the scripts stop and say why", () => {
  const loaded = loadFacts("/nonexistent");
  // PATH's Node, if any, is the system's (no TypeScript), or none: either way no facts.
  expect(loaded.status).not.toBe(0);
  expect(loaded.stderr).toContain("No pude leer los datos del servicio");
});

test("no deploy script restates a fact the code owns", () => {
  const scripts = readdirSync(join(root, "deploy"))
    .filter((name) => name.endsWith(".sh"))
    .map((name) => ({ name, text: readFileSync(join(root, "deploy", name), "utf8") }));
  expect(scripts.map((script) => script.name)).toContain("lib.sh");
  const values = [
    facts.sqliteFileName,
    facts.doctorFindingsFile,
    facts.healthPath,
    facts.healthDetailsHeader,
    String(facts.defaultServicePort),
  ];
  const restated = scripts.flatMap((script) =>
    values
      .filter((value) => script.text.toLowerCase().includes(value.toLowerCase()))
      .map((value) => `${script.name}: ${value}`),
  );
  expect(restated).toEqual([]);
});
