import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";

import type {
  Ceremony,
  CodeCheck,
  FactorAdded,
  FactorSignIn,
  Freshness,
  SecondFactorService,
} from "#app/features/inbox/second-factor.ts";
import type { LeadStore } from "../../leads/storage/lead-store.ts";
import type { OwnerRows } from "../../leads/storage/owner-rows.ts";
import {
  enabledTotp,
  pendingTotp,
  type SecondFactorRows,
  type SecondStepRow,
} from "../../leads/storage/second-factor-rows.ts";
import { randomToken, sha256, type OwnerAuth } from "../owner-auth.ts";
import { verifyPassword } from "../password.ts";
import type { FactorChange } from "./factor-mail.ts";
import { GuessThrottle, type GuessKind } from "./guess-throttle.ts";
import {
  drawRecoveryCode,
  normaliseRecoveryCode,
  recoveryCodeCount,
  recoveryCodeHash,
} from "./recovery-codes.ts";
import type { RelyingPartyOf } from "./relying-party.ts";
import { drawTotpSecret, enrolment, stepOfCode } from "./totp.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";

/**
 * The owner's second factor on the lead database (decision 0018): passkeys
 * through @simplewebauthn/server, authenticator codes, recovery codes, the
 * second step of a password sign-in and each session's fresh confirmation.
 */

/** A confirmation (a factor, or the password typed again) counts for this long. */
export const freshnessMs = 10 * 60_000;
/** A WebAuthn challenge, or a sign-in's second step, must be answered within this. */
export const ceremonyLifetimeMs = 5 * 60_000;

/** One user handle for every passkey: there is one owner, whatever e-mail the account has. */
const ownerHandle = new TextEncoder().encode("bandeja-titular");

type Purpose = "register" | "confirm" | "sign-in" | "second-step";

export type SecondFactorsOptions = {
  store: LeadStore;
  auth: OwnerAuth;
  relyingPartyOf: RelyingPartyOf;
  /** The relying party's and the authenticator app's name for the account (the business name). */
  issuer: string;
  /** Tells the owner a factor was added or removed (by e-mail, when configured). */
  onChange?: (change: FactorChange) => Promise<void>;
  now?: () => Date;
};

export class SecondFactors implements SecondFactorService {
  private readonly rows: SecondFactorRows;
  private readonly owner: OwnerRows;
  private readonly auth: OwnerAuth;
  private readonly relyingPartyOf: RelyingPartyOf;
  private readonly issuer: string;
  private readonly onChange: (change: FactorChange) => Promise<void>;
  private readonly now: () => Date;
  private readonly throttle: GuessThrottle;

  constructor(options: SecondFactorsOptions) {
    this.rows = options.store.secondFactors;
    this.owner = options.store.owner;
    this.auth = options.auth;
    this.relyingPartyOf = options.relyingPartyOf;
    this.issuer = options.issuer;
    this.onChange = options.onChange ?? (async () => {});
    this.now = options.now ?? (() => new Date());
    this.throttle = new GuessThrottle(options.store.loginFailures, this.now);
    this.auth.secondFactorRequired = () => this.hasAny();
  }

  async hasAny(): Promise<boolean> {
    return this.rows.anyFactor();
  }

  async overview() {
    const passkeys = await this.rows.passkeys();
    const codesLeft = await this.rows.recoveryCodesLeft();
    return {
      passkeys: passkeys.map((row) => ({
        id: row.credential_id,
        name: row.name,
        addedText: buenosAiresTime(new Date(row.created_at)),
        lastUsedText: row.last_used_at ? buenosAiresTime(new Date(row.last_used_at)) : null,
      })),
      totpEnabled: (await this.enabledTotp()) !== undefined,
      recoveryCodesLeft: codesLeft,
    };
  }

  async freshness(sessionToken: string | undefined): Promise<Freshness> {
    if (!sessionToken) return { factor: false, password: false };
    const row = await this.rows.confirmations(sha256(sessionToken));
    const recent = (at: string | null | undefined) =>
      !!at && this.now().getTime() - Date.parse(at) < freshnessMs;
    return { factor: recent(row?.factor_confirmed_at), password: recent(row?.password_confirmed_at) };
  }

  passkeysAvailable(origin: string): boolean {
    return this.relyingPartyOf(origin) !== undefined;
  }

  // The fresh confirmation of a signed-in session.

