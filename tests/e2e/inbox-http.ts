import { ownerEmail, ownerPassword, type InboxServer } from "./inbox-server.ts";
import { rawRequest, type RawResponse } from "./raw-http.ts";

/** The inbox over raw HTTP, the way a stranger calls it: nothing a browser adds or undoes. */
export type Call = {
  method?: string;
  form?: Record<string, string | string[]>;
  cookie?: string;
  /** Origin header; null sends none. Defaults to the inbox's own origin on POST. */
  origin?: string | null;
  fetchSite?: string;
  from?: string;
};

export function call(inbox: InboxServer, path: string, options: Call = {}): Promise<RawResponse> {
  const method = options.method ?? (options.form ? "POST" : "GET");
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? (method === "GET" ? null : inbox.url) : options.origin;
  if (origin !== null) headers.Origin = origin;
  if (options.fetchSite) headers["Sec-Fetch-Site"] = options.fetchSite;
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form))
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    body = params.toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return rawRequest(`${inbox.url}${path}`, { method, headers, body, localAddress: options.from });
}

/**
 * Signs in over HTTP: the password, then the second step with the owner's
 * authenticator code (decision 0024). Returns the cookies to send back and
 * the raw Set-Cookie lines of the answer that opened the session (or of the
 * login's refusal). The sign-in's own confirmation is then let lapse, as
 * tests/e2e/inbox-fixtures.ts does, so actions still ask for a fresh one.
 */
export async function signIn(
  inbox: InboxServer,
  options: { from?: string; cookie?: string; password?: string } = {},
) {
  const login = await call(inbox, "/bandeja/ingresar", {
    form: { email: ownerEmail, password: options.password ?? ownerPassword },
    from: options.from,
    cookie: options.cookie,
  });
  let response = login;
  if ((login.header("location") ?? "").startsWith("/bandeja/ingresar/verificar")) {
    const step = cookiesOf(login.headers.get("set-cookie") ?? [])["__Host-bandeja-paso"];
    response = await call(inbox, "/bandeja/ingresar/verificar", {
      form: { intent: "codigo", codigo: inbox.ownerCode(), volver: "/bandeja" },
      from: options.from,
      cookie: [options.cookie, `__Host-bandeja-paso=${step}`].filter(Boolean).join("; "),
    });
    inbox.advance(11 * 60_000);
  }
  // The step's own cookie, cleared on the way, is not the session's.
  const setCookies = (response.headers.get("set-cookie") ?? []).filter(
    (line) => !line.startsWith("__Host-bandeja-paso="),
  );
  const cookies = cookiesOf(setCookies);
  return {
    response,
    setCookies,
    session: cookies["__Host-bandeja-sesion"],
    device: cookies["__Host-bandeja-dispositivo"],
  };
}

export function cookiesOf(setCookies: string[]): Record<string, string> {
  return Object.fromEntries(
    setCookies
      .map((line) => line.split(";")[0]!.split("=") as [string, string])
      .map(([name, value]) => [name, value]),
  );
}

export const sessionCookie = (token: string | undefined) => `__Host-bandeja-sesion=${token}`;
export const isLogin = (response: RawResponse) =>
  [301, 302, 303].includes(response.status) &&
  (response.header("location") ?? "").startsWith("/bandeja/ingresar");
