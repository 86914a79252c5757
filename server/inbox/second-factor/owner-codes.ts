import { createHash } from "node:crypto";

import type { OwnerCodeRow, SecondFactorRows } from "../../storage/second-factor-rows.ts";
import { randomToken } from "../owner-auth.ts";
import { drawRecoveryCode, normaliseRecoveryCode } from "./recovery-codes.ts";

/**
 * Single-use secrets that reach the owner another way than the password
 * (decision 0024): the first-factor code, printed by `npm run owner:password`
 * on the server or e-mailed to the address on file, and the «no fui yo» link
 * of every factor-change e-mail. Only their SHA-256 is stored (80 random bits
 * for a code, 256 for a link, so a copy of the database gives none back); each
 * is looked up by that hash and deleted in the same statement, so it opens one
 * door once, and it expires.
 */

/** A printed code waits for the owner's first sign-in this long (an installer may hand it over days later). */
export const printedCodeLifetimeMs = 72 * 60 * 60_000;
/** An e-mailed code is for the sign-in under way. */
export const mailedCodeLifetimeMs = 30 * 60_000;
/** At most one code e-mailed in this time: the page cannot be used to flood the owner's mailbox. */
export const mailedCodeSpacingMs = 5 * 60_000;
/** A «no fui yo» link works this long after its e-mail. */
export const notMeLifetimeMs = 30 * 24 * 60 * 60_000;

const hashOf = (purpose: OwnerCodeRow["purpose"], secret: string) =>
  createHash("sha256").update(`${purpose}:${secret}`).digest("hex");

/** A new first-factor code (the earlier printed ones stop working when `replace`). */
export async function issueFirstFactorCode(
  rows: SecondFactorRows,
  now: Date,
  lifetimeMs: number,
  options: { replace: boolean },
): Promise<{ code: string; expiresAt: Date }> {
  const code = drawRecoveryCode();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  if (options.replace) await rows.clearOwnerCodes("first-factor");
  await rows.addOwnerCode({
    token_hash: hashOf("first-factor", normaliseRecoveryCode(code)!),
    purpose: "first-factor",
    change_at: null,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  return { code, expiresAt };
}

/** Spends a first-factor code; true when it was one, unspent and in time. */
export async function spendFirstFactorCode(
  rows: SecondFactorRows,
  typed: string,
  now: Date,
): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return false;
  const row = await rows.takeOwnerCode(hashOf("first-factor", code), "first-factor", now.toISOString());
  if (!row) return false;
  // One first factor per code: every other code (printed or e-mailed) goes with it.
  await rows.clearOwnerCodes("first-factor");
  return true;
}

/** A «no fui yo» link's secret for a change made at `changeAt`. */
export async function issueNotMeToken(rows: SecondFactorRows, changeAt: Date): Promise<string> {
  const token = randomToken();
  await rows.addOwnerCode({
    token_hash: hashOf("not-me", token),
    purpose: "not-me",
    change_at: changeAt.toISOString(),
    created_at: changeAt.toISOString(),
    expires_at: new Date(changeAt.getTime() + notMeLifetimeMs).toISOString(),
  });
  return token;
}

/** Spends a «no fui yo» link; the moment of the change it reported, or undefined. */
export async function spendNotMeToken(
  rows: SecondFactorRows,
  token: string,
  now: Date,
): Promise<string | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const row = await rows.takeOwnerCode(hashOf("not-me", token), "not-me", now.toISOString());
  return row?.change_at ?? undefined;
}
