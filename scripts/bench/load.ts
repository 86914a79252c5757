/**
 * A bounded load figure for the benchmark: wrk (Debian) against a running
 * server on loopback, about 10 s per target, a few connections, with the
 * Accept-Encoding a browser sends, for the home page and one hashed asset.
 *   node scripts/bench/load.ts http://127.0.0.1:PORT
 */
import { execFileSync } from "node:child_process";

import { ensureSystemPackages } from "../system-packages.ts";

export type LoadFigure = {
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number };
  requests: number;
  /** Non-2xx/3xx responses plus socket errors (connect, read, write, timeout). */
  errors: number;
};

export type LoadOptions = { seconds?: number; connections?: number; threads?: number };

/** Parses the output of `wrk --latency`. */
export function parseWrk(output: string, url: string): LoadFigure {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? Number.NaN);
  const percentile = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
    if (!match) throw new Error(`wrk output has no ${label}% latency:\n${output}`);
    const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
    return Math.round(Number(match[1]) * scale * 1000) / 1000;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const requestsPerSecond = number(/Requests\/sec:\s+([\d.]+)/);
  if (Number.isNaN(requestsPerSecond)) throw new Error(`wrk output has no Requests/sec:\n${output}`);
  return {
    url,
    requestsPerSecond: Math.round(requestsPerSecond),
    latencyMs: { p50: percentile("50"), p90: percentile("90"), p99: percentile("99") },
    requests: number(/(\d+) requests in/),
    errors: socketErrors + Number(non2xx?.[1] ?? 0),
  };
}

export function loadTest(url: string, options: LoadOptions = {}): LoadFigure {
  const { hostname } = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(hostname))
    throw new Error(`Load tests run on loopback only, not ${hostname}.`);
  ensureSystemPackages(["wrk"]);
  const output = execFileSync(
    "wrk",
    [
      `--threads=${options.threads ?? 2}`,
      `--connections=${options.connections ?? 8}`,
      `--duration=${options.seconds ?? 10}s`,
      "--timeout=2s",
      "--latency",
      "--header=Accept-Encoding: br, gzip",
      url,
    ],
    { encoding: "utf8" },
  );
  return parseWrk(output, url);
}

/** The home page and the first hashed asset it links. */
export async function runLoad(baseUrl: string, options: LoadOptions = {}): Promise<LoadFigure[]> {
  const base = baseUrl.replace(/\/+$/, "");
  const home = await (await fetch(`${base}/`)).text();
  const asset = /(?:href|src|data-boot)="(\/assets\/[^"]+)"/.exec(home)?.[1];
  if (!asset) throw new Error(`${base}/ links no /assets/ file to load.`);
  return [loadTest(`${base}/`, options), loadTest(`${base}${asset}`, options)];
}

if (import.meta.main) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    console.error("Usage: node scripts/bench/load.ts http://127.0.0.1:PORT");
    process.exit(2);
  }
  const figures = await runLoad(baseUrl);
  for (const figure of figures) {
    console.log(
      `${figure.url}\n  ${figure.requestsPerSecond} req/s, p50 ${figure.latencyMs.p50} ms, p90 ${figure.latencyMs.p90} ms, ` +
        `p99 ${figure.latencyMs.p99} ms, ${figure.requests} requests, ${figure.errors} errors`,
    );
  }
  if (figures.some((figure) => figure.errors > 0)) process.exitCode = 1;
}
