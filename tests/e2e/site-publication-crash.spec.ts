import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { expect, test } from "@playwright/test";

import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { Store } from "../../server/storage/store.ts";
import { currentLink } from "../../server/site/site-folders.ts";
import { startSitePublishing, versionsDirOf } from "../../server/site/site-publishing.ts";

/**
 * A publication killed with -9 in the middle of its build: every process of the
 * build's group ends with it (grandchildren included, with no restart), the old
 * site stays served (the `current` link and the database never moved), and the
 * next start removes the half-built folder and marks its version failed; the
 * draft stays, to publish again.
 */
const cleanUp: (() => unknown)[] = [];
test.afterAll(() => cleanUp.reverse().forEach((step) => step()));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes of a process group, read from /proc (field 5 of stat, after the command's parentheses). */
function groupMembers(group: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === group;
      } catch {
        return false;
      }
    })
    .map(Number);
}

test("kill -9 mid-publication leaves the old site served and, after a restart, a clean state", async () => {
  test.setTimeout(300_000);
  if (!existsSync(join(clientDirOf(buildDir), "index.html"))) throw new Error(`No build in ${buildDir}.`);
  const dataDir = mkdtempSync(join(tmpdir(), "site-crash-"));
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const versionsDir = versionsDirOf(dataDir);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|SITE_|NODE_ENV$|TEST$|MODE$)/.test(name)),
  );
  const child = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", "tests/tools/publish-site.ts"],
    {
      env: {
        ...env,
        BUILD_DIR: buildDir,
        LEADS_DATA_DIR: dataDir,
        SITE_WHATSAPP_NUMBER_DRAFT: "5491145678901",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  // Kill it once the build has written part of its output.
  await expect
    .poll(
      () =>
        existsSync(versionsDir) &&
        readdirSync(versionsDir, { withFileTypes: true }).some(
          (entry) => entry.name.endsWith(".partial") && existsSync(join(versionsDir, entry.name, "client")),
        ),
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(true);
  const groupFile = readdirSync(versionsDir).find((name) => name.endsWith(".partial.group"))!;
  const buildGroup = Number(readFileSync(join(versionsDir, groupFile), "utf8"));
  // The build's steps are running: the group holds more than its leader (React Router's build, Vite…).
  expect(groupMembers(buildGroup).length).toBeGreaterThan(1);
  child.kill("SIGKILL");
  await new Promise((resolveExit) => child.once("exit", resolveExit));
  // With the service gone, the whole group ends, grandchildren included, before any restart.
  await expect.poll(() => groupMembers(buildGroup), { timeout: 15_000, intervals: [100] }).toEqual([]);

  // Until a restart: the link still names the installed build, and so does the database.
  expect(readlinkSync(join(versionsDir, currentLink))).toBe(resolve(buildDir));
  const config = loadServiceConfig({ LEADS_DATA_DIR: dataDir });
  const store = await Store.open(config);
  cleanUp.push(() => void store.close());
  const versions = store.siteVersions;
  expect(await versions.currentId()).toBeUndefined();

  const publishing = await startSitePublishing({ store, config, env, installedBuildDir: buildDir });
  cleanUp.push(() => publishing.publisher.stop());
  expect(readdirSync(versionsDir).filter((name) => name !== currentLink)).toEqual([]);
  await expect.poll(() => alive(buildGroup), { timeout: 10_000 }).toBe(false);
  expect(publishing.publisher.served().buildDir).toBe(buildDir);
  expect(readFileSync(join(clientDirOf(buildDir), "index.html"), "utf8")).toContain("5491100000000");
  const [unfinished] = await store.db.selectFrom("site_versions").select(["state"]).execute();
  expect(unfinished?.state).toBe("failed");
  expect(await versions.history()).toEqual([]);
  // The draft is still there, to publish again.
  expect(await versions.drafts()).toEqual({ SITE_WHATSAPP_NUMBER: "5491145678901" });
});
