import type { SecondFactorService } from "#app/features/inbox/second-factor.ts";
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
} from "./sign-in.ts";

/**
 * The owner's second factor on the lead database (decision 0018), as the
 * inbox's routes call it (the interface SecondFactorService gives every
 * method's types). Each method hands over to the module of its part:
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
  /** The relying party's and the authenticator app's name for the account: the business name published now. */
  issuer: () => string;
  /** Tells the owner a factor was added or removed (by e-mail, when configured). */
  onChange?: (change: FactorChange) => Promise<void>;
  now?: () => Date;
};

/** The second factor as the inbox's routes use it, and the daily job's pruning. */
export type SecondFactors = SecondFactorService & {
  /** Drops challenges and second steps nobody answered (the daily job). */
  prune(): Promise<void>;
};

export function createSecondFactors(options: SecondFactorsOptions): SecondFactors {
  const now = options.now ?? (() => new Date());
  const context: FactorContext = {
    rows: options.store.secondFactors,
    owner: options.store.owner,
    auth: options.auth,
    relyingPartyOf: options.relyingPartyOf,
    get issuer() {
      return options.issuer();
    },
    onChange: options.onChange ?? (async () => {}),
    now,
    throttle: new GuessThrottle(options.store.loginFailures, now),
  };
  const hasAny = () => context.rows.anyFactor();
  options.auth.secondFactorRequired = hasAny;
  return {
    hasAny,
    async overview() {
      const passkeys = await passkeySummaries(context);
      const codesLeft = await context.rows.recoveryCodesLeft();
      return { passkeys, totpEnabled: await totpEnabled(context), recoveryCodesLeft: codesLeft };
    },
    passkeysAvailable: (origin) => passkeysAvailable(context, origin),
    async prune() {
      const before = new Date(now().getTime() - ceremonyLifetimeMs).toISOString();
      await context.rows.pruneCeremonies(before);
    },

    // The fresh confirmation of a signed-in session (confirmation.ts).
    freshness: (sessionToken) => freshness(context, sessionToken),
    confirmPassword: (sessionToken, password) => confirmPassword(context, sessionToken, password),
    confirmWithCode: (sessionToken, code) => confirmWithCode(context, sessionToken, code),
    confirmPasskeyOptions: (sessionToken, origin) => confirmPasskeyOptions(context, sessionToken, origin),
    confirmWithPasskey: (sessionToken, origin, ceremonyToken, response) =>
      confirmWithPasskey(context, sessionToken, origin, ceremonyToken, response),

    // Signing in with a passkey alone, and the second step of a password sign-in (sign-in.ts).
    signInOptions: (origin) => signInOptions(context, origin),
    signInWithPasskey: (attempt) => signInWithPasskey(context, attempt),
    secondStepValid: (stepToken) => secondStepValid(context, stepToken),
    secondStepPasskeyOptions: (stepToken, origin) => secondStepPasskeyOptions(context, stepToken, origin),
    finishWithPasskey: (attempt) => finishWithPasskey(context, attempt),
    finishWithCode: (stepToken, code) => finishWithCode(context, stepToken, code),

    // Adding and removing factors; the routes ask for the fresh confirmation first.
    registrationOptions: (sessionToken, origin) => registrationOptions(context, sessionToken, origin),
    registerPasskey: (attempt) => registerPasskey(context, attempt),
    removePasskey: (id) => removePasskey(context, id),
    beginTotp: () => beginTotp(context),
    pendingTotp: () => pendingTotpEnrolment(context),
    enableTotp: (sessionToken, code) => enableTotp(context, sessionToken, code),
    disableTotp: () => disableTotp(context),
    regenerateRecoveryCodes: () => regenerateRecoveryCodes(context),
  };
}
