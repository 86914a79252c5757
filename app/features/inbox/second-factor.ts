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
};

export type FactorOverview = {
  passkeys: PasskeySummary[];
  totpEnabled: boolean;
  recoveryCodesLeft: number;
};

/** What the current session has confirmed within the freshness window. */
export type Freshness = { factor: boolean; password: boolean };

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

/** A factor added: the recovery codes when it was the first (shown once, never stored in clear). */
export type FactorAdded = { outcome: "added"; recoveryCodes?: string[] } | { outcome: "rejected" };

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
  removePasskey(id: string): Promise<boolean>;

  /** Draws a new authenticator secret, pending until a correct code enables it. */
  beginTotp(): Promise<TotpEnrolment>;
  /** The pending secret, to show again after a wrong code; undefined when none is pending. */
  pendingTotp(): Promise<TotpEnrolment | undefined>;
  enableTotp(
    sessionToken: string | undefined,
    code: string,
  ): Promise<FactorAdded | { outcome: "throttled"; retryAfterSeconds: number }>;
  disableTotp(): Promise<boolean>;

  /** Ten new recovery codes; every earlier one stops working. */
  regenerateRecoveryCodes(): Promise<string[]>;
};