  async confirmPassword(sessionToken: string | undefined, password: string): Promise<CodeCheck> {
    const check = await this.guarded("password-again", async () => {
      const owner = await this.owner.owner();
      if (!sessionToken || !owner || !(await verifyPassword(password, owner.passwordHash))) return undefined;
      await this.markSession(sessionToken, "password_confirmed_at");
      return "password";
    });
    return check.outcome === "accepted" ? { outcome: "accepted", kind: "password" } : check;
  }

  async confirmWithCode(sessionToken: string | undefined, code: string): Promise<CodeCheck> {
    if (!sessionToken) return { outcome: "rejected" };
    const check = await this.guarded("code", async () => {
      const kind = await this.spendCode(code);
      if (kind) await this.markSession(sessionToken, "factor_confirmed_at");
      return kind;
    });
    return check.outcome === "accepted" ? { outcome: "accepted", kind: check.value } : check;
  }

  async confirmPasskeyOptions(sessionToken: string | undefined, origin: string) {
    if (!sessionToken) return undefined;
    return this.authenticationCeremony(origin, "confirm", sha256(sessionToken), await this.credentials());
  }

  async confirmWithPasskey(
    sessionToken: string | undefined,
    origin: string,
    ceremonyToken: string | undefined,
    response: unknown,
  ): Promise<boolean> {
    if (!sessionToken) return false;
    const ok = await this.verifyAssertion(origin, ceremonyToken, "confirm", sha256(sessionToken), response);
    if (ok) await this.markSession(sessionToken, "factor_confirmed_at");
    return ok;
  }

  // Signing in with a passkey alone, and the second step of a password sign-in.

  signInOptions(origin: string) {
    // No list of credentials: the browser offers whatever passkey it holds, so the answer is
    // the same whether or not one exists (nothing to enumerate).
    return this.authenticationCeremony(origin, "sign-in", null, []);
  }

  async signInWithPasskey(attempt: {
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
    deviceToken: string | undefined;
  }): Promise<FactorSignIn> {
    const ok = await this.verifyAssertion(
      attempt.origin,
      attempt.ceremonyToken,
      "sign-in",
      null,
      attempt.response,
    );
    if (!ok) return { outcome: "rejected" };
    const deviceHash = attempt.deviceToken ? await this.auth.knownDevice(attempt.deviceToken) : undefined;
    return this.auth.openSession(deviceHash, { factorConfirmed: true });
  }

  async secondStepValid(stepToken: string | undefined): Promise<boolean> {
    return (await this.secondStep(stepToken)) !== undefined;
  }

  async secondStepPasskeyOptions(stepToken: string | undefined, origin: string) {
    if (!(await this.secondStep(stepToken))) return undefined;
    return this.authenticationCeremony(origin, "second-step", sha256(stepToken!), await this.credentials());
  }

  async finishWithPasskey(attempt: {
    stepToken: string | undefined;
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
  }): Promise<FactorSignIn> {
    const step = await this.secondStep(attempt.stepToken);
    if (!step) return { outcome: "rejected" };
    const ok = await this.verifyAssertion(
      attempt.origin,
      attempt.ceremonyToken,
      "second-step",
      step.token_hash,
      attempt.response,
    );
    return ok ? this.finishSecondStep(step) : { outcome: "rejected" };
  }

  async finishWithCode(stepToken: string | undefined, code: string): Promise<FactorSignIn> {
    const step = await this.secondStep(stepToken);
    if (!step) return { outcome: "rejected" };
    const check = await this.guarded("code", () => this.spendCode(code));
    if (check.outcome !== "accepted") return check;
    return this.finishSecondStep(step);
  }

  // Adding and removing factors (the routes ask for the fresh confirmation first).

