import { createServer, type IncomingMessage, type Server } from "node:http";

/**
 * Stands in for the hosted form service on 127.0.0.1: records every
 * submission (its fields, in order), answers CORS like a real service, and
 * can be told to fail (any status), to hold its answer back until released,
 * or be stopped to play an unreachable one.
 */
export type Submission = {
  path: string;
  contentType: string;
  accept: string;
  fields: [name: string, value: string][];
};

export class FormService {
  readonly submissions: Submission[] = [];
  status = 200;
  /** While set, answers wait for this promise (the page stays in its sending state). */
  hold: Promise<void> | null = null;
  private server: Server | undefined;
  private readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", resolve);
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The last submission as an object (the fields' order is checked separately). */
  last(): Record<string, string> {
    const last = this.submissions.at(-1);
    if (!last) throw new Error("the form service received nothing");
    return Object.fromEntries(last.fields);
  }

  private async handle(request: IncomingMessage, response: import("node:http").ServerResponse) {
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
    this.submissions.push({
      path: request.url ?? "",
      contentType,
      accept: String(request.headers.accept ?? ""),
      fields: contentType.startsWith("application/x-www-form-urlencoded")
        ? [...new URLSearchParams(body)]
        : [],
    });
    if (this.hold) await this.hold;
    const wantsJson = String(request.headers.accept ?? "").includes("application/json");
    response.writeHead(this.status, {
      ...cors,
      "Content-Type": wantsJson ? "application/json" : "text/html; charset=utf-8",
    });
    response.end(
      wantsJson
        ? JSON.stringify({ ok: this.status < 400 })
        : `<!doctype html><html lang="es"><title>Formulario</title><h1>${this.status < 400 ? "Gracias" : "Error"}</h1></html>`,
    );
  }
}
