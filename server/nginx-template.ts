import { readFileSync } from "node:fs";

import { bodyStallMs } from "./http/body.ts";

/**
 * What both nginx configurations share, the build's (server/nginx-config.ts) and the installer's
 * (server/installed-nginx-config.ts): the committed templates in deploy/nginx/ and how they are
 * filled. No package imports: the installer runs it from a plain clone, as root.
 */

/** A template of deploy/nginx/ with every `{{SLOT}}` filled; a slot without a value is an error. */
export function fillTemplate(name: string, values: Record<string, string>): string {
  const text = readFileSync(new URL(`../deploy/nginx/${name}`, import.meta.url), "utf8");
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, slot: string) => {
    const value = values[slot];
    if (value === undefined) throw new Error(`nginx template ${name}: no value for ${whole}`);
    return value;
  });
}

/**
 * How long nginx waits for the next byte of a body it passes to the service: the service's own
 * stall limit and a margin, so that a stalled upload is answered by the service (408 and a page
 * that says what happened, the owner's texts kept) rather than cut by nginx with nothing.
 */
export function nginxBodyTimeoutSeconds(stallMs: number = bodyStallMs): number {
  return Math.ceil(stallMs / 1000) + 10;
}
