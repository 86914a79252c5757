import { request as httpRequest } from "node:http";
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