  async registrationOptions(sessionToken: string | undefined, origin: string): Promise<Ceremony | undefined> {
    const rp = this.relyingPartyOf(origin);
    const owner = await this.auth.ownerEmail();
    if (!sessionToken || !rp || !owner) return undefined;
    const existing = await this.credentials();
    const options = await generateRegistrationOptions({
      rpName: this.issuer,
      rpID: rp.id,
      userName: owner,
      userID: ownerHandle,
      attestationType: "none",
      excludeCredentials: existing,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    return {
      ceremonyToken: await this.storeChallenge("register", options.challenge, sha256(sessionToken)),
      options,
    };
  }

  async registerPasskey(attempt: {
    sessionToken: string | undefined;
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
    name: string;
  }): Promise<FactorAdded> {
    const rp = this.relyingPartyOf(attempt.origin);
    if (!attempt.sessionToken || !rp) return { outcome: "rejected" };
    const challenge = await this.takeChallenge(
      attempt.ceremonyToken,
      "register",
      sha256(attempt.sessionToken),
    );
    if (!challenge) return { outcome: "rejected" };
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: attempt.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      return { outcome: "rejected" };
    }
    if (!verification.verified) return { outcome: "rejected" };
    const { credential } = verification.registrationInfo;
    const first = !(await this.hasAny());
    const name =
      attempt.name
        .replace(/\p{Cc}+/gu, " ")
        .trim()
        .slice(0, 60) || "Llave de acceso";
    await this.rows.addPasskey({
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name,
      created_at: this.now().toISOString(),
      last_used_at: null,
    });
    await this.markSession(attempt.sessionToken, "factor_confirmed_at");
    await this.onChange({ kind: "passkey-added", name });
    return { outcome: "added", ...(first ? { recoveryCodes: await this.regenerateRecoveryCodes() } : {}) };
  }

  async removePasskey(id: string): Promise<boolean> {
    const name = await this.rows.removePasskey(id);
    if (name === undefined) return false;
    await this.afterRemoval();
    await this.onChange({ kind: "passkey-removed", name });
    return true;
  }

  async beginTotp() {
    const secret = drawTotpSecret();
    const createdAt = this.now().toISOString();
    // A new secret replaces a pending one; an enabled one stays until this one is enabled.
    await this.rows.replacePendingTotp(secret, createdAt);
    return enrolment(secret, this.issuer, await this.accountLabel());
  }

  async pendingTotp() {
    const row = await this.rows.totp(pendingTotp);
    return row && enrolment(row.secret, this.issuer, await this.accountLabel());
  }

  async enableTotp(
    sessionToken: string | undefined,
    code: string,
  ): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }> {
    const pending = await this.rows.totp(pendingTotp);
    if (!pending) return { outcome: "rejected" };
    const check = await this.guarded("code", async () => stepOfCode(pending.secret, code, this.now()));
    if (check.outcome === "throttled") return check;
    if (check.outcome !== "accepted") return { outcome: "rejected" };
    const first = !(await this.hasAny());
    const step = check.value;
    await this.rows.enableTotp(pending, this.now().toISOString(), step);
    if (sessionToken) await this.markSession(sessionToken, "factor_confirmed_at");
    await this.onChange({ kind: "totp-added" });
    return { outcome: "added", ...(first ? { recoveryCodes: await this.regenerateRecoveryCodes() } : {}) };
  }

  async disableTotp(): Promise<boolean> {
    if (!(await this.rows.removeEnabledTotp())) return false;
    await this.afterRemoval();
    await this.onChange({ kind: "totp-removed" });
    return true;
  }

