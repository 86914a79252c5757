import { createContext, redirect, type MiddlewareFunction } from "react-router";

import { requireHost } from "./host.ts";
import { inboxPaths, inboxRoot, safeReturnPath } from "./paths.ts";

/**
 * The owner's session cookie and the guard of every inbox page.
 *
 * `__Host-` names: the browser keeps them only when set with Secure, Path=/
 * and no Domain, from a secure context, so no other subdomain or plain-HTTP
 * page can plant or overwrite them. Chromium and Firefox treat http://localhost
 * and 127.0.0.0/8 as secure, so the same cookie works on `npm start`; on plain
 * HTTP from another machine the browser drops it, and the login page says why
 * (docs/decisions/0012-inbox-rendering.md).
 */
export const sessionCookie = "__Host-bandeja-sesion";
/** Marks a browser the owner has signed in from: spared the per-account login delay. */
export const deviceCookie = "__Host-bandeja-dispositivo";

export { safeReturnPath };
/** Added to the address the login redirects to: arriving without the cookie means the browser refused it. */
export const justSignedIn = "ingreso";

const sessionMaxAge = 12 * 60 * 60;
const deviceMaxAge = 400 * 24 * 60 * 60;

function cookie(name: string, value: string, maxAge: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

export const setSession = (token: string) => cookie(sessionCookie, token, sessionMaxAge);
export const clearSession = () => cookie(sessionCookie, "", 0);
export const setDevice = (token: string) => cookie(deviceCookie, token, deviceMaxAge);

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

export function loginRedirect(
  reason: string | undefined,
  returnTo: string | undefined,
  headers?: HeadersInit,
) {
  const query = new URLSearchParams();
  if (reason) query.set("motivo", reason);
  if (returnTo && returnTo !== inboxRoot) query.set("volver", returnTo);
  const search = query.toString();
  return redirect(search ? `${inboxPaths.login}?${search}` : inboxPaths.login, { headers });
}

/** The page a request is for, as the owner would type it (no data-request suffix or parameters). */
export function pageAddress(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  query.delete(justSignedIn);
  const search = query.toString();
  return url.pathname.replace(/\.data$/, "") + (search ? `?${search}` : "");
}

export type Owner = { email: string };
export const ownerContext = createContext<Owner>();

/**
 * Every inbox page, action and export: a valid session or a redirect to the
 * login. A page or an action counts as the owner's activity (idle timeout).
 */
export const requireOwner: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { inbox } = requireHost(context);
  const token = readCookie(request, sessionCookie);
  const check = await inbox.checkSession(token, { touch: true });
  if (check.state !== "valid") {
    const url = new URL(request.url);
    const cookieRefused = !token && url.searchParams.has(justSignedIn);
    const reason = cookieRefused ? "sin-cookie" : check.state === "expired" ? "vencida" : undefined;
    const returnTo = request.method === "GET" ? pageAddress(url) : undefined;
    throw loginRedirect(
      reason,
      returnTo && safeReturnPath(returnTo),
      token ? { "Set-Cookie": clearSession() } : undefined,
    );
  }
  context.set(ownerContext, { email: check.email });
  return next();
};

/** A sign-in waiting for its second factor (5 minutes), and a WebAuthn ceremony's challenge key (5 minutes). */
export const secondStepCookie = "__Host-bandeja-paso";
export const ceremonyCookie = "__Host-bandeja-desafio";
const stepMaxAge = 5 * 60;

export const setSecondStep = (token: string) => cookie(secondStepCookie, token, stepMaxAge);
/** A first sign-in keeps its step longer: time to find the code and set up the phone (decision 0024). */
export const setFirstSignIn = (token: string) => cookie(secondStepCookie, token, 15 * 60);
export const clearSecondStep = () => cookie(secondStepCookie, "", 0);
export const setCeremony = (token: string) => cookie(ceremonyCookie, token, stepMaxAge);
export const clearCeremony = () => cookie(ceremonyCookie, "", 0);

/** The cookies of a signed-in session just opened (by password, second step or passkey); a finished step's go. */
export function signedInHeaders(
  request: Request,
  result: { sessionToken: string; newDeviceToken?: string },
): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", setSession(result.sessionToken));
  if (result.newDeviceToken) headers.append("Set-Cookie", setDevice(result.newDeviceToken));
  if (readCookie(request, secondStepCookie)) headers.append("Set-Cookie", clearSecondStep());
  if (readCookie(request, ceremonyCookie)) headers.append("Set-Cookie", clearCeremony());
  return headers;
}

/** Where a sign-in lands: the safe return path, marked so a refused cookie is noticed. */
export function afterSignIn(returnTo: unknown): string {
  const target = new URL(safeReturnPath(returnTo), "http://inbox");
  target.searchParams.set(justSignedIn, "1");
  return target.pathname + target.search;
}
