/**
 * What the inbox needs from the server for the owner's second factor
 * (passkeys, authenticator codes, recovery codes) and the fresh
 * confirmation before the actions that matter most. The server implements it
 * (server/inbox/second-factor/); WebAuthn's options and responses pass
 * through as JSON the browser library reads and writes.
 *
 * `origin` is the page's origin as the browser sent it (a state-changing
 * request's verified Origin): the relying party follows the host the inbox
 * was reached at, when the service answers for it.
 */

export type PasskeySummary = {
  id: string;
  name: string;
  /** "14/05/2026, 12:00", Buenos Aires time. */
  addedText: string;
  lastUsedText: string | null;
  /** Until when a new passkey waits before it confirms publications and factor changes (decision 0024). */
  waitsUntilText: string | null;
};

/** An enabled authenticator app: several may be, side by side (decision 0035). */
export type AppSummary = {
  id: number;
  /** When it was added ("14/05/2026, 12:00", Buenos Aires time): apps have no name. */
  addedText: string;
  /** As a passkey's `waitsUntilText`. */
  waitsUntilText: string | null;
};

/** A factor added or removed, as the inbox shows it to the owner's other sessions (decision 0035). */
export type FactorChangeNotice = { id: string; whenText: string; what: string };

export type FactorOverview = {
  passkeys: PasskeySummary[];
  apps: AppSummary[];
  recoveryCodesLeft: number;
  /** A «no fui yo» froze publishing and factor changes: since when (Buenos Aires time). */
  frozenSinceText: string | null;
};

/**
 * What the current session has confirmed within the freshness window: any
 * factor, a trusted one (past its waiting period, not a recovery code), the
 * password typed again; and whether a «no fui yo» froze publishing.
 */
export type Freshness = { factor: boolean; trustedFactor: boolean; password: boolean; frozen: boolean };

/** A WebAuthn ceremony begun: its options for the browser, and the key the cookie keeps. */
export type Ceremony = { ceremonyToken: string; options: unknown };

export type CodeCheck =
  | { outcome: "accepted"; kind: "totp" | "recovery" | "password" }
  | { outcome: "rejected" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/** A sign-in finished by a second factor, or by a passkey alone. */
export type FactorSignIn =
  | { outcome: "signed-in"; sessionToken: string; newDeviceToken?: string }
  | { outcome: "rejected" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/**
 * A factor added: the recovery codes when it was the first (shown once, never
 * stored in clear), and when it becomes trusted if it must wait (ISO time).
 */
export type FactorAdded =
  { outcome: "added"; recoveryCodes?: string[]; trustedFrom?: string } | { outcome: "rejected" };

/** A step of the first sign-in (decision 0024). */
export type FirstSignIn =
  | { outcome: "verified" }
  | { outcome: "signed-in"; sessionToken: string; newDeviceToken?: string; recoveryCodes: string[] }
  | { outcome: "rejected" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

export type SecondFactorService = {
  hasAny(): Promise<boolean>;
  overview(): Promise<FactorOverview>;
  freshness(sessionToken: string | undefined): Promise<Freshness>;
  /** Whether passkeys can work at this origin (an unknown host or plain HTTP beyond loopback cannot). */
  passkeysAvailable(origin: string): boolean;

  /** Typing the password again, for adding a factor or, without any factor, for exports and deletions. */
  confirmPassword(sessionToken: string | undefined, password: string): Promise<CodeCheck>;
  /** An authenticator code or a recovery code as this session's fresh confirmation. */
  confirmWithCode(sessionToken: string | undefined, code: string): Promise<CodeCheck>;
  confirmPasskeyOptions(sessionToken: string | undefined, origin: string): Promise<Ceremony | undefined>;
  confirmWithPasskey(
    sessionToken: string | undefined,
    origin: string,
    ceremonyToken: string | undefined,
    response: unknown,
  ): Promise<boolean>;

  /** Passkey sign-in with no e-mail typed: the same options whether or not a passkey exists. */
  signInOptions(origin: string): Promise<Ceremony | undefined>;
  signInWithPasskey(attempt: {
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
    deviceToken: string | undefined;
  }): Promise<FactorSignIn>;

  /** The second step of a password sign-in (stepToken from the login), by passkey or code. */
  secondStepValid(stepToken: string | undefined): Promise<boolean>;
  secondStepPasskeyOptions(stepToken: string | undefined, origin: string): Promise<Ceremony | undefined>;
  finishWithPasskey(attempt: {
    stepToken: string | undefined;
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
  }): Promise<FactorSignIn>;
  finishWithCode(stepToken: string | undefined, code: string): Promise<FactorSignIn>;

  registrationOptions(sessionToken: string | undefined, origin: string): Promise<Ceremony | undefined>;
  registerPasskey(attempt: {
    sessionToken: string | undefined;
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
    name: string;
  }): Promise<FactorAdded>;
  removePasskey(sessionToken: string | undefined, id: string): Promise<boolean>;

  /**
   * Draws a new authenticator secret for this session, pending until a correct code enables it
   * beside the apps already there; undefined without a session.
   */
  beginTotp(sessionToken: string | undefined): Promise<TotpEnrolment | undefined>;
  /** This session's pending secret, to show again after a wrong code; no other session's. */
  pendingTotp(sessionToken: string | undefined): Promise<TotpEnrolment | undefined>;
  enableTotp(
    sessionToken: string | undefined,
    code: string,
  ): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }>;
  /** Removes one enabled app; false when there is none with that id or it is the last factor. */
  disableTotp(sessionToken: string | undefined, id: number): Promise<boolean>;

  /** The factor changes of the last week made by any other session, newest first (decision 0035). */
  factorChanges(sessionToken: string | undefined): Promise<FactorChangeNotice[]>;
  /** «No fui yo» pressed in the inbox on one of those changes: as the e-mail's link does. */
  reportNotMeInInbox(changeId: string): Promise<boolean>;

  /** Ten new recovery codes; every earlier one stops working. */
  regenerateRecoveryCodes(): Promise<string[]>;

  /** The first sign-in (no factor yet): where it stands, its single-use code, then the first factor. */
  firstSignInStage(stepToken: string | undefined): Promise<"code" | "verified" | undefined>;
  verifyFirstFactorCode(stepToken: string | undefined, code: string): Promise<FirstSignIn>;
  /** Whether a code can be e-mailed to the address on file (e-mail configured). */
  canMailFirstFactorCode(): boolean;
  mailFirstFactorCode(stepToken: string | undefined): Promise<"sent" | "wait" | "unavailable">;
  firstTotp(stepToken: string | undefined): Promise<TotpEnrolment | undefined>;
  enrolFirstTotp(stepToken: string | undefined, code: string): Promise<FirstSignIn>;
  firstPasskeyOptions(stepToken: string | undefined, origin: string): Promise<Ceremony | undefined>;
  enrolFirstPasskey(attempt: {
    stepToken: string | undefined;
    origin: string;
    ceremonyToken: string | undefined;
    response: unknown;
    name: string;
  }): Promise<FirstSignIn>;

  /** «No fui yo» from a factor-change e-mail: freezes publishing and factor changes; false for a spent or unknown link. */
  reportNotMe(token: string): Promise<boolean>;
  /**
   * Ends a freeze (the route asks for the password and a trusted factor first):
   * every factor added since the reported change is removed with it.
   */
  unfreeze(sessionToken: string | undefined): Promise<boolean>;
};
