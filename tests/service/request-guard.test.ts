import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";

import { afterAll, expect, test } from "vitest";

import { clientDirOf } from "../../server/build-layout.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { send } from "./http-client.ts";

/**
 * The process guard (server/http/request-guard.ts) in a real process: an error
 * thrown where no handler's `catch` reaches (a body's stream event, a timer a
 * request started, a promise nobody awaited) is logged and answered 500, and
 * the process goes on serving; an error that belongs to no request still ends
 * it, so nothing runs on in a state nobody checked.
 */
const buildDir = writeFixtureBuild();
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

test(
  "errors traced to a request answer 500 and the process goes on; one outside any request ends it",
  { timeout: 60_000 },
  async () => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, "..", "tools", "throwing-server.ts"), clientDirOf(buildDir)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await expect.poll(() => /escuchando en (\d+)/.exec(output)?.[1]).toBeDefined();
    const base = `http://127.0.0.1:${/escuchando en (\d+)/.exec(output)![1]}`;

    for (const path of ["/api/del-cuerpo", "/api/mas-tarde", "/api/promesa"]) {
      const answer = await send(`${base}${path}`, { body: "a=1" });
      expect(answer.status, path).toBe(500);
      expect(answer.body).toMatch(/Error interno/);
      expect((await send(`${base}/api/bien`)).status).toBe(200);
    }
    expect(output).toMatch(
      /POST \/api\/del-cuerpo 500 \(error no atrapado\): Error: falla al leer el cuerpo/,
    );
    expect(output).toMatch(/POST \/api\/mas-tarde 500 \(error no atrapado\)/);
    expect(output).toMatch(/POST \/api\/promesa 500 \(error no atrapado\)/);
    expect(child.exitCode).toBeNull();

    child.kill("SIGUSR2");
    expect(await exited).toBe(1);
    expect(output).toMatch(/Error fuera de toda solicitud.*falla fuera de toda solicitud/s);
  },
);
