import type { FactorAdded, TotpEnrolment } from "#app/features/inbox/second-factor.ts";
import { enabledTotp, pendingTotp } from "../../storage/second-factor-rows.ts";
import {
  announceChange,
  isTrusted,
  markConfirmed,
  trustedFromForNew,
  type FactorContext,
} from "./factor-context.ts";
import { guessBuckets, type GuessBucket, type Guarded } from "./guess-throttle.ts";
import { sha256 } from "../owner-auth.ts";
import { regenerateRecoveryCodes, clearRecoveryCodesIfNoFactorLeft } from "./recovery-codes.ts";
import { drawTotpSecret, enrolment, stepOfCode } from "./totp.ts";

/**
 * The authenticator app as a factor: a secret is drawn and stays pending
 * until the owner types a correct code from it, which enables it (replacing
 * an enabled one). The codes themselves are totp.ts; spending one to confirm
 * or to sign in is typed-codes.ts.
 */

export async function totpEnabled(context: FactorContext): Promise<boolean> {
  return (await context.rows.totp(enabledTotp)) !== undefined;
}

/** Draws a new secret, pending until a correct code enables it. */
export async function beginTotp(context: FactorContext): Promise<TotpEnrolment> {
  const secret = drawTotpSecret();
  const createdAt = context.now().toISOString();
  // A new secret replaces a pending one; an enabled one stays until this one is enabled.
  await context.rows.replacePendingTotp(secret, createdAt);
  return enrolment(secret, context.issuer, await accountLabel(context));
}

/** The pending secret, to show again after a wrong code; undefined when none is pending. */
export async function pendingTotpEnrolment(context: FactorContext): Promise<TotpEnrolment | undefined> {
  const row = await context.rows.totp(pendingTotp);
  return row && enrolment(row.secret, context.issuer, await accountLabel(context));
}

/**
 * A correct code enables the pending secret (behind the guess throttle's
 * buckets), trusted from `trustedFrom`; the first factor brings recovery codes.
 */
export async function enablePendingTotp(
  context: FactorContext,
  code: string,
  buckets: readonly GuessBucket[],
  trustedFrom: string | null,
): Promise<Guarded<{ recoveryCodes?: string[] }>> {
  const pending = await context.rows.totp(pendingTotp);
  if (!pending) return { outcome: "rejected" };
  const check = await context.throttle.guard(buckets, async () =>
    stepOfCode(pending.secret, code, context.now()),
  );
  if (check.outcome !== "accepted") return check;
  const first = !(await context.rows.anyFactor());
  await context.rows.enableTotp(pending, context.now().toISOString(), check.value, trustedFrom);
  await announceChange(context, { kind: "totp-added" });
  return {
    outcome: "accepted",
    value: first ? { recoveryCodes: await regenerateRecoveryCodes(context) } : {},
  };
}

/** The authenticator app enabled in a signed-in session (after its confirmation). */
export async function enableTotp(
  context: FactorContext,
  sessionToken: string | undefined,
  code: string,
): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }> {
  if (!sessionToken) return { outcome: "rejected" };
  const trustedFrom = await trustedFromForNew(context, { sessionToken });
  const enabled = await enablePendingTotp(
    context,
    code,
    [guessBuckets.session(sha256(sessionToken))],
    trustedFrom,
  );
  if (enabled.outcome !== "accepted") return enabled;
  await markConfirmed(context, sessionToken, {
    kind: "totp",
    trusted: isTrusted(trustedFrom, context.now()),
  });
  return { outcome: "added", ...(trustedFrom ? { trustedFrom } : {}), ...enabled.value };
}

export async function disableTotp(context: FactorContext): Promise<boolean> {
  // The last factor stays: without one, only a new first-factor code from the server gets the owner in.
  if ((await context.rows.factorCount()) <= 1) return false;
  if (!(await context.rows.removeEnabledTotp())) return false;
  await clearRecoveryCodesIfNoFactorLeft(context);
  await announceChange(context, { kind: "totp-removed" });
  return true;
}

/** The account's name in the authenticator app. */
async function accountLabel(context: FactorContext): Promise<string> {
  return (await context.auth.ownerEmail()) ?? "titular";
}
