import { isTrusted, type FactorContext, type UsedFactor } from "./factor-context.ts";
import type { GuessBucket, Guarded } from "./guess-throttle.ts";
import { normaliseRecoveryCode, recoveryCodeHash } from "./recovery-codes.ts";
import { stepOfCode } from "./totp.ts";

/**
 * What the owner may type instead of using a passkey: an authenticator code
 * of a step not used yet, or an unused recovery code. Each is spent in one
 * statement, so a code opens one door once. Six digits go behind the guess
 * throttle's buckets; a recovery code (80 bits) never waits (guess-throttle.ts
 * says why), so a stranger's guesses never keep the owner's recovery code out.
 */
export async function spendCode(
  context: FactorContext,
  code: string,
  buckets: readonly GuessBucket[],
): Promise<Guarded<UsedFactor>> {
  const recovery = normaliseRecoveryCode(code);
  if (recovery) {
    const spent = await context.rows.spendRecoveryCode(
      recoveryCodeHash(recovery),
      context.now().toISOString(),
    );
    // A recovery code gets the owner in, but never counts as a trusted factor (decision 0024).
    return spent
      ? { outcome: "accepted", value: { kind: "recovery", trusted: false } }
      : { outcome: "rejected" };
  }
  return context.throttle.guard(buckets, async () => {
    // Any of the owner's apps: the one whose secret gives this code, its step spent once.
    for (const app of await context.rows.enabledTotps()) {
      const step = stepOfCode(app.secret, code, context.now());
      if (step === undefined) continue;
      if (!(await context.rows.spendTotpStep(app.id, step))) return undefined;
      return { kind: "totp", trusted: isTrusted(app.trusted_from, context.now()) } satisfies UsedFactor;
    }
    return undefined;
  });
}
