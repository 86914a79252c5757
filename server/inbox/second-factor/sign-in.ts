import type { Ceremony, FactorSignIn } from "#app/features/inbox/second-factor.ts";
import type { SecondStepRow } from "../../storage/second-factor-rows.ts";
import { sha256 } from "../owner-auth.ts";
import { ceremonyLifetimeMs, type FactorContext } from "./factor-context.ts";
import { guessBuckets } from "./guess-throttle.ts";
import { authenticationCeremony, credentials, verifyAssertion } from "./passkeys.ts";
import { spendCode } from "./typed-codes.ts";

/**
 * Signing in with a second factor: with a passkey alone (no e-mail typed),
 * or as the second step of a password sign-in (owner-auth.ts hands out the
 * step's token once the password is right; a passkey or a typed code
 * finishes it within `ceremonyLifetimeMs`). Either way a session opens with
 * the factor already confirmed.
 */

type PasskeySignIn = {
  origin: string;
  ceremonyToken: string | undefined;
  response: unknown;
  /** The cookie of a device that signed in before, if any. */
  deviceToken: string | undefined;
};

type SecondStepByPasskey = {
  stepToken: string | undefined;
  origin: string;
  ceremonyToken: string | undefined;
  response: unknown;
};

/** Passkey sign-in with no e-mail typed: the same options whether or not a passkey exists. */
export function signInOptions(context: FactorContext, origin: string): Promise<Ceremony | undefined> {
  // No list of credentials: the browser offers whatever passkey it holds, so the answer is
  // the same whether or not one exists (nothing to enumerate).
  return authenticationCeremony(context, origin, "sign-in", null, []);
}

export async function signInWithPasskey(
  context: FactorContext,
  attempt: PasskeySignIn,
): Promise<FactorSignIn> {
  const used = await verifyAssertion(
    context,
    attempt.origin,
    attempt.ceremonyToken,
    "sign-in",
    null,
    attempt.response,
  );
  if (!used) return { outcome: "rejected" };
  const deviceHash = attempt.deviceToken ? await context.auth.knownDevice(attempt.deviceToken) : undefined;
  return context.auth.openSession(deviceHash, { factorConfirmed: true, trusted: used.trusted });
}

export async function secondStepValid(
  context: FactorContext,
  stepToken: string | undefined,
): Promise<boolean> {
  return (await secondStep(context, stepToken)) !== undefined;
}

export async function secondStepPasskeyOptions(
  context: FactorContext,
  stepToken: string | undefined,
  origin: string,
): Promise<Ceremony | undefined> {
  if (!(await secondStep(context, stepToken))) return undefined;
  return authenticationCeremony(
    context,
    origin,
    "second-step",
    sha256(stepToken!),
    await credentials(context),
  );
}

export async function finishWithPasskey(
  context: FactorContext,
  attempt: SecondStepByPasskey,
): Promise<FactorSignIn> {
  const step = await secondStep(context, attempt.stepToken);
  if (!step) return { outcome: "rejected" };
  const used = await verifyAssertion(
    context,
    attempt.origin,
    attempt.ceremonyToken,
    "second-step",
    step.token_hash,
    attempt.response,
  );
  return used ? finishSecondStep(context, step, used.trusted) : { outcome: "rejected" };
}

/**
 * An authenticator code or a recovery code finishes the step. Six digits are
 * counted in the bucket of who typed them: the owner's known browser, or all
 * strangers' browsers together (guess-throttle.ts).
 */
export async function finishWithCode(
  context: FactorContext,
  stepToken: string | undefined,
  code: string,
): Promise<FactorSignIn> {
  const step = await secondStep(context, stepToken);
  if (!step) return { outcome: "rejected" };
  const bucket = step.device_hash ? guessBuckets.device(step.device_hash) : guessBuckets.strangers;
  const check = await spendCode(context, code, [bucket]);
  if (check.outcome !== "accepted") return check;
  return finishSecondStep(context, step, check.value.trusted);
}

/** The second step of this token (never a first sign-in's), while it is still in time. */
async function secondStep(context: FactorContext, stepToken: string | undefined) {
  if (!stepToken) return undefined;
  const row = await context.rows.secondStep(sha256(stepToken));
  if (!row || row.enrolment !== null) return undefined;
  if (context.now().getTime() - Date.parse(row.created_at) >= ceremonyLifetimeMs) return undefined;
  return row;
}

/** The second step is spent once: its row goes as the session opens. */
async function finishSecondStep(
  context: FactorContext,
  step: SecondStepRow,
  trusted: boolean,
): Promise<FactorSignIn> {
  if (!(await context.rows.takeSecondStep(step.token_hash))) return { outcome: "rejected" };
  return context.auth.openSession(step.device_hash ?? undefined, { factorConfirmed: true, trusted });
}