  async regenerateRecoveryCodes(): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, drawRecoveryCode);
    const createdAt = this.now().toISOString();
    await this.rows.replaceRecoveryCodes(
      codes.map((code) => recoveryCodeHash(normaliseRecoveryCode(code)!)),
      createdAt,
    );
    return codes;
  }

  /** Drops challenges and second steps nobody answered (the daily job). */
  async prune(): Promise<void> {
    const before = new Date(this.now().getTime() - ceremonyLifetimeMs).toISOString();
    await this.rows.pruneCeremonies(before);
  }

  // What the steps above share.

  private async enabledTotp() {
    return this.rows.totp(enabledTotp);
  }

  private async accountLabel(): Promise<string> {
    return (await this.auth.ownerEmail()) ?? "titular";
  }

  /** Without any factor left, recovery codes have nothing to recover: they go too. */
  private async afterRemoval(): Promise<void> {
    if (!(await this.hasAny())) await this.rows.clearRecoveryCodes();
  }

  /** Runs a check behind the account's guess throttle: a failure counts, a success clears the count. */
  private async guarded<T>(
    kind: GuessKind,
    check: () => Promise<T | undefined>,
  ): Promise<
    | { outcome: "accepted"; value: T }
    | { outcome: "rejected" }
    | { outcome: "throttled"; retryAfterSeconds: number }
  > {
    const wait = await this.throttle.waitSeconds(kind);
    if (wait > 0) return { outcome: "throttled", retryAfterSeconds: wait };
    const value = await check();
    if (value === undefined) {
      await this.throttle.fail(kind);
      return { outcome: "rejected" };
    }
    await this.throttle.succeed(kind);
    return { outcome: "accepted", value };
  }

  /** An authenticator code of a step not used yet, or an unused recovery code; spent in one statement each. */
  private async spendCode(code: string): Promise<"totp" | "recovery" | undefined> {
    const totp = await this.enabledTotp();
    const step = totp && stepOfCode(totp.secret, code, this.now());
    if (step !== undefined) {
      return (await this.rows.spendTotpStep(step)) ? "totp" : undefined;
    }
    const recovery = normaliseRecoveryCode(code);
    if (!recovery) return undefined;
    const spent = await this.rows.spendRecoveryCode(recoveryCodeHash(recovery), this.now().toISOString());
    return spent ? "recovery" : undefined;
  }

  private async markSession(
    sessionToken: string,
    column: "factor_confirmed_at" | "password_confirmed_at",
  ): Promise<void> {
    await this.rows.confirm(sha256(sessionToken), column, this.now().toISOString());
  }

  private async secondStep(stepToken: string | undefined) {
    if (!stepToken) return undefined;
    const row = await this.rows.secondStep(sha256(stepToken));
    if (!row || this.now().getTime() - Date.parse(row.created_at) >= ceremonyLifetimeMs) return undefined;
    return row;
  }

  /** The second step is spent once: its row goes as the session opens. */
  private async finishSecondStep(step: SecondStepRow): Promise<FactorSignIn> {
    if (!(await this.rows.takeSecondStep(step.token_hash))) return { outcome: "rejected" };
    return this.auth.openSession(step.device_hash ?? undefined, { factorConfirmed: true });
  }

  private async credentials(): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
    const rows = await this.rows.credentials();
    return rows.map((row) => ({
      id: row.credential_id,
      transports: JSON.parse(row.transports) as AuthenticatorTransport[],
    }));
  }

  private async authenticationCeremony(
    origin: string,
    purpose: Purpose,
    boundTo: string | null,
    allowCredentials: { id: string; transports: AuthenticatorTransport[] }[],
  ): Promise<Ceremony | undefined> {
    const rp = this.relyingPartyOf(origin);
    if (!rp) return undefined;
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: "required",
      allowCredentials,
    });
    return { ceremonyToken: await this.storeChallenge(purpose, options.challenge, boundTo), options };
  }

  /**
   * Checks a passkey's answer to a challenge this server gave this very
   * session (or sign-in) for this purpose, once: the challenge is deleted
   * before the answer is looked at, so a replay finds none.
   */
  private async verifyAssertion(
    origin: string,
    ceremonyToken: string | undefined,
    purpose: Purpose,
    boundTo: string | null,
    response: unknown,
  ): Promise<boolean> {
    const rp = this.relyingPartyOf(origin);
    const challenge = await this.takeChallenge(ceremonyToken, purpose, boundTo);
    const answer = response as AuthenticationResponseJSON | undefined;
    if (!rp || !challenge || typeof answer?.id !== "string") return false;
    const passkey = await this.rows.passkey(answer.id);
    if (!passkey) return false;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, "base64url"),
          counter: Number(passkey.counter),
          transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
        },
      });
      if (!verified) return false;
      await this.rows.usePasskey(
        passkey.credential_id,
        authenticationInfo.newCounter,
        this.now().toISOString(),
      );
      return true;
    } catch {
      return false;
    }
  }

  private async storeChallenge(purpose: Purpose, challenge: string, boundTo: string | null): Promise<string> {
    const token = randomToken();
    await this.rows.addChallenge({
      token_hash: sha256(token),
      purpose,
      challenge,
      session_hash: boundTo,
      created_at: this.now().toISOString(),
    });
    return token;
  }

  private async takeChallenge(
    ceremonyToken: string | undefined,
    purpose: Purpose,
    boundTo: string | null,
  ): Promise<string | undefined> {
    if (!ceremonyToken) return undefined;
    const row = await this.rows.takeChallenge(sha256(ceremonyToken));
    if (!row || row.purpose !== purpose || row.session_hash !== boundTo) return undefined;
    if (this.now().getTime() - Date.parse(row.created_at) >= ceremonyLifetimeMs) return undefined;
    return row.challenge;
  }
}
