import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { peakMemoryArgs, readPeakMemory } from "../../scripts/peak-memory.ts";
import { clockEnvironment } from "../../scripts/service-process.ts";

const restoreScript = fileURLToPath(new URL("../../server/backup-restore.ts", import.meta.url));

/**
 * `npm run --silent backup:restore -- …` as the owner runs it, with the same environment. Not
 * spawnSync: the S3 relay runs in the test's process and must keep relaying meanwhile. Reports the
 * process's peak memory (bytes, when it exited rather than being killed); `whileRunning` gets the
 * child, to kill it mid-way.
 */
export async function runRestore(
  env: Record<string, string>,
  args: string[],
  options: { whileRunning?: (child: ChildProcess) => void } = {},
) {
  const measured = mkdtempSync(join(tmpdir(), "restore-peak-"));
  const peakFile = join(measured, "bytes");
  const child = spawn(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", ...peakMemoryArgs(peakFile), restoreScript, ...args],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...clockEnvironment(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  options.whileRunning?.(child);
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once("close", (code, killedBy) => resolve([code, killedBy])),
  );
  const peakBytes = readPeakMemory(peakFile);
  rmSync(measured, { recursive: true, force: true });
  return { status, signal, stdout, stderr, peakBytes };
}
