import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import type { TestType } from "@playwright/test";

/**
 * Stands in for the lead service on 127.0.0.1 and answers like its contract
 * (/work/lead-contract.md): a native post gets `303 See Other` to the site's
 * `/gracias?envio={id}`, a request with `Accept: application/json` gets
 * `201 {"ok":true,"id":…}`; CORS for the requesting origin. It records every
 * submission (its fields, in order) and can be told to fail (any status, with
 * Retry-After on 429), to hold its answers back until released, or be stopped
 * to play an unreachable one.
 *
 * The site under test knows one service address (tests/test-build-env.ts), so
 * spec files running in parallel workers take turns: start() waits while
 * another file holds the port. A page may also reach the service from another
 * file's test meanwhile, so tests pick their own submissions (see `to`).
 */
export type Submission = {
  path: string;
  contentType: string;
  accept: string;
  fields: [name: string, value: string][];
};

export class FormService {
  readonly submissions: Submission[] = [];
  /** Below 400: the contract's success answers. Anything else: that error. */
  status = 200;
  /** While set, answers wait for this promise (the page stays in its sending state). */
  hold: Promise<void> | null = null;
  private server: Server | undefined;
  private readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  async start(patienceMs = 10 * 60_000): Promise<void> {
    if (this.server) return;
    const giveUp = Date.now() + patienceMs;
    for (;;) {
      const server = createServer((request, response) => void this.handle(request, response));
      try {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(this.port, "127.0.0.1", resolve);
        });
        this.server = server;
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > giveUp) throw error;
        await sleep(250);
      }
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The submissions sent to one service form id (e.g. "valuation", "consulta-inversion-pozo"). */
  to(serviceFormId: string): Submission[] {
    return this.submissions.filter((submission) => submission.path === `/api/form/submit/${serviceFormId}`);
  }

  /** The last submission as an object (the fields' order is checked separately). */
  last(): Record<string, string> {
    const last = this.submissions.at(-1);
    if (!last) throw new Error("the form service received nothing");
    return Object.fromEntries(last.fields);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const cors = {
      "Access-Control-Allow-Origin": request.headers.origin ?? "*",
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type, Accept",
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const contentType = String(request.headers["content-type"] ?? "");
    const accept = String(request.headers.accept ?? "");
    this.submissions.push({
      path: request.url ?? "",
      contentType,
      accept,
      fields: contentType.startsWith("application/x-www-form-urlencoded")
        ? [...new URLSearchParams(body)]
        : [],
    });
    if (this.hold) await this.hold;

    const wantsJson = accept.includes("application/json");
    if (this.status >= 400) {
      const retry = this.status === 429 ? { "Retry-After": "60" } : {};
      response.writeHead(this.status, {
        ...cors,
        ...retry,
        "Content-Type": wantsJson ? "application/json" : "text/html; charset=utf-8",
      });
      response.end(
        wantsJson
          ? JSON.stringify({ ok: false, error: "no disponible" })
          : `<!doctype html><html lang="es"><title>Error</title><h1>Error</h1></html>`,
      );
      return;
    }
    const id = randomUUID();
    if (wantsJson) {
      response.writeHead(201, { ...cors, "Content-Type": "application/json" });
      response.end(JSON.stringify({ ok: true, id }));
      return;
    }
    // A native post comes from the site's page: its origin is where /gracias lives.
    const site = request.headers.origin ?? new URL(String(request.headers.referer)).origin;
    response.writeHead(303, { ...cors, Location: `${site}/gracias?envio=${id}` });
    response.end();
  }
}

/**
 * Runs a spec file's tests against the recording service: started before the
 * first test (waiting for the port if another file holds it), reset before
 * each, stopped after the last. Tests in such a file run one after another.
 */
export function useFormService(test: TestType<object, object>, port: number): FormService {
  const service = new FormService(port);
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.info().setTimeout(11 * 60_000);
    await service.start();
  });
  test.afterAll(() => service.stop());
  test.beforeEach(async () => {
    service.status = 200;
    service.submissions.length = 0;
    await service.start();
  });
  return service;
}
