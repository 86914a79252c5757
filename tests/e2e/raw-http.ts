import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/**
 * One HTTP request with nothing added or undone (no automatic decompression,
 * no redirects followed), so tests see exactly what a server sent.
 */
export type RawResponse = {
  status: number;
  /** Lower-case names; repeated headers keep every value. */
  headers: Map<string, string[]>;
  header: (name: string) => string | undefined;
  body: Buffer;
  /** The body with its Content-Encoding undone. */
  decoded: () => Buffer;
};

export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The loopback address to send from (127.0.0.2…), to play distinct clients. */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {}, localAddress: options.localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const headers = new Map<string, string[]>();
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            const name = response.rawHeaders[index]!.toLowerCase();
            headers.set(name, [...(headers.get(name) ?? []), response.rawHeaders[index + 1]!]);
          }
          const body = Buffer.concat(chunks);
          const header = (name: string) => headers.get(name.toLowerCase())?.join(", ");
          const decoded = () => {
            const encoding = header("content-encoding");
            if (encoding === "br") return brotliDecompressSync(body);
            if (encoding === "gzip") return gunzipSync(body);
            return body;
          };
          resolve({ status: response.statusCode ?? 0, headers, header, body, decoded });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * A request line and headers written byte for byte on a socket: the target is
 * sent as given (`/.//x/`, `/%2e//x/`, absolute-form, a broken Host), where a
 * URL-based client would have normalised it first. Returns the status line's
 * code and the headers of the answer.
 */
export function rawTarget(
  baseUrl: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; header: (name: string) => string | undefined }> {
  const { hostname, port, host } = new URL(baseUrl);
  const lines = [`GET ${target} HTTP/1.1`, `Host: ${headers.Host ?? host}`];
  for (const [name, value] of Object.entries(headers)) if (name !== "Host") lines.push(`${name}: ${value}`);
  lines.push("Connection: close", "", "");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(lines.join("\r\n")));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = ""] = Buffer.concat(chunks).toString("latin1").split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const fields = new Map(
        headerLines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        header: (name) => fields.get(name.toLowerCase()),
      });
    });
  });
}
