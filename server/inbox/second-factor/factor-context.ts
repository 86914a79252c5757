import { randomBytes } from "node:crypto";

import type { OwnerRows } from "../../storage/owner-rows.ts";
import type { SecondFactorRows } from "../../storage/second-factor-rows.ts";
import { sha256, type OwnerAuth } from "../owner-auth.ts";
import { describeFactorChange, type FactorChange } from "./factor-mail.ts";
import type { GuessThrottle } from "./guess-throttle.ts";
import { issueNotMeToken } from "./owner-codes.ts";
import type { RelyingPartyOf } from "./relying-party.ts";

/**
 * What every part of the owner's second factor works with (decision 0018):
 * built once by `createSecondFactors` (second-factors.ts) and passed to the
 * functions of passkeys.ts, authenticator.ts, recovery-codes.ts, typed-codes.ts,
 * confirmation.ts and sign-in.ts.
 */
export type FactorContext = {
  rows: SecondFactorRows;
  owner: OwnerRows;
  auth: OwnerAuth;
  relyingPartyOf: RelyingPartyOf;
  /** The relying party's and the authenticator app's name for the account (the business name). */
  issuer: string;
  /** Tells the owner a factor was added or removed (by e-mail, when configured), with its «no fui yo» link's secret. */
  onChange: (change: FactorChange, notMeToken: string | undefined) => Promise<void>;
  /** E-mails a first-factor code to the owner's address on file; undefined when no e-mail is configured. */
  mailFirstFactorCode: ((code: string, expiresAt: Date) => Promise<boolean>) | undefined;
  now: () => Date;
  /** Wrong codes and wrong passwords typed again, in buckets by who typed them. */
  throttle: GuessThrottle;
};

/** A factor just used: which, and whether it is past its waiting period (decision 0024). */
export type UsedFactor = { kind: "totp" | "recovery" | "passkey"; trusted: boolean };

/**
 * A factor added while no trusted factor vouches for it (after a recovery code,
 * or while the confirming factor is itself new) waits this long before it may
 * confirm a publication or a factor change: time for the owner to read the
 * e-mail of the change and press «no fui yo» (decision 0024).
 */
export const newFactorWaitMs = 72 * 60 * 60_000;

export function isTrusted(trustedFrom: string | null, now: Date): boolean {
  return trustedFrom === null || Date.parse(trustedFrom) <= now.getTime();
}

/** A WebAuthn challenge, or a sign-in's second step, must be answered within this. */
export const ceremonyLifetimeMs = 5 * 60_000;

/**
 * Records that this session just confirmed a factor (and whether a trusted
 * one) or the password: a confirmation, and adding a factor, both count
 * (confirmation.ts reads it).
 */
export async function markConfirmed(
  context: FactorContext,
  sessionToken: string,
  what: UsedFactor | "password",
): Promise<void> {
  const at = context.now().toISOString();
  const session = sha256(sessionToken);
  if (what === "password") return context.rows.confirm(session, "password_confirmed_at", at);
  await context.rows.confirm(session, "factor_confirmed_at", at);
  // The freshest proof decides: a recovery code or a waiting factor after a trusted one leaves this
  // session without a trusted confirmation (no factor is removed on the strength of an older one).
  await context.rows.confirm(session, "trusted_confirmed_at", what.trusted ? at : null);
}

/**
 * When a factor added now becomes trusted: at once when this session
 * confirmed a trusted factor within the freshness window (an existing factor
 * vouches for it), or at a first sign-in; otherwise after the waiting period.
 */
export async function trustedFromForNew(
  context: FactorContext,
  vouched: { firstSignIn: true } | { sessionToken: string | undefined },
): Promise<string | null> {
  if ("firstSignIn" in vouched) return null;
  const row = vouched.sessionToken && (await context.rows.confirmations(sha256(vouched.sessionToken)));
  const at = row ? row.trusted_confirmed_at : null;
  if (at && context.now().getTime() - Date.parse(at) < freshnessWindowMs) return null;
  return new Date(context.now().getTime() + newFactorWaitMs).toISOString();
}

/** A confirmation (a factor, or the password typed again) counts for this long. */
export const freshnessWindowMs = 10 * 60_000;

/** How long a factor change shows in the inbox's other sessions: past the new factor's waiting period. */
export const factorChangeShownMs = 7 * 24 * 60 * 60_000;

/**
 * Tells the owner of a factor change: by e-mail (when configured) with a «no fui yo» link that
 * freezes publishing and factor changes (decision 0024), and in the inbox of every other session
 * for a week (decision 0035), since an installed server sends no e-mail by default. `by` is the
 * hash of the session that made it; a first sign-in's first factor is not shown (nothing to warn of).
 */
export async function announceChange(
  context: FactorContext,
  change: FactorChange,
  by: { session: string | null } | "first-sign-in",
): Promise<void> {
  if (by !== "first-sign-in")
    await context.rows.addFactorChange({
      id: randomBytes(12).toString("base64url"),
      at: context.now().toISOString(),
      what: describeFactorChange(change),
      by_session: by.session,
    });
  const token = await issueNotMeToken(context.rows, context.now());
  await context.onChange(change, token);
}
