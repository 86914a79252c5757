import type {
  Ceremony,
  CodeCheck,
  FactorAdded,
  FactorOverview,
  FactorSignIn,
  Freshness,
  SecondFactorService,
  TotpEnrolment,
} from "#app/features/inbox/second-factor.ts";
import type { LeadStore } from "../../leads/storage/lead-store.ts";
import type { OwnerAuth } from "../owner-auth.ts";
import { beginTotp, disableTotp, enableTotp, pendingTotpEnrolment, totpEnabled } from "./authenticator.ts";
import {
  confirmPassword,
  confirmPasskeyOptions,
  confirmWithCode,
  confirmWithPasskey,
  freshness,
} from "./confirmation.ts";
import { ceremonyLifetimeMs, type FactorContext } from "./factor-context.ts";
import type { FactorChange } from "./factor-mail.ts";
import { GuessThrottle } from "./guess-throttle.ts";
import {
  passkeysAvailable,
  passkeySummaries,
  registerPasskey,
  registrationOptions,
  removePasskey,
  type PasskeyRegistration,
} from "./passkeys.ts";
import { regenerateRecoveryCodes } from "./recovery-codes.ts";
import type { RelyingPartyOf } from "./relying-party.ts";
import {
  finishWithCode,
  finishWithPasskey,
  secondStepPasskeyOptions,
  secondStepValid,
  signInOptions,
  signInWithPasskey,
  type PasskeySignIn,
  type SecondStepByPasskey,
} from "./sign-in.ts";

/**
 * The owner's second factor on the lead database (decision 0018), as the
 * inbox's routes call it. Each method hands over to the module of its part:
 *
 * - confirmation.ts: a signed-in session's fresh confirmation (factor or password again);
 * - sign-in.ts: signing in with a passkey alone, and a password sign-in's second step;
 * - passkeys.ts (with passkey-challenges.ts): WebAuthn registration and assertions;
 * - authenticator.ts (with totp.ts): the authenticator app's secret and codes;
 * - recovery-codes.ts: the ten recovery codes; typed-codes.ts spends them and authenticator codes;
 * - guess-throttle.ts: growing waits after wrong codes and passwords;
 * - factor-mail.ts: the owner's e-mail when a factor is added or removed.
 *
 * What all of them share (the rows, the clock, the throttle…) is one `FactorContext`.
 */

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
  private readonly context: FactorContext;

  constructor(options: SecondFactorsOptions) {
    const now = options.now ?? (() => new Date());
    this.context = {
      rows: options.store.secondFactors,
      owner: options.store.owner,
      auth: options.auth,
      relyingPartyOf: options.relyingPartyOf,
      issuer: options.issuer,
      onChange: options.onChange ?? (async () => {}),
      now,
      throttle: new GuessThrottle(options.store.loginFailures, now),
    };
    options.auth.secondFactorRequired = () => this.hasAny();
  }

  async hasAny(): Promise<boolean> {
    return this.context.rows.anyFactor();
  }

  async overview(): Promise<FactorOverview> {
    const passkeys = await passkeySummaries(this.context);
    const codesLeft = await this.context.rows.recoveryCodesLeft();
    return { passkeys, totpEnabled: await totpEnabled(this.context), recoveryCodesLeft: codesLeft };
  }

  passkeysAvailable(origin: string): boolean {
    return passkeysAvailable(this.context, origin);
  }

  /** Drops challenges and second steps nobody answered (the daily job). */
  async prune(): Promise<void> {
    const before = new Date(this.context.now().getTime() - ceremonyLifetimeMs).toISOString();
    await this.context.rows.pruneCeremonies(before);
  }

  // The fresh confirmation of a signed-in session (confirmation.ts).

  freshness(sessionToken: string | undefined): Promise<Freshness> {
    return freshness(this.context, sessionToken);
  }

  confirmPassword(sessionToken: string | undefined, password: string): Promise<CodeCheck> {
    return confirmPassword(this.context, sessionToken, password);
  }

  confirmWithCode(sessionToken: string | undefined, code: string): Promise<CodeCheck> {
    return confirmWithCode(this.context, sessionToken, code);
  }

  confirmPasskeyOptions(sessionToken: string | undefined, origin: string): Promise<Ceremony | undefined> {
    return confirmPasskeyOptions(this.context, sessionToken, origin);
  }

  confirmWithPasskey(
    sessionToken: string | undefined,
    origin: string,
    ceremonyToken: string | undefined,
    response: unknown,
  ): Promise<boolean> {
    return confirmWithPasskey(this.context, sessionToken, origin, ceremonyToken, response);
  }

  // Signing in with a passkey alone, and the second step of a password sign-in (sign-in.ts).

  signInOptions(origin: string): Promise<Ceremony | undefined> {
    return signInOptions(this.context, origin);
  }

  signInWithPasskey(attempt: PasskeySignIn): Promise<FactorSignIn> {
    return signInWithPasskey(this.context, attempt);
  }

  secondStepValid(stepToken: string | undefined): Promise<boolean> {
    return secondStepValid(this.context, stepToken);
  }

  secondStepPasskeyOptions(stepToken: string | undefined, origin: string): Promise<Ceremony | undefined> {
    return secondStepPasskeyOptions(this.context, stepToken, origin);
  }

  finishWithPasskey(attempt: SecondStepByPasskey): Promise<FactorSignIn> {
    return finishWithPasskey(this.context, attempt);
  }

  finishWithCode(stepToken: string | undefined, code: string): Promise<FactorSignIn> {
    return finishWithCode(this.context, stepToken, code);
  }

  // Adding and removing factors (the routes ask for the fresh confirmation first).

  registrationOptions(sessionToken: string | undefined, origin: string): Promise<Ceremony | undefined> {
    return registrationOptions(this.context, sessionToken, origin);
  }

  registerPasskey(attempt: PasskeyRegistration): Promise<FactorAdded> {
    return registerPasskey(this.context, attempt);
  }

  removePasskey(id: string): Promise<boolean> {
    return removePasskey(this.context, id);
  }

  beginTotp(): Promise<TotpEnrolment> {
    return beginTotp(this.context);
  }

  pendingTotp(): Promise<TotpEnrolment | undefined> {
    return pendingTotpEnrolment(this.context);
  }

  enableTotp(
    sessionToken: string | undefined,
    code: string,
  ): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }> {
    return enableTotp(this.context, sessionToken, code);
  }

  disableTotp(): Promise<boolean> {
    return disableTotp(this.context);
  }

  regenerateRecoveryCodes(): Promise<string[]> {
    return regenerateRecoveryCodes(this.context);
  }
}
