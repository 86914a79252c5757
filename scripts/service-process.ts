import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

import { isFakedClockVariable } from "./faked-clock.ts";
import { freePort } from "./postgres-server.ts";

/**
 * Runs the real service process (`node server/serve.ts`) on a free loopback
 * port, with its output kept (the tests read the log): for the service's tests
 * and the lead benchmark.
 */
export type ServiceProcess = {
  baseUrl: string;
  port: number;
  output: () => string;
  /** The variables it was started with (LEADS_DATA_DIR, DATABASE_URL, …). */
  env: Record<string, string>;
  /** Sends a signal and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  child: ChildProcess;
};

/**
 * What gives a child this process's clock and time zone. The suite is tried at other hours with
 * libfaketime (LD_PRELOAD and its FAKETIME settings); a child started with a clean environment
 * would read the machine's real clock while the test that checks its rows reads the faked one,
 * which no deployment ever does.
 */
export function clockEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && (entry[0] === "TZ" || isFakedClockVariable(entry[0])),
    ),
  );
}

/**
 * The server's own secret, as deploy/install.sh writes it (LEADS_PROXY_SECRET): every service
 * started here has it, so a caller can read health's details as the doctor does (`healthDetails`).
 */
export const serviceSecret = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** The header the doctor sends for health's details (server/leads/api.ts). */
export const healthDetails = { "X-Health-Details": serviceSecret } as const;

const serveScript = fileURLToPath(new URL("../server/serve.ts", import.meta.url));

/** `user`: another account to run as (a root test playing an unprivileged service user). */
export async function startService(
  env: Record<string, string>,
  port?: number,
  user?: { uid: number; gid: number },
): Promise<ServiceProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", serveScript], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...clockEnvironment(),
      HOST: "127.0.0.1",
      PORT: String(chosen),
      LEADS_PROXY_SECRET: serviceSecret,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...user,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), 30_000);
    const check = () => {
      if (output.includes("Sitio disponible en")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the service exited:\n${output}`));
    });
  }).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return {
    baseUrl: `http://127.0.0.1:${chosen}`,
    port: chosen,
    output: () => output,
    env,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
