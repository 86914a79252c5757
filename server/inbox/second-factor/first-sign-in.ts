import type { Ceremony, FirstSignIn, TotpEnrolment } from "#app/features/inbox/second-factor.ts";
import { sha256 } from "../owner-auth.ts";
import { beginTotp, enablePendingTotp, pendingTotpEnrolment } from "./authenticator.ts";
import type { FactorContext } from "./factor-context.ts";
import {
  issueFirstFactorCode,
  mailedCodeLifetimeMs,
  mailedCodeSpacingMs,
  spendFirstFactorCode,
} from "./owner-codes.ts";
import { registrationOptions, storeNewPasskey, type PasskeyRegistration } from "./passkeys.ts";

/**
 * The owner's first sign-in (decision 0024): with no factor yet, the right
 * password opens no session but this step, which asks first for the
 * single-use code that reached the owner another way (printed on the server by
 * `npm run owner:password`, or e-mailed to the address on file), and then for
 * the first factor (a passkey or the authenticator app). Only when that factor
 * is stored does a session open: nothing in the inbox, and no factor, is
 * reachable with the password alone.
 */

/** Time to find the code and set up the phone, from the password. */
export const firstSignInLifetimeMs = 15 * 60_000;

/** Wrong codes in one first sign-in: a few free, then growing waits (80-bit codes: this only slows a loop). */
const firstCodeBucket = (stepHash: string) => ({ key: `first-factor:${stepHash}`, capSeconds: 60 });

async function firstStep(context: FactorContext, stepToken: string | undefined) {
  if (!stepToken) return undefined;
  const row = await context.rows.secondStep(sha256(stepToken));
  if (!row?.enrolment) return undefined;
  if (context.now().getTime() - Date.parse(row.created_at) >= firstSignInLifetimeMs) return undefined;
  return row;
}

/** Where the first sign-in of this token stands: waiting for the code, verified, or gone. */
export async function firstSignInStage(
  context: FactorContext,
  stepToken: string | undefined,
): Promise<"code" | "verified" | undefined> {
  return (await firstStep(context, stepToken))?.enrolment ?? undefined;
}

export async function verifyFirstFactorCode(
  context: FactorContext,
  stepToken: string | undefined,
  code: string,
): Promise<FirstSignIn> {
  const step = await firstStep(context, stepToken);
  if (step?.enrolment !== "code") return { outcome: "rejected" };
  const check = await context.throttle.guard([firstCodeBucket(step.token_hash)], async () =>
    (await spendFirstFactorCode(context.rows, code, context.now())) ? true : undefined,
  );
  if (check.outcome !== "accepted") return check;
  await context.rows.advanceFirstSignIn(step.token_hash, "code", "verified");
  return { outcome: "verified" };
}

/** E-mails a new code to the address on file, at most once every few minutes. */
export async function mailFirstFactorCode(
  context: FactorContext,
  stepToken: string | undefined,
): Promise<"sent" | "wait" | "unavailable"> {
  const step = await firstStep(context, stepToken);
  if (step?.enrolment !== "code" || !context.mailFirstFactorCode) return "unavailable";
  const now = context.now();
  const newest = await context.rows.newestOwnerCode("first-factor", now.toISOString());
  if (newest && now.getTime() - Date.parse(newest.created_at) < mailedCodeSpacingMs) return "wait";
  const { code, expiresAt } = await issueFirstFactorCode(context.rows, now, mailedCodeLifetimeMs, {
    replace: false,
  });
  return (await context.mailFirstFactorCode(code, expiresAt)) ? "sent" : "unavailable";
}

/** The authenticator app's secret to scan, drawn on first request, once the code is verified. */
export async function firstTotp(
  context: FactorContext,
  stepToken: string | undefined,
): Promise<TotpEnrolment | undefined> {
  if ((await firstSignInStage(context, stepToken)) !== "verified") return undefined;
  const enroller = sha256(stepToken!);
  return (await pendingTotpEnrolment(context, enroller)) ?? beginTotp(context, enroller);
}

export async function firstPasskeyOptions(
  context: FactorContext,
  stepToken: string | undefined,
  origin: string,
): Promise<Ceremony | undefined> {
  if ((await firstSignInStage(context, stepToken)) !== "verified") return undefined;
  return registrationOptions(context, sha256(stepToken!), origin);
}

/** The first factor by the authenticator app: trusted at once (the code vouched for it), and the session opens. */
export async function enrolFirstTotp(
  context: FactorContext,
  stepToken: string | undefined,
  code: string,
): Promise<FirstSignIn> {
  const step = await firstStep(context, stepToken);
  if (step?.enrolment !== "verified" || (await context.rows.anyFactor())) return { outcome: "rejected" };
  const enabled = await enablePendingTotp(
    context,
    step.token_hash,
    code,
    [firstCodeBucket(step.token_hash)],
    null,
    "first-sign-in",
  );
  if (enabled.outcome !== "accepted") return enabled;
  return finishFirstSignIn(context, step, enabled.value.recoveryCodes);
}

/** The first factor by a passkey, its challenge bound to this first sign-in. */
export async function enrolFirstPasskey(
  context: FactorContext,
  attempt: PasskeyRegistration & { stepToken: string | undefined },
): Promise<FirstSignIn> {
  const step = await firstStep(context, attempt.stepToken);
  if (step?.enrolment !== "verified" || (await context.rows.anyFactor())) return { outcome: "rejected" };
  const stored = await storeNewPasskey(context, attempt, step.token_hash, null);
  if (!stored) return { outcome: "rejected" };
  return finishFirstSignIn(context, step, stored.recoveryCodes);
}

async function finishFirstSignIn(
  context: FactorContext,
  step: { token_hash: string; device_hash: string | null },
  recoveryCodes: string[] | undefined,
): Promise<FirstSignIn> {
  if (!(await context.rows.takeSecondStep(step.token_hash))) return { outcome: "rejected" };
  const session = await context.auth.openSession(step.device_hash ?? undefined, {
    factorConfirmed: true,
    trusted: true,
  });
  return { ...session, recoveryCodes: recoveryCodes ?? [] };
}
