import { spawn } from "node:child_process";
import { cp } from "node:fs/promises";
import {
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { delimiter, join, resolve } from "node:path";

import { buildFailure } from "./build-failure.ts";
import { generatedDirOf, generatedDirVariable, generatedSourcesOf } from "../build-layout.ts";

/**
 * Builds the public pages with a given environment into a folder: the same
 * `scripts/build.ts` as a deployment (every page in both languages, sitemap,
 * JSON-LD, social cards, the CSP hashes), run as a child process at a lower
 * priority, so the server keeps answering visitors while it works and a
 * failed build leaves no trace in it.
 */
export type SiteBuilder = (
  env: Record<string, string | undefined>,
  outDir: string,
  /** The build served now: files that come out identical reuse its compressed copies. */
  previousDir?: string,
) => Promise<void>;

const projectRoot = resolve(import.meta.dirname, "..", "..");
/**
 * Held while a build runs from this project: its packages folder itself (flock takes a folder as
 * well as a file), so the lock needs nothing written in a release the service cannot write.
 */
const buildLockFolder = join(projectRoot, "node_modules");

/** Beside a build under way: its process group, so a restart can stop what a kill -9 orphaned. */
const groupFileOf = (outDir: string) => `${outDir}.group`;

const groupLeaderScript = join(import.meta.dirname, "build-group-leader.ts");

export const buildWithProjectScript: SiteBuilder = async (env, outDir, previousDir) => {
  // The pages are rendered from the server bundle in the output folder: outside the project (a data
  // folder elsewhere) it would find no packages, so the folder gets a link to the project's.
  mkdirSync(outDir, { recursive: true });
  symlinkSync(join(projectRoot, "node_modules"), join(outDir, "node_modules"));
  await seedGeneratedImages(outDir, previousDir);
  return new Promise((done, fail) => {
    // The build's group is led by build-group-leader.ts (detached: its own process group), which
    // kills the whole group, grandchildren included, when the pipe on its input closes: the kernel
    // closes it however this server ended, kill -9 included. No parent-death signal is asked for:
    // setting one through setpriv needs capset, which the installed unit's system-call filter
    // refuses (every publication failed there), and the pipe already covers every way to die.
    // One build at a time per project folder (flock), at a lower priority than the server's.
    const child = spawn(
      process.execPath,
      [
        groupLeaderScript,
        ...["flock", buildLockFolder, "nice", "-n", "10", process.execPath, "scripts/build.ts"],
      ],
      {
        cwd: projectRoot,
        detached: true,
        env: {
          ...env,
          BUILD_DIR: outDir,
          BUILD_PREVIOUS_DIR: previousDir && resolve(previousDir),
          // Generated images and modules go inside the build's own folder, never the project's.
          [generatedDirVariable]: generatedDirOf(outDir),
          // The build calls npm scripts, which need this project's Node first on the path.
          PATH: [join(projectRoot, "node_modules", ".bin"), env.PATH ?? ""].join(delimiter),
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    if (child.pid !== undefined) writeFileSync(groupFileOf(outDir), String(child.pid));
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    // The leader's input stays open, and empty, for as long as this process lives.
    child.stdin.on("error", () => {});
    let startError: string | undefined;
    child.on("error", (error) => {
      startError = error.message;
    });
    child.on("close", (code, signal) => {
      rmSync(groupFileOf(outDir), { force: true });
      unlinkSync(join(outDir, "node_modules"));
      if (code === 0 && !startError) done();
      else fail(buildFailure({ code, signal, output, startError }));
    });
  });
};

/**
 * Starts a build's generated images from the served build's (the project's, for the deployment's
 * own build, read and never written): the image step writes only what changed, so a publication
 * encodes only its new photos and the cards that show them. Copies (cloned where the file system
 * can), never links: the step rewrites files in place.
 */
async function seedGeneratedImages(outDir: string, previousDir: string | undefined): Promise<void> {
  const served = previousDir && generatedSourcesOf({ [generatedDirVariable]: generatedDirOf(previousDir) });
  const source = served && existsSync(served.publicDir) ? served.publicDir : join(projectRoot, "public");
  if (!existsSync(source)) return;
  const target = generatedSourcesOf({ [generatedDirVariable]: generatedDirOf(outDir) }).publicDir;
  // Without blocking: the server keeps answering visitors while the images are copied.
  await cp(source, target, { recursive: true, mode: constants.COPYFILE_FICLONE });
}

/**
 * Stops the processes of a build a crashed server left running (its group's
 * leader died with the server; the steps it had started may not have).
 */
export function stopOrphanedBuild(outDir: string): void {
  let group: number;
  try {
    group = Number(readFileSync(groupFileOf(outDir), "utf8"));
  } catch {
    return;
  }
  try {
    if (group > 1) process.kill(-group, "SIGKILL");
  } catch {
    // Nothing of that group is left.
  }
  rmSync(groupFileOf(outDir), { force: true });
}
