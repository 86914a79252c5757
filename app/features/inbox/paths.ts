/** The inbox's own addresses that code outside its routes needs. */
export const loginPath = "/bandeja/ingresar";
/** A password sign-in's second step, when the owner has a second factor. */
export const secondStepPath = "/bandeja/ingresar/verificar";
export const securityPath = "/bandeja/seguridad";

const inboxRoot = "/bandeja";
// Any origin will do: the address is resolved against it only to compare what comes back.
const probeOrigin = "http://inbox.invalid";

/**
 * Where to go back to after signing in: an inbox address only, never another
 * site. The check is made on the address as the browser would resolve it
 * (dot segments, percent-encoded dots, backslashes, tabs and line breaks all
 * resolved or removed), so `/bandeja/../..//evil.example` cannot pass as an
 * inbox path and come out as `//evil.example`.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith(inboxRoot)) return inboxRoot;
  let resolved: URL;
  try {
    resolved = new URL(value, probeOrigin);
  } catch {
    return inboxRoot;
  }
  const { origin, pathname, search } = resolved;
  const underInbox = pathname === inboxRoot || pathname.startsWith(`${inboxRoot}/`);
  if (origin !== probeOrigin || !underInbox || pathname.startsWith("//")) return inboxRoot;
  return pathname + search;
}
