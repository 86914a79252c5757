import { redirect, type RouterContextProvider } from "react-router";

import { requireHost } from "./host.ts";
import { inboxPaths, inboxRoot, safeReturnPath } from "./paths.ts";
import { pageAddress, readCookie, sessionCookie } from "./session.server.ts";

/**
 * The fresh confirmation before the actions that matter most (decisions 0018
 * and 0024): a passkey, an authenticator code or a recovery code within the
 * last ten minutes of this session, a trusted factor for what visitors see and
 * for the factors themselves. Without it, the owner is sent to the confirmation
 * step and comes back to where they were.
 */

/**
 * What an action needs, as the confirmation step's `para` (decisions 0018 and 0024):
 * - `sitio`: a trusted factor (past its waiting period; not a recovery code): a publication, its
 *   undo. Refused while a «no fui yo» froze publishing.
 * - `datos`: any factor, a recovery code included (the CSV of every lead, deleting a person's data).
 * - `factores`: the password typed again and any factor (adding a factor: one added without a
 *   trusted factor waits before it counts as trusted). Refused while frozen.
 * - `seguridad`: the password typed again and a trusted factor (removing a factor, new recovery
 *   codes). Refused while frozen.
 * - `descongelar`: the password typed again and a trusted factor, to end a freeze.
 */
export type ConfirmationNeed = "sitio" | "datos" | "factores" | "seguridad" | "descongelar";
export const confirmationNeeds: readonly ConfirmationNeed[] = [
  "sitio",
  "datos",
  "factores",
  "seguridad",
  "descongelar",
];

const needsTrusted: readonly ConfirmationNeed[] = ["sitio", "seguridad", "descongelar"];
const needsPasswordToo: readonly ConfirmationNeed[] = ["factores", "seguridad", "descongelar"];
const refusedWhileFrozen: readonly ConfirmationNeed[] = ["sitio", "factores", "seguridad"];

export type ConfirmationState = {
  hasFactor: boolean;
  needsPassword: boolean;
  needsFactor: boolean;
  /** The factor must be a trusted one: a recovery code or a factor still waiting does not do. */
  needsTrustedFactor: boolean;
  /** A «no fui yo» froze publishing and factor changes: nothing confirms this until it is resolved. */
  frozen: boolean;
  /** No factor at all: nothing to confirm with (a session of an older version). */
  needsFirstFactor: boolean;
};

export async function confirmationState(
  request: Request,
  context: Readonly<RouterContextProvider>,
  need: ConfirmationNeed,
): Promise<ConfirmationState> {
  const { secondFactor } = requireHost(context).inbox;
  const hasFactor = await secondFactor.hasAny();
  const fresh = await secondFactor.freshness(readCookie(request, sessionCookie));
  const trusted = needsTrusted.includes(need);
  return {
    hasFactor,
    needsPassword: needsPasswordToo.includes(need) && !fresh.password,
    needsFactor: hasFactor && !(trusted ? fresh.trustedFactor : fresh.factor),
    needsTrustedFactor: trusted,
    frozen: fresh.frozen && refusedWhileFrozen.includes(need),
    needsFirstFactor: !hasFactor,
  };
}

export function isConfirmed(state: ConfirmationState): boolean {
  return !state.needsPassword && !state.needsFactor && !state.frozen && !state.needsFirstFactor;
}

/** The confirmation step's address for a need, coming back to `returnTo`. */
export function confirmationAddress(need: ConfirmationNeed, returnTo: string): string {
  return `${inboxPaths.confirm}?${new URLSearchParams({ para: need, volver: safeReturnPath(returnTo) })}`;
}

/**
 * Where the owner was: the page itself for a GET, the page that posted for
 * anything else (its Referer, when it is an inbox page of this origin).
 */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD") return safeReturnPath(pageAddress(url));
  const referer = URL.parse(request.headers.get("Referer") ?? "");
  if (!referer || referer.origin !== url.origin) return inboxRoot;
  return safeReturnPath(referer.pathname + referer.search);
}

/** Resolves when the need is met; otherwise throws the redirect to the confirmation step. */
export async function requireConfirmation(
  request: Request,
  context: Readonly<RouterContextProvider>,
  need: ConfirmationNeed,
  /** Where the step comes back to; by default the page the owner was on. */
  returnTo = returnPathOf(request),
): Promise<void> {
  if (isConfirmed(await confirmationState(request, context, need))) return;
  throw redirect(confirmationAddress(need, returnTo));
}

/**
 * Resolves when the owner confirmed with a trusted passkey or authenticator
 * code within the freshness window and nothing is frozen; otherwise throws a
 * redirect to the confirmation step, with the way back (decision 0024).
 */
export async function requireFreshConfirmation(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** Where the step comes back to (a publication goes on by itself from there); by default the page. */
  returnTo?: string,
): Promise<void> {
  return requireConfirmation(request, context, "sitio", returnTo);
}

/**
 * A CSV link: the download itself once confirmed; until then the confirmation
 * step, which comes back to this page (a download link cannot show a page).
 */
export async function exportAddress(
  request: Request,
  context: Readonly<RouterContextProvider>,
  csv: string,
): Promise<{ href: string; download: boolean }> {
  if (isConfirmed(await confirmationState(request, context, "datos"))) return { href: csv, download: true };
  return { href: confirmationAddress("datos", returnPathOf(request)), download: false };
}

export async function ownerHasSecondFactor(context: Readonly<RouterContextProvider>): Promise<boolean> {
  return requireHost(context).inbox.secondFactor.hasAny();
}
