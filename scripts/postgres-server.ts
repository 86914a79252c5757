import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";

/**
 * A throw-away PostgreSQL server for tests and the benchmark: Debian's
 * binaries, a fresh cluster in a temporary folder, listening on a free
 * loopback port, removed when stopped. PostgreSQL refuses to run as root, so
 * it runs as `nobody` when the tests do.
 */
export type PostgresServer = {
  /** A URL for a database created by `createDatabase`. */
  createDatabase(name: string): Promise<string>;
  port: number;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
  /** Stops the server but keeps the folder, to play a database that went away. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** SIGSTOP to the server and every backend: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONT: the frozen server answers again. */
  thaw(): void;
};

export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL under ${root}: install Debian's postgresql.`);
  return join(root, versions[0]!, "bin");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type PostgresOptions = {
  /**
   * false for tests that do not measure durability: no fsync, much faster on a slow disk.
   * The benchmark keeps the default (true), which is what production runs.
   */
  durable?: boolean;
};

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const folder = mkdtempSync(join(tmpdir(), "leads-pg-"));
  const dataDir = join(folder, "data");
  const user = runAs();
  if (user) {
    chownSync(folder, user.uid, user.gid);
    chmodSync(folder, 0o700);
  }
  const spawnOptions = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
    { ...spawnOptions, encoding: "utf8" },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);

  const port = await freePort();
  let child: ChildProcess | undefined;

  async function launch(): Promise<void> {
    child = spawn(
      join(bin, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `unix_socket_directories=${folder}`,
        "-c",
        "max_connections=100",
        ...(options.durable === false
          ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
          : []),
      ],
      { ...spawnOptions, stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited: ${log}`);
      const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        if (Date.now() - started > 30_000) throw new Error(`postgres did not start: ${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function halt(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGINT"); // fast shutdown: aborts sessions, then exits cleanly
    await exited;
  }

  /** The postmaster and its children (backends, checkpointer, …), as a frozen machine would be. */
  function signalAll(signal: NodeJS.Signals): void {
    if (!child?.pid) return;
    spawnSync("pkill", [`-${signal.replace("SIG", "")}`, "-P", String(child.pid)]);
    process.kill(child.pid, signal);
  }

  await launch();
  return {
    port,
    async createDatabase(name) {
      const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, "")}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async stop() {
      await halt();
      rmSync(folder, { recursive: true, force: true });
    },
    pause: halt,
    resume: launch,
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => signalAll("SIGCONT"),
  };
}

/** `nobody` when running as root (initdb refuses root); the current user otherwise. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync("id", [flag, "nobody"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}
