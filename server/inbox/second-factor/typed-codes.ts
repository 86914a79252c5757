import { enabledTotp } from "../../leads/storage/second-factor-rows.ts";
import type { FactorContext } from "./factor-context.ts";
import { normaliseRecoveryCode, recoveryCodeHash } from "./recovery-codes.ts";
import { stepOfCode } from "./totp.ts";

/**
 * What the owner may type instead of using a passkey: an authenticator code
 * of a step not used yet, or an unused recovery code. Each is spent in one
 * statement, so a code opens one door once. Callers run this behind the
 * guess throttle (confirmation.ts, sign-in.ts).
 */
export async function spendCode(
  context: FactorContext,
  code: string,
): Promise<"totp" | "recovery" | undefined> {
  const totp = await context.rows.totp(enabledTotp);
  const step = totp && stepOfCode(totp.secret, code, context.now());
  if (step !== undefined) {
    return (await context.rows.spendTotpStep(step)) ? "totp" : undefined;
  }
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return undefined;
  const spent = await context.rows.spendRecoveryCode(recoveryCodeHash(recovery), context.now().toISOString());
  return spent ? "recovery" : undefined;
}
