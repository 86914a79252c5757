import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";

import { freePort } from "../postgres-server.ts";

/**
 * The real service process (`node server/serve.ts`) on a free loopback port,
 * with its output kept for the tests that read the log.
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

export async function startService(env: Record<string, string>, port?: number): Promise<ServiceProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "server/serve.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: String(chosen), ...env },
    stdio: ["ignore", "pipe", "pipe"],
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

export type RawResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** One HTTP request from a chosen loopback address (127.0.0.x plays distinct visitors). */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    from?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (options.body === undefined ? "GET" : "POST"),
        headers: options.headers,
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

export const formEncoded = { "Content-Type": "application/x-www-form-urlencoded" };
export const json = { Accept: "application/json" };

export function urlEncoded(fields: [string, string][] | Record<string, string>): string {
  return new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
}
