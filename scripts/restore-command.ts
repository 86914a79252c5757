import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { peakMemoryArgs, readPeakMemory } from "./peak-memory.ts";

const restoreScript = fileURLToPath(new URL("../server/backup-restore.ts", import.meta.url));

/**
 * `npm run --silent backup:restore -- …` as the owner runs it, in a child with exactly `env` (and
 * PATH, HOME), for the tests and the bench. Not spawnSync: an S3 relay in the caller's process
 * must keep relaying meanwhile. Reports the child's peak memory (bytes; absent when it was killed)
 * and its time; `whileRunning` gets the child, to kill it mid-way.
 */
export async function runRestoreCommand(
  env: Record<string, string>,
  args: string[],
  options: { whileRunning?: (child: ChildProcess) => void } = {},
) {
  const measured = mkdtempSync(join(tmpdir(), "restore-peak-"));
  const peakFile = join(measured, "bytes");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", ...peakMemoryArgs(peakFile), restoreScript, ...args],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  options.whileRunning?.(child);
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once("close", (code, killedBy) => resolve([code, killedBy])),
  );
  const seconds = (performance.now() - started) / 1000;
  const peakBytes = readPeakMemory(peakFile);
  rmSync(measured, { recursive: true, force: true });
  return { status, signal, stdout, stderr, peakBytes, seconds };
}
