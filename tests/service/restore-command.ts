import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { clockEnvironment } from "../../scripts/service-process.ts";

const restoreScript = fileURLToPath(new URL("../../server/backup-restore.ts", import.meta.url));

/**
 * `npm run --silent backup:restore -- …` as the owner runs it, with the same environment. Not
 * spawnSync: the S3 relay runs in the test's process and must keep relaying meanwhile.
 */
export async function runRestore(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", restoreScript, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...clockEnvironment(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { status, stdout, stderr };
}
