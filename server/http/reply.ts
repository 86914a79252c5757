import type { ServerResponse } from "node:http";

/**
 * The service's replies: every one has its length, and none is cached (each
 * answers one visitor's request about their own lead, or a state of the moment).
 */

export function sendJson(response: ServerResponse, status: number, body: unknown, headOnly = false): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-store",
    })
    .end(headOnly ? undefined : text);
}

export function sendHtml(response: ServerResponse, status: number, html: string, headOnly = false): void {
  response
    .writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      "Cache-Control": "no-store",
    })
    .end(headOnly ? undefined : html);
}

/** A line of plain text (the inbox's refusals before its app runs). */
export function sendText(response: ServerResponse, status: number, text: string): void {
  const body = Buffer.from(text + "\n");
  response
    .writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": body.length })
    .end(body);
}

/** A status alone (the visit beacon's answers). */
export function sendEmpty(response: ServerResponse, status: number): void {
  response.writeHead(status, { "Cache-Control": "no-store", "Content-Length": 0 }).end();
}

/** A native post's way on: See Other, never cached. */
export function seeOther(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, "Cache-Control": "no-store", "Content-Length": 0 }).end();
}
