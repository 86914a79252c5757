import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";

import type { Ceremony, FactorAdded, PasskeySummary } from "#app/features/inbox/second-factor.ts";
import { sha256 } from "../owner-auth.ts";
import {
  announceChange,
  isTrusted,
  markConfirmed,
  trustedFromForNew,
  type FactorContext,
  type UsedFactor,
} from "./factor-context.ts";
import { storeChallenge, takeChallenge, type CeremonyPurpose } from "./passkey-challenges.ts";
import { clearRecoveryCodesIfNoFactorLeft, regenerateRecoveryCodes } from "./recovery-codes.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";

/**
 * Passkeys through @simplewebauthn/server: registering and removing one, and
 * the authentication ceremony that confirmation.ts and sign-in.ts use (options
 * for the browser, then the check of its answer). Every ceremony's challenge
 * is kept by passkey-challenges.ts; the relying party follows the origin
 * (relying-party.ts).
 */

/** One user handle for every passkey: there is one owner, whatever e-mail the account has. */
const ownerHandle = new TextEncoder().encode("bandeja-titular");

type Credential = { id: string; transports: AuthenticatorTransport[] };

/** Whether passkeys can work at this origin (an unknown host or plain HTTP beyond loopback cannot). */
export function passkeysAvailable(context: FactorContext, origin: string): boolean {
  return context.relyingPartyOf(origin) !== undefined;
}

export async function passkeySummaries(context: FactorContext): Promise<PasskeySummary[]> {
  const passkeys = await context.rows.passkeys();
  return passkeys.map((row) => ({
    id: row.credential_id,
    name: row.name,
    addedText: buenosAiresTime(new Date(row.created_at)),
    lastUsedText: row.last_used_at ? buenosAiresTime(new Date(row.last_used_at)) : null,
    waitsUntilText: isTrusted(row.trusted_from, context.now())
      ? null
      : buenosAiresTime(new Date(row.trusted_from!)),
  }));
}

/** The owner's passkeys, as a ceremony lists them to the browser. */
export async function credentials(context: FactorContext): Promise<Credential[]> {
  const rows = await context.rows.credentials();
  return rows.map((row) => ({
    id: row.credential_id,
    transports: JSON.parse(row.transports) as AuthenticatorTransport[],
  }));
}

// Registering and removing a passkey (the routes ask for the fresh confirmation first).

