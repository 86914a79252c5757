/**
 * Every address of the owner's inbox, one list: the routes (app/routes.ts), the
 * pages' links and redirects, the server's routing (server/app-handler.ts),
 * nginx's rule (server/nginx-config.ts), robots.txt and the e-mails' links all
 * derive from it.
 */
export const inboxRoot = "/bandeja";

export const inboxPaths = {
  list: inboxRoot,
  login: `${inboxRoot}/ingresar`,
  /** A password sign-in's second step, when the owner has a second factor. */
  secondStep: `${inboxRoot}/ingresar/verificar`,
  /** The first sign-in: the single-use code, then the first factor (decision 0024). */
  firstSignIn: `${inboxRoot}/ingresar/primer-ingreso`,
  /** The «no fui yo» of a factor-change e-mail (its secret in `?clave=`). */
  notMe: `${inboxRoot}/no-fui-yo`,
  /** A passkey ceremony's options (sign-in, confirmation, registration). */
  passkeyOptions: `${inboxRoot}/llave`,
  logout: `${inboxRoot}/salir`,
  /** The list's live-update poll. */
  updates: `${inboxRoot}/novedades`,
  dataSubject: `${inboxRoot}/titular`,
  results: `${inboxRoot}/resultados`,
  security: `${inboxRoot}/seguridad`,
  confirm: `${inboxRoot}/confirmar`,
  site: `${inboxRoot}/sitio`,
  sitePreview: `${inboxRoot}/sitio/vista-previa`,
  /** The towers of the catalogue, as the owner edits them. */
  siteTowers: `${inboxRoot}/sitio/torres`,
  /** One tower's facts (the route's pattern; siteTower(slug) is its address). */
  siteTowerPattern: `${inboxRoot}/sitio/torres/:slug`,
  siteTower: (slug: string) => `${inboxRoot}/sitio/torres/${encodeURIComponent(slug)}`,
  /** The catalogue's photos: one upload form per tower and property type. */
  sitePhotos: `${inboxRoot}/sitio/fotos`,
  /** An uploaded photo's master, by hash (the inbox's thumbnails of drafts and published photos). */
  sitePhotoFile: `${inboxRoot}/sitio/fotos/archivo`,
  export: `${inboxRoot}/exportar.csv`,
  /** The owner's availability for visits, and her calendar's private feed (decision 0039). */
  agenda: `${inboxRoot}/agenda`,
} as const;

/** One lead's page. */
export const leadPath = (id: string) => `${inboxRoot}/consulta/${id}`;
export const leadPathPattern = `${inboxRoot}/consulta/`;
/** «Proponer visita» for one lead. */
export const leadVisitPath = (id: string) => `${inboxRoot}/consulta/${id}/visita`;

/** An inbox address as a route segment under the inbox's prefix ("ingresar/verificar"). */
export const routeSegment = (path: string) => path.slice(inboxRoot.length + 1);

/** Whether a path is the inbox's: the root, anything under it, or the root's data request. */
export const isInboxPath = (pathname: string) =>
  pathname === inboxRoot || pathname.startsWith(`${inboxRoot}/`) || pathname === `${inboxRoot}.data`;

export const loginPath = inboxPaths.login;

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
