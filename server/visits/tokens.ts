import { createHash, randomBytes } from "node:crypto";

/**
 * A client's link: 256 random bits, URL-safe, shown once in the link and stored only as its
 * SHA-256 (decision 0039). A database read (a backup, a leaked copy) gives no working link, and
 * a link is never a counter or an id another client could guess from their own.
 */
export function newVisitToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashVisitToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The shape of a token in a path: 43 URL-safe characters; anything else names no offer. */
export const visitTokenPattern = /^[A-Za-z0-9_-]{43}$/;