/** Options for registering a passkey, the challenge bound to a session's or a first sign-in's hash. */
export async function registrationOptions(
  context: FactorContext,
  boundTo: string | undefined,
  origin: string,
): Promise<Ceremony | undefined> {
  const rp = context.relyingPartyOf(origin);
  const owner = await context.auth.ownerEmail();
  if (!boundTo || !rp || !owner) return undefined;
  const existing = await credentials(context);
  const options = await generateRegistrationOptions({
    rpName: context.issuer,
    rpID: rp.id,
    userName: owner,
    userID: ownerHandle,
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { ceremonyToken: await storeChallenge(context, "register", options.challenge, boundTo), options };
}

export type PasskeyRegistration = {
  origin: string;
  ceremonyToken: string | undefined;
  response: unknown;
  /** What the owner calls it ("Teléfono"); control characters go, 60 characters at most. */
  name: string;
};

/** The name as kept: control characters go, 60 characters at most, a plain name when empty. */
export function passkeyName(typed: string): string {
  return (
    typed
      .replace(/\p{Cc}+/gu, " ")
      .trim()
      .slice(0, 60) || "Llave de acceso"
  );
}

/**
 * Stores a verified new passkey whose challenge was bound to `boundTo`
 * (a session, or a first sign-in), trusted from `trustedFrom`; the first
 * factor brings recovery codes. The name the passkey was stored with, or undefined.
 */
export async function storeNewPasskey(
  context: FactorContext,
  attempt: PasskeyRegistration,
  boundTo: string,
  trustedFrom: string | null,
): Promise<{ name: string; recoveryCodes?: string[] } | undefined> {
  const rp = context.relyingPartyOf(attempt.origin);
  if (!rp) return undefined;
  const challenge = await takeChallenge(context, attempt.ceremonyToken, "register", boundTo);
  if (!challenge) return undefined;
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
    return undefined;
  }
  if (!verification.verified) return undefined;
  const { credential } = verification.registrationInfo;
  const first = !(await context.rows.anyFactor());
  const name = passkeyName(attempt.name);
  await context.rows.addPasskey({
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    created_at: context.now().toISOString(),
    last_used_at: null,
    trusted_from: trustedFrom,
  });
  await announceChange(
    context,
    { kind: "passkey-added", name },
    first ? "first-sign-in" : { session: boundTo },
  );
  return { name, ...(first ? { recoveryCodes: await regenerateRecoveryCodes(context) } : {}) };
}

/** A passkey added in a signed-in session (after its confirmation); it counts as this session's confirmation. */
export async function registerPasskey(
  context: FactorContext,
  attempt: PasskeyRegistration & { sessionToken: string | undefined },
): Promise<FactorAdded> {
  if (!attempt.sessionToken) return { outcome: "rejected" };
  const trustedFrom = await trustedFromForNew(context, { sessionToken: attempt.sessionToken });
  const stored = await storeNewPasskey(context, attempt, sha256(attempt.sessionToken), trustedFrom);
  if (!stored) return { outcome: "rejected" };
  await markConfirmed(context, attempt.sessionToken, {
    kind: "passkey",
    trusted: isTrusted(trustedFrom, context.now()),
  });
  return {
    outcome: "added",
    ...(trustedFrom ? { trustedFrom } : {}),
    ...(stored.recoveryCodes ? { recoveryCodes: stored.recoveryCodes } : {}),
  };
}

export async function removePasskey(
  context: FactorContext,
  sessionToken: string | undefined,
  id: string,
): Promise<boolean> {
  // The last factor stays: without one, only a new first-factor code from the server gets the owner in.
  if ((await context.rows.factorCount()) <= 1) return false;
  const name = await context.rows.removePasskey(id);
  if (name === undefined) return false;
  await clearRecoveryCodesIfNoFactorLeft(context);
  await announceChange(
    context,
    { kind: "passkey-removed", name },
    { session: sessionToken ? sha256(sessionToken) : null },
  );
  return true;
}

// Proving a passkey: confirming a session, signing in, a sign-in's second step.

/** Options for the browser to sign a new challenge, kept for this purpose and bound to `boundTo`. */
export async function authenticationCeremony(
  context: FactorContext,
  origin: string,
  purpose: CeremonyPurpose,
  boundTo: string | null,
  allowCredentials: Credential[],
): Promise<Ceremony | undefined> {
  const rp = context.relyingPartyOf(origin);
  if (!rp) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials,
  });
  return { ceremonyToken: await storeChallenge(context, purpose, options.challenge, boundTo), options };
}

/**
 * Checks a passkey's answer to a challenge this server gave this very
 * session (or sign-in) for this purpose, once: the challenge is deleted
 * before the answer is looked at, so a replay finds none.
 */
export async function verifyAssertion(
  context: FactorContext,
  origin: string,
  ceremonyToken: string | undefined,
  purpose: CeremonyPurpose,
  boundTo: string | null,
  response: unknown,
): Promise<UsedFactor | undefined> {
  const rp = context.relyingPartyOf(origin);
  const challenge = await takeChallenge(context, ceremonyToken, purpose, boundTo);
  const answer = response as AuthenticationResponseJSON | undefined;
  if (!rp || !challenge || typeof answer?.id !== "string") return undefined;
  const passkey = await context.rows.passkey(answer.id);
  if (!passkey) return undefined;
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
    if (!verified) return undefined;
    await context.rows.usePasskey(
      passkey.credential_id,
      authenticationInfo.newCounter,
      context.now().toISOString(),
    );
    return { kind: "passkey", trusted: isTrusted(passkey.trusted_from, context.now()) };
  } catch {
    return undefined;
  }
}
