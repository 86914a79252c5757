import type { Ceremony, CodeCheck, Freshness } from "#app/features/inbox/second-factor.ts";
import { sha256 } from "../owner-auth.ts";
import { verifyPassword } from "../password.ts";
import { freshnessWindowMs, markConfirmed, type FactorContext } from "./factor-context.ts";
import { guessBuckets } from "./guess-throttle.ts";
import { authenticationCeremony, credentials, verifyAssertion } from "./passkeys.ts";
import { spendCode } from "./typed-codes.ts";

/**
 * The fresh confirmation of a signed-in session: before the actions that
 * matter most, the routes ask that this session confirmed a factor (a
 * passkey, an authenticator code or a recovery code) or, for adding a factor
 * or when there is none, typed the password again, within `freshnessMs`.
 * Codes and passwords go behind the guess throttle.
 */

/** A confirmation (a factor, or the password typed again) counts for this long. */
export const freshnessMs = freshnessWindowMs;

export async function freshness(
  context: FactorContext,
  sessionToken: string | undefined,
): Promise<Freshness> {
  const frozen = (await context.rows.frozen()) !== undefined;
  if (!sessionToken) return { factor: false, trustedFactor: false, password: false, frozen };
  const row = await context.rows.confirmations(sha256(sessionToken));
  const recent = (at: string | null | undefined) =>
    !!at && context.now().getTime() - Date.parse(at) < freshnessMs;
  return {
    factor: recent(row?.factor_confirmed_at),
    trustedFactor: recent(row?.trusted_confirmed_at),
    password: recent(row?.password_confirmed_at),
    frozen,
  };
}

export async function confirmPassword(
  context: FactorContext,
  sessionToken: string | undefined,
  password: string,
): Promise<CodeCheck> {
  if (!sessionToken) return { outcome: "rejected" };
  const check = await context.throttle.guard([guessBuckets.session(sha256(sessionToken))], async () => {
    const owner = await context.owner.owner();
    if (!owner || !(await verifyPassword(password, owner.passwordHash))) return undefined;
    await markConfirmed(context, sessionToken, "password");
    return "password";
  });
  return check.outcome === "accepted" ? { outcome: "accepted", kind: "password" } : check;
}

/** An authenticator code or a recovery code as this session's fresh confirmation. */
export async function confirmWithCode(
  context: FactorContext,
  sessionToken: string | undefined,
  code: string,
): Promise<CodeCheck> {
  if (!sessionToken) return { outcome: "rejected" };
  const check = await spendCode(context, code, [guessBuckets.session(sha256(sessionToken))]);
  if (check.outcome !== "accepted") return check;
  await markConfirmed(context, sessionToken, check.value);
  return { outcome: "accepted", kind: check.value.kind === "recovery" ? "recovery" : "totp" };
}

export async function confirmPasskeyOptions(
  context: FactorContext,
  sessionToken: string | undefined,
  origin: string,
): Promise<Ceremony | undefined> {
  if (!sessionToken) return undefined;
  return authenticationCeremony(context, origin, "confirm", sha256(sessionToken), await credentials(context));
}

export async function confirmWithPasskey(
  context: FactorContext,
  sessionToken: string | undefined,
  origin: string,
  ceremonyToken: string | undefined,
  response: unknown,
): Promise<boolean> {
  if (!sessionToken) return false;
  const used = await verifyAssertion(
    context,
    origin,
    ceremonyToken,
    "confirm",
    sha256(sessionToken),
    response,
  );
  if (used) await markConfirmed(context, sessionToken, used);
  return used !== undefined;
}
