import type { OwnerRows } from "../../leads/storage/owner-rows.ts";
import type { SecondFactorRows } from "../../leads/storage/second-factor-rows.ts";
import { sha256, type OwnerAuth } from "../owner-auth.ts";
import type { FactorChange } from "./factor-mail.ts";
import type { GuessThrottle } from "./guess-throttle.ts";
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
  /** Tells the owner a factor was added or removed (by e-mail, when configured). */
  onChange: (change: FactorChange) => Promise<void>;
  now: () => Date;
  /** Wrong codes and wrong passwords typed again, for the whole account. */
  throttle: GuessThrottle;
};

/** A WebAuthn challenge, or a sign-in's second step, must be answered within this. */
export const ceremonyLifetimeMs = 5 * 60_000;

/**
 * Records that this session just confirmed a factor or the password: a
 * confirmation, and adding a factor, both count (confirmation.ts reads it).
 */
export async function markConfirmed(
  context: FactorContext,
  sessionToken: string,
  column: "factor_confirmed_at" | "password_confirmed_at",
): Promise<void> {
  await context.rows.confirm(sha256(sessionToken), column, context.now().toISOString());
}
