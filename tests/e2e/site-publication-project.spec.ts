import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "@playwright/test";

import { deploymentEnvironment } from "../../scripts/publishing-server.ts";
import { buildDir, clientDirOf, imageManifestFileOf } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { Store } from "../../server/storage/store.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";

/**
 * A publication never writes into the project (decision 0020): the checkout's
 * tracked files, its generated images and modules (app/generated, public/) and
 * the deployment's build are byte for byte the same after a real publication
 * that retires a tower and changes a fact; the version's folder carries its own.
 */
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
test.afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

/** Every file a publication could touch in the project, with the SHA-256 of its bytes. */
function projectFingerprint(): Map<string, string> {
  const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  const generated = ["app/generated/**", "public/**", `${buildDir}/**`].flatMap((pattern) =>
    globSync(pattern, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const files = new Map<string, string>();
  for (const file of [...tracked, ...generated].sort()) {
    if (!existsSync(file)) continue;
    files.set(file, createHash("sha256").update(readFileSync(file)).digest("hex"));
  }
  return files;
}

test("a real publication leaves the checkout, its generated files and the deployment's build untouched", async () => {
  test.setTimeout(600_000);
  if (!existsSync(join(clientDirOf(buildDir), "index.html"))) throw new Error(`No build in ${buildDir}.`);
  const dataDir = mkdtempSync(join(tmpdir(), "site-project-"));
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadServiceConfig({ LEADS_DATA_DIR: dataDir });
  const store = await Store.open(config);
  cleanUp.push(() => store.close());
  const publishing = await startSitePublishing({
    store,
    config,
    env: deploymentEnvironment(),
    installedBuildDir: buildDir,
  });
  cleanUp.push(() => publishing.publisher.stop());

  const before = projectFingerprint();
  expect(before.size).toBeGreaterThan(500);
  expect([...before.keys()]).toContain("app/generated/images.ts");
  await store.siteVersions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
  await store.siteVersions.saveTowerDraft("forum-puerto-madero", { retired: true }, undefined, new Date());
  const version = await publishing.publisher.publish("titular@ejemplo.com");
  const after = projectFingerprint();

  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (file) => before.get(file) !== after.get(file),
  );
  expect(changed).toEqual([]);
  // The version's folder carries what it generated: its images, their manifest, the module the pages read.
  const published = publishing.publisher.served().buildDir;
  expect(version.number).toBe(1);
  expect(readFileSync(join(clientDirOf(published), "index.html"), "utf8")).toContain("5491145678901");
  expect(readFileSync(join(published, "generated", "images.ts"), "utf8")).not.toContain(
    "forum-puerto-madero",
  );
  const images = JSON.parse(readFileSync(imageManifestFileOf(published), "utf8")) as Record<string, unknown>;
  expect(Object.keys(images)).toContain("tower/alvear-tower");
  expect(Object.keys(images)).not.toContain("tower/forum-puerto-madero");
});
