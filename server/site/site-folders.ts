import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { copyFile, readdir, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

import { clientDirOf } from "../build-layout.ts";
import { stopOrphanedBuild } from "./site-builder.ts";

/**
 * The published builds on disk (decision 0020):
 *
 *   <versions>/<build id>/            one complete build (client/, deploy/, …) per publication
 *   <versions>/<build id>.partial/    a build under way; renamed when complete, removed on start
 *   <versions>/current                symlink to the build served: nginx's root is current/client
 *
 * A build becomes visible only by rename(2), in one step: a web server reads a
 * whole old build or a whole new one, never half of each.
 */
export const currentLink = "current";
const partialEnding = ".partial";

export class SiteFolders {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  buildDirOf(buildId: string): string {
    return join(this.root, buildId);
  }

  partialDirOf(buildId: string): string {
    return join(this.root, buildId + partialEnding);
  }

  has(buildId: string): boolean {
    return existsSync(join(clientDirOf(this.buildDirOf(buildId)), "index.html"));
  }

  /** Removes what an interrupted build left behind (a kill -9, a power cut). */
  removePartials(): string[] {
    const names = readdirSync(this.root);
    for (const name of names.filter((name) => name.endsWith(partialEnding)))
      stopOrphanedBuild(join(this.root, name));
    const leftovers = readdirSync(this.root).filter(
      (name) => name.endsWith(partialEnding) || name.startsWith(`.${currentLink}-`),
    );
    for (const name of leftovers) rmSync(join(this.root, name), { recursive: true, force: true });
    return leftovers;
  }

  /**
   * Makes a finished build visible under its id. The assets of the build served
   * now are copied in first (they are content-hashed, so nothing is replaced):
   * a page loaded a moment before the switch still finds its script and styles.
   */
  async complete(buildId: string, servedBuildDir: string): Promise<string> {
    const partial = this.partialDirOf(buildId);
    const oldAssets = join(clientDirOf(servedBuildDir), "assets");
    const newAssets = join(clientDirOf(partial), "assets");
    if (existsSync(oldAssets)) {
      mkdirSync(newAssets, { recursive: true });
      for (const name of await readdir(oldAssets)) {
        if (!existsSync(join(newAssets, name))) await copyFile(join(oldAssets, name), join(newAssets, name));
      }
    }
    const finished = this.buildDirOf(buildId);
    await rm(finished, { recursive: true, force: true });
    await rename(partial, finished);
    return finished;
  }

  /** Points `current` at a build folder in one rename(2) of a fresh symlink over the old one. */
  pointCurrentAt(buildDir: string): void {
    const link = join(this.root, currentLink);
    const target = resolve(buildDir);
    if (existsSync(link) && readlinkSync(link) === target) return;
    const fresh = join(this.root, `.${currentLink}-${randomBytes(6).toString("hex")}`);
    symlinkSync(target, fresh);
    renameSync(fresh, link);
  }

  /**
   * Build folders other than the ones to keep (the newest versions', the served one). Removed
   * without blocking: one undo can leave eight builds of thousands of files to delete, and a
   * synchronous removal held the server's event loop for seconds under load (no visitor answered,
   * and keep-alive sockets idle meanwhile were closed as the next request reused them: the bench's
   * ECONNRESET, decision 0030).
   */
  async prune(keep: ReadonlySet<string>): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await readdir(this.root)) {
      if (name === currentLink || name.startsWith(".") || name.includes(partialEnding) || keep.has(name))
        continue;
      await rm(join(this.root, name), { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  }
}
