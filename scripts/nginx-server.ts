/**
 * Runs the repository's nginx configuration against a build: Debian's nginx
 * (installed with its brotli modules when missing; a failed install fails the
 * caller, it never skips), a free loopback port, every writable path in a
 * temporary prefix, stopped by PID. The browser tests and the benchmark both
 * use it; from a shell: `node scripts/nginx-server.ts [build] [port]`.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { buildDir as defaultBuildDir, clientDirOf, pageFile } from "../server/build-layout.ts";
import { readHeaderPolicy, type HeaderPolicy } from "../server/headers.ts";
import { renderNginxConf } from "../server/nginx-config.ts";
import { ensureSystemPackages } from "./system-packages.ts";

export type NginxServer = {
  baseUrl: string;
  port: number;
  pid: number;
  prefix: string;
  stop: () => Promise<void>;
};

export type NginxOptions = {
  /** Replace parts of the build's recorded policy (e.g. the production form-service origin). */
  policy?: Partial<HeaderPolicy>;
  port?: number;
  /** host:port of the lead service that /api/ and /gracias are proxied to. */
  leadService?: string;
  /** The service's body stall limit and secret (server/nginx-config.ts). */
  bodyStallMs?: number;
  proxySecret?: string;
};

export async function startNginx(
  buildDir = defaultBuildDir,
  options: NginxOptions = {},
): Promise<NginxServer> {
  ensureSystemPackages(["nginx"]);
  const root = resolve(clientDirOf(buildDir));
  if (!existsSync(join(root, pageFile("/"))))
    throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);

  const port = options.port ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), "nginx-site-"));
  for (const dir of ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"]) {
    mkdirSync(join(prefix, dir), { recursive: true });
    // Workers drop to `nobody` when the master runs as root.
    chmodSync(join(prefix, dir), 0o777);
  }
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    renderNginxConf({
      policy: { ...readHeaderPolicy(buildDir), ...options.policy },
      root,
      listen: `127.0.0.1:${port}`,
      prefix,
      workers: 1,
      leadService: options.leadService,
      bodyStallMs: options.bodyStallMs,
      proxySecret: options.proxySecret,
    }),
  );

  const check = spawnSync("nginx", ["-t", "-q", "-p", prefix, "-c", conf], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx rejected the configuration:\n${check.stderr}`);

  const child = spawn("nginx", ["-p", prefix, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}${errorLog(prefix)}`);
    try {
      await fetch(`${baseUrl}/robots.txt`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`nginx did not answer on ${baseUrl}: ${stderr}${errorLog(prefix)}`);
      }
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }

  const pid = child.pid!;
  const stop = async () => {
    if (child.exitCode === null) {
      // Graceful stop of the master by its PID; the workers follow it.
      process.kill(pid, "SIGQUIT");
      const timer = setTimeout(() => child.exitCode === null && process.kill(pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  return { baseUrl, port, pid, prefix, stop };
}

function errorLog(prefix: string): string {
  const file = join(prefix, "error.log");
  return existsSync(file) ? `\n${readFileSync(file, "utf8")}` : "";
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

if (import.meta.main) {
  const server = await startNginx(process.argv[2], {
    port: process.argv[3] ? Number(process.argv[3]) : undefined,
  });
  console.log(
    `nginx (PID ${server.pid}) serving ${process.argv[2] ?? "build"} at ${server.baseUrl}/ — Ctrl+C to stop`,
  );
  process.once("SIGINT", () => void server.stop().then(() => process.exit(0)));
}
