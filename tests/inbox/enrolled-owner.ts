import { Secret, TOTP } from "otpauth";

import type { SecondFactorService } from "../../app/features/inbox/second-factor.ts";
import type { LoginAttempt, OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { issueFirstFactorCode, printedCodeLifetimeMs } from "../../server/inbox/second-factor/owner-codes.ts";
import type { PasskeyRow } from "../../server/storage/second-factor-rows.ts";
import type { Store } from "../../server/storage/store.ts";

/**
 * The suite's owner, enrolled the way the owner is (decision 0024): the
 * account set, the first-factor code `owner:password` prints, the password at
 * the login, the code, then the authenticator app as the first factor.
 * Returns what the tests sign in with afterwards.
 */
export type EnrolledOwner = {
  /** The authenticator app's secret (base32, no spaces). */
  secret: string;
  recoveryCodes: string[];
  /** The session the first sign-in opened. */
  sessionToken: string;
  /** The app's code at `at`. */
  codeAt(at: Date): string;
};

export const totpCode = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), timestamp: at.getTime() });

export async function enrolOwner(
  store: Store,
  auth: OwnerAuth,
  factors: SecondFactorService,
  account: { email: string; password: string },
  now: () => Date,
): Promise<EnrolledOwner> {
  await auth.setOwner(account.email, account.password);
  const { code } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
    replace: true,
  });
  const attempt: LoginAttempt = { ...account, address: "127.0.0.1", deviceToken: undefined };
  const login = await auth.login(attempt);
  if (login.outcome !== "first-factor") throw new Error(`first sign-in: ${login.outcome}`);
  const verified = await factors.verifyFirstFactorCode(login.stepToken, code);
  if (verified.outcome !== "verified") throw new Error(`first-factor code: ${verified.outcome}`);
  const enrolment = await factors.firstTotp(login.stepToken);
  if (!enrolment) throw new Error("no authenticator secret at the first sign-in");
  const secret = enrolment.secret.replace(/\s/g, "");
  const signedIn = await factors.enrolFirstTotp(login.stepToken, totpCode(secret, now()));
  if (signedIn.outcome !== "signed-in") throw new Error(`first factor: ${signedIn.outcome}`);
  return {
    secret,
    recoveryCodes: signedIn.recoveryCodes,
    sessionToken: signedIn.sessionToken,
    codeAt: (at) => totpCode(secret, at),
  };
}

/**
 * A passkey's row as a registration stores it, for tests that need the owner to have one; the
 * browser tests register real ones (tests/e2e/second-factor.spec.ts).
 */
export const storedPasskey = (at: Date): PasskeyRow => ({
  credential_id: "llave",
  public_key: "clave",
  counter: 0,
  transports: "[]",
  name: "Teléfono",
  created_at: at.toISOString(),
  last_used_at: null,
  trusted_from: null,
});
