/**
 * Leads the process group of one site build (decision 0020): the service starts
 * it detached, with a pipe on its standard input that only the service holds.
 * It runs the build command inside its group and:
 * - when the pipe closes without the build having finished (the service ended,
 *   even by kill -9, so the kernel closed its end), or when it is told to stop,
 *   kills every process of the group, grandchildren included (React Router's
 *   build, Vite, sharp's workers): none of them outlives the service;
 * - when the build ends, stops whatever it left in the group and exits with
 *   the build's code.
 *
 *   node server/site/build-group-leader.ts <command> [args…]
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("build-group-leader: falta el comando");
  process.exit(2);
}

/** The other processes of this group, read from /proc (the service runs on Linux). */
function othersInGroup(): number[] {
  const group = process.pid;
  const members: number[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the fields after it are plain.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === group) members.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

function killOthers(): void {
  for (const pid of othersInGroup()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The whole group, this leader included: the service is gone or wants the build stopped. */
function killGroup(): never {
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    // Not a group leader (started by hand): at least its members.
    killOthers();
  }
  process.exit(137);
}

const build = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
build.on("error", (error) => {
  console.error(`build-group-leader: ${error.message}`);
  killOthers();
  process.exit(1);
});
build.on("exit", (code, signal) => {
  killOthers();
  process.exit(code ?? (signal ? 128 : 1));
});

process.stdin.on("end", killGroup);
process.stdin.on("close", killGroup);
process.stdin.on("error", killGroup);
process.stdin.resume();
for (const signal of ["SIGTERM", "SIGHUP", "SIGINT"] as const) process.on(signal, killGroup);
