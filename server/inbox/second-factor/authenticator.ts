import type { AppSummary, FactorAdded, TotpEnrolment } from "#app/features/inbox/second-factor.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import type { TotpRow } from "../../storage/second-factor-rows.ts";
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
 * The authenticator apps as factors (decision 0035): a secret is drawn for
 * whoever asked (a session, or a first sign-in) and stays pending, seen only
 * by them, until they type a correct code from it; it is then enabled beside
 * the apps already there, never instead of them. The codes themselves are
 * totp.ts; spending one to confirm or to sign in is typed-codes.ts.
 */

/** When an app was added, as the owner reads it and as its change names it. */
const addedText = (app: TotpRow) => buenosAiresTime(new Date(app.enabled_at ?? app.created_at));

export async function appSummaries(context: FactorContext): Promise<AppSummary[]> {
  return (await context.rows.enabledTotps()).map((app) => ({
    id: app.id,
    addedText: addedText(app),
    waitsUntilText: isTrusted(app.trusted_from, context.now())
      ? null
      : buenosAiresTime(new Date(app.trusted_from!)),
  }));
}

/** Draws a new secret for this enroller (a hash), pending until a correct code enables it. */
export async function beginTotp(context: FactorContext, enroller: string): Promise<TotpEnrolment> {
  const secret = drawTotpSecret();
  // A new secret replaces this enroller's pending one; the enabled apps stay.
  await context.rows.replacePendingTotp(secret, context.now().toISOString(), enroller);
  return enrolment(secret, context.issuer, await accountLabel(context));
}

/** The secret this enroller drew, to show again after a wrong code; undefined when none. */
export async function pendingTotpEnrolment(
  context: FactorContext,
  enroller: string,
): Promise<TotpEnrolment | undefined> {
  const row = await context.rows.pendingTotp(enroller);
  return row && enrolment(row.secret, context.issuer, await accountLabel(context));
}

/**
 * A correct code enables this enroller's pending secret beside the other apps (behind the guess
 * throttle's buckets), trusted from `trustedFrom`; the first factor brings recovery codes.
 */
export async function enablePendingTotp(
  context: FactorContext,
  enroller: string,
  code: string,
  buckets: readonly GuessBucket[],
  trustedFrom: string | null,
  by: { session: string } | "first-sign-in",
): Promise<Guarded<{ recoveryCodes?: string[] }>> {
  const pending = await context.rows.pendingTotp(enroller);
  if (!pending) return { outcome: "rejected" };
  const check = await context.throttle.guard(buckets, async () =>
    stepOfCode(pending.secret, code, context.now()),
  );
  if (check.outcome !== "accepted") return check;
  const first = !(await context.rows.anyFactor());
  const enabledAt = context.now().toISOString();
  if (!(await context.rows.enableTotp(pending, enabledAt, check.value, trustedFrom)))
    return { outcome: "rejected" };
  await announceChange(
    context,
    { kind: "totp-added", addedText: addedText({ ...pending, enabled_at: enabledAt }) },
    by,
  );
  return {
    outcome: "accepted",
    value: first ? { recoveryCodes: await regenerateRecoveryCodes(context) } : {},
  };
}

/** An authenticator app drawn by this session, enabled in it (after its confirmation). */
export async function enableTotp(
  context: FactorContext,
  sessionToken: string | undefined,
  code: string,
): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }> {
  if (!sessionToken) return { outcome: "rejected" };
  const session = sha256(sessionToken);
  const trustedFrom = await trustedFromForNew(context, { sessionToken });
  const enabled = await enablePendingTotp(
    context,
    session,
    code,
    [guessBuckets.session(session)],
    trustedFrom,
    { session },
  );
  if (enabled.outcome !== "accepted") return enabled;
  await markConfirmed(context, sessionToken, {
    kind: "totp",
    trusted: isTrusted(trustedFrom, context.now()),
  });
  return { outcome: "added", ...(trustedFrom ? { trustedFrom } : {}), ...enabled.value };
}

/** Removes one enabled app (the routes ask for a trusted confirmation first); false if none or the last factor. */
export async function disableTotp(
  context: FactorContext,
  sessionToken: string | undefined,
  id: number,
): Promise<boolean> {
  // The last factor stays: without one, only a new first-factor code from the server gets the owner in.
  if ((await context.rows.factorCount()) <= 1) return false;
  const removed = await context.rows.removeEnabledTotp(id);
  if (!removed) return false;
  await clearRecoveryCodesIfNoFactorLeft(context);
  await announceChange(
    context,
    { kind: "totp-removed", addedText: addedText(removed) },
    { session: sessionToken ? sha256(sessionToken) : null },
  );
  return true;
}

/** The account's name in the authenticator app. */
async function accountLabel(context: FactorContext): Promise<string> {
  return (await context.auth.ownerEmail()) ?? "titular";
}
