import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";

/**
 * How the built site answers a path: the rules every server of this project
 * follows (the Node serve command, the nginx configuration, static hosts).
 */
export type Resolution =
  | { kind: "file"; file: string; status: 200 | 404 }
  | { kind: "redirect"; location: string };

const hiddenPaths = new Set(["/404.html", "/404", "/index.html"]);

export function resolvePath(clientDir: string, pathname: string): Resolution {
  const notFound: Resolution = { kind: "file", file: join(clientDir, "404.html"), status: 404 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound;
  }
  if (decoded.includes("\0") || decoded.split("/").includes("..")) return notFound;

  // One canonical form per page: no trailing slash (except the home page).
  if (decoded.length > 1 && decoded.endsWith("/")) {
    return { kind: "redirect", location: pathname.replace(/\/+$/, "") || "/" };
  }
  if (hiddenPaths.has(decoded) || decoded.endsWith("/index.html") || decoded.endsWith(".gz") || decoded.endsWith(".br")) {
    return notFound;
  }

  const direct = join(clientDir, normalize(decoded));
  if (extname(decoded) && isFile(direct)) return { kind: "file", file: direct, status: 200 };
  const page = join(clientDir, normalize(decoded), "index.html");
  if (!extname(decoded) && isFile(page)) return { kind: "file", file: page, status: 200 };
  return notFound;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

export const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

/** Hashed build assets never change; everything else is revalidated on each visit. */
export function cacheControlFor(file: string): string {
  return /[\\/]assets[\\/]/.test(file) ? "public, max-age=31536000, immutable" : "no-cache";
}

export function readVariant(file: string, acceptEncoding: string): { body: Buffer; encoding?: "br" | "gzip" } {
  if (/\bbr\b/.test(acceptEncoding) && existsSync(`${file}.br`)) return { body: readFileSync(`${file}.br`), encoding: "br" };
  if (/\bgzip\b/.test(acceptEncoding) && existsSync(`${file}.gz`)) return { body: readFileSync(`${file}.gz`), encoding: "gzip" };
  return { body: readFileSync(file) };
}
