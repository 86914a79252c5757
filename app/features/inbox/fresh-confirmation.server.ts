import { redirect, type RouterContextProvider } from "react-router";

import { requireHost } from "./host.ts";
import { inboxPaths, inboxRoot, safeReturnPath } from "./paths.ts";
import { pageAddress, readCookie, sessionCookie } from "./session.server.ts";

/**
 * The fresh confirmation before the actions that matter most (decision 0018):
 * a passkey, an authenticator code or a recovery code within the last ten
 * minutes of this session. Without it, the owner is sent to the confirmation
 * step and comes back to where they were.
 */

/**
 * What an action needs, as the confirmation step's `para`:
 * - `sitio`: a factor, always (a change to the public site, its undo). Without any factor the step
 *   says to add one first.
 * - `datos`: a factor; an owner without any factor types the password again instead (the CSV of
 *   every lead, deleting a person's data): a password alone reads and manages leads (decision 24).
 * - `factores`: the password typed again, and a factor too once one exists (adding or removing a
 *   factor, new recovery codes).
 */
export type ConfirmationNeed = "sitio" | "datos" | "factores";
export const confirmationNeeds: readonly ConfirmationNeed[] = ["sitio", "datos", "factores"];

export type ConfirmationState = {
  hasFactor: boolean;
  needsPassword: boolean;
  needsFactor: boolean;
  /** `sitio` without any factor: nothing to confirm with until one is added. */
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
  const needsPassword = (need === "factores" || (need === "datos" && !hasFactor)) && !fresh.password;
  const needsFactor = hasFactor && !fresh.factor;
  return { hasFactor, needsPassword, needsFactor, needsFirstFactor: need === "sitio" && !hasFactor };
}

export function isConfirmed(state: ConfirmationState): boolean {
  return !state.needsPassword && !state.needsFactor && !state.needsFirstFactor;
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
 * Resolves when the owner confirmed with a passkey or an authenticator code
 * (or a recovery code) within the freshness window; otherwise throws a
 * redirect to the confirmation step, with the way back. An owner without any
 * factor is told there to add one first.
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
