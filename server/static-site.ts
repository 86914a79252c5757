import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";

import { towerPagePattern } from "#app/site-map.ts";
import { isHiddenPath, notFoundFileFor, pageFile, retiredDirOf } from "./build-layout.ts";
import { contentTypes } from "./headers.ts";

export { contentTypes };

/**
 * How the built site answers a path: the rules every server of this project
 * follows (the Node serve command, the nginx configuration, static hosts).
 */
export type Resolution =
  | { kind: "file"; file: string; status: 200 | 404; /** URL path of the file served. */ path: string }
  | { kind: "redirect"; location: string };

/**
 * The canonical form of a path the servers redirect to: no trailing slash, and
 * exactly one leading slash. A target like `/.//evil.example/` resolves to the
 * path `//evil.example/`; redirected as such, a browser would read it as
 * another host, so every redirect goes through here.
 */
export function canonicalPath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
}

export function resolvePath(clientDir: string, pathname: string): Resolution {
  // Unknown paths under /en get the English 404 page, every other the Spanish one.
  const notFoundFile = notFoundFileFor(pathname);
  const notFound: Resolution = {
    kind: "file",
    file: join(clientDir, notFoundFile),
    status: 404,
    path: `/${notFoundFile}`,
  };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound;
  }
  if (decoded.includes("\0") || decoded.split("/").includes("..")) return notFound;

  // One canonical form per page: no trailing slash (except the home page).
  if (decoded.length > 1 && decoded.endsWith("/")) {
    return { kind: "redirect", location: canonicalPath(pathname) };
  }
  if (isHiddenPath(decoded)) return notFound;

  // A retired tower's old address: 301 to the tower list of its language (decision 0020).
  const retired = towerPagePattern.test(decoded) && join(retiredDirOf(dirname(clientDir)), decoded);
  if (retired && isFile(retired)) return { kind: "redirect", location: readFileSync(retired, "utf8").trim() };

  const direct = join(clientDir, normalize(decoded));
  if (extname(decoded) && isFile(direct)) return { kind: "file", file: direct, status: 200, path: decoded };
  const page = join(clientDir, pageFile(decoded));
  if (!extname(decoded) && isFile(page))
    return { kind: "file", file: page, status: 200, path: `/${pageFile(decoded)}` };
  return notFound;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

export function readVariant(
  file: string,
  acceptEncoding: string,
): { body: Buffer; encoding?: "br" | "gzip" } {
  if (/\bbr\b/.test(acceptEncoding) && existsSync(`${file}.br`))
    return { body: readFileSync(`${file}.br`), encoding: "br" };
  if (/\bgzip\b/.test(acceptEncoding) && existsSync(`${file}.gz`))
    return { body: readFileSync(`${file}.gz`), encoding: "gzip" };
  return { body: readFileSync(file) };
}

export function contentTypeFor(file: string): string {
  return contentTypes[extname(file)] ?? "application/octet-stream";
}
