import type { ChildProcess } from "node:child_process";

import { runRestoreCommand } from "../../scripts/restore-command.ts";
import { clockEnvironment } from "../../scripts/service-process.ts";

/** The restore command as the owner runs it, on the tests' clock (see scripts/restore-command.ts). */
export function runRestore(
  env: Record<string, string>,
  args: string[],
  options: { whileRunning?: (child: ChildProcess) => void } = {},
) {
  return runRestoreCommand({ ...clockEnvironment(), ...env }, args, options);
}
