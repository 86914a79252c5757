import type { SecondFactorService } from "#app/features/inbox/second-factor.ts";
import type { Handles } from "../../storage/store.ts";
import type { OwnerAuth } from "../owner-auth.ts";
import { appSummaries, beginTotp, disableTotp, enableTotp, pendingTotpEnrolment } from "./authenticator.ts";
import {
  confirmPassword,
  confirmPasskeyOptions,
  confirmWithCode,
  confirmWithPasskey,
  freshness,
} from "./confirmation.ts";
import {
  announceChange,
  ceremonyLifetimeMs,
  factorChangeShownMs,
  type FactorContext,
} from "./factor-context.ts";
import {
  enrolFirstPasskey,
  enrolFirstTotp,
  firstPasskeyOptions,
  firstSignInLifetimeMs,
  firstSignInStage,
  firstTotp,
  mailFirstFactorCode,
  verifyFirstFactorCode,
} from "./first-sign-in.ts";
import { spendNotMeToken } from "./owner-codes.ts";
import { sha256 } from "../owner-auth.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { factorWords, type FactorChange } from "./factor-mail.ts";
import { GuessThrottle } from "./guess-throttle.ts";
import {
  passkeysAvailable,
  passkeySummaries,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from "./passkeys.ts";
import { clearRecoveryCodesIfNoFactorLeft, regenerateRecoveryCodes } from "./recovery-codes.ts";
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
 * - factor-mail.ts: the owner's e-mail when a factor is added or removed, with its «no fui yo»;
 * - first-sign-in.ts (with owner-codes.ts): the first factor, through a code that reached the owner
 *   another way (decision 0024).
 *
 * What all of them share (the rows, the clock, the throttle…) is one `FactorContext`.
 */

export type SecondFactorsOptions = {
  store: Handles<"secondFactors" | "owner" | "loginFailures">;
  auth: OwnerAuth;
  relyingPartyOf: RelyingPartyOf;
  /** The relying party's and the authenticator app's name for the account: the business name published now. */
  issuer: () => string;
  /** Tells the owner a factor was added or removed (by e-mail, when configured), with the «no fui yo» link's secret. */
  onChange?: (change: FactorChange, notMeToken: string | undefined) => Promise<void>;
  /** E-mails a first-factor code to the owner's address on file (when e-mail is configured). */
  mailFirstFactorCode?: (code: string, expiresAt: Date) => Promise<boolean>;
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
    mailFirstFactorCode: options.mailFirstFactorCode,
    now,
    throttle: new GuessThrottle(options.store.loginFailures, now),
  };
  const hasAny = () => context.rows.anyFactor();
  const sessionOf = (sessionToken: string | undefined) => ({
    session: sessionToken ? sha256(sessionToken) : null,
  });
  return {
    hasAny,
    async overview() {
      const frozen = await context.rows.frozen();
      return {
        passkeys: await passkeySummaries(context),
        apps: await appSummaries(context),
        recoveryCodesLeft: await context.rows.recoveryCodesLeft(),
        frozenSinceText: frozen ? buenosAiresTime(new Date(frozen.since)) : null,
      };
    },
    passkeysAvailable: (origin) => passkeysAvailable(context, origin),
    async prune() {
      const before = new Date(now().getTime() - Math.max(ceremonyLifetimeMs, firstSignInLifetimeMs));
      await context.rows.pruneCeremonies(before.toISOString());
      await context.rows.pruneOwnerCodes(now().toISOString());
      await context.rows.prunePendingTotp(
        new Date(now().getTime() - firstSignInLifetimeMs * 4).toISOString(),
      );
      await context.rows.pruneFactorChanges(new Date(now().getTime() - factorChangeShownMs).toISOString());
    },
    async factorChanges(sessionToken) {
      const since = new Date(now().getTime() - factorChangeShownMs).toISOString();
      const changes = await context.rows.factorChanges(since, sessionToken && sha256(sessionToken));
      return changes.map((change) => ({
        id: change.id,
        whenText: buenosAiresTime(new Date(change.at)),
        what: change.what,
      }));
    },
    async reportNotMeInInbox(changeId) {
      const change = await context.rows.factorChange(changeId.slice(0, 40));
      if (!change) return false;
      await context.rows.freeze({ since: now().toISOString(), changeAt: change.at });
      return true;
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
    registrationOptions: (sessionToken, origin) =>
      registrationOptions(context, sessionToken && sha256(sessionToken), origin),
    registerPasskey: (attempt) => registerPasskey(context, attempt),
    removePasskey: (sessionToken, id) => removePasskey(context, sessionToken, id),
    beginTotp: async (sessionToken) => (sessionToken ? beginTotp(context, sha256(sessionToken)) : undefined),
    pendingTotp: async (sessionToken) =>
      sessionToken ? pendingTotpEnrolment(context, sha256(sessionToken)) : undefined,
    enableTotp: (sessionToken, code) => enableTotp(context, sessionToken, code),
    disableTotp: (sessionToken, id) => disableTotp(context, sessionToken, id),
    regenerateRecoveryCodes: () => regenerateRecoveryCodes(context),

    // The first sign-in (first-sign-in.ts).
    firstSignInStage: (stepToken) => firstSignInStage(context, stepToken),
    verifyFirstFactorCode: (stepToken, code) => verifyFirstFactorCode(context, stepToken, code),
    canMailFirstFactorCode: () => context.mailFirstFactorCode !== undefined,
    mailFirstFactorCode: (stepToken) => mailFirstFactorCode(context, stepToken),
    firstTotp: (stepToken) => firstTotp(context, stepToken),
    enrolFirstTotp: (stepToken, code) => enrolFirstTotp(context, stepToken, code),
    firstPasskeyOptions: (stepToken, origin) => firstPasskeyOptions(context, stepToken, origin),
    enrolFirstPasskey: (attempt) => enrolFirstPasskey(context, attempt),

    // «No fui yo» and its resolution (decision 0024).
    async reportNotMe(token) {
      const changeAt = await spendNotMeToken(context.rows, token, now());
      if (!changeAt) return false;
      await context.rows.freeze({ since: now().toISOString(), changeAt });
      return true;
    },
    async unfreeze(sessionToken) {
      const frozen = await context.rows.frozen();
      if (!frozen) return false;
      const removed = await context.rows.unfreeze(frozen.changeAt);
      await clearRecoveryCodesIfNoFactorLeft(context);
      const words = [
        ...removed.passkeys.map(factorWords.passkey),
        ...removed.apps.map((app) => factorWords.app(buenosAiresTime(new Date(app.enabled_at!)))),
      ];
      await announceChange(context, { kind: "unfrozen", removed: words }, sessionOf(sessionToken));
      return true;
    },
  };
}
