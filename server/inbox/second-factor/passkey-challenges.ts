import { randomToken, sha256 } from "../owner-auth.ts";
import { ceremonyLifetimeMs, type FactorContext } from "./factor-context.ts";

/**
 * The challenges of WebAuthn ceremonies, kept in the database: each one is
 * for one purpose, bound to one session or sign-in step (or to none, for a
 * passkey sign-in), answered within the ceremony's lifetime, and taken once.
 * The browser holds only a random token for it, in a cookie.
 */
export type CeremonyPurpose = "register" | "confirm" | "sign-in" | "second-step";

/** Stores a challenge; returns the token the browser keeps for it. */
export async function storeChallenge(
  context: FactorContext,
  purpose: CeremonyPurpose,
  challenge: string,
  boundTo: string | null,
): Promise<string> {
  const token = randomToken();
  await context.rows.addChallenge({
    token_hash: sha256(token),
    purpose,
    challenge,
    session_hash: boundTo,
    created_at: context.now().toISOString(),
  });
  return token;
}

/** Deletes the token's challenge and returns it when it is for this purpose, this binding and still in time. */
export async function takeChallenge(
  context: FactorContext,
  ceremonyToken: string | undefined,
  purpose: CeremonyPurpose,
  boundTo: string | null,
): Promise<string | undefined> {
  if (!ceremonyToken) return undefined;
  const row = await context.rows.takeChallenge(sha256(ceremonyToken));
  if (!row || row.purpose !== purpose || row.session_hash !== boundTo) return undefined;
  if (context.now().getTime() - Date.parse(row.created_at) >= ceremonyLifetimeMs) return undefined;
  return row.challenge;
}
