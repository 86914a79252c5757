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

/** Signs in over HTTP; returns the cookies to send back and the raw Set-Cookie lines. */
export async function signIn(
  inbox: InboxServer,
  options: { from?: string; cookie?: string; password?: string } = {},
) {
  const response = await call(inbox, "/bandeja/ingresar", {
    form: { email: ownerEmail, password: options.password ?? ownerPassword },
    from: options.from,
    cookie: options.cookie,
  });
  const setCookies = response.headers.get("set-cookie") ?? [];
  const cookies = Object.fromEntries(
    setCookies
      .map((line) => line.split(";")[0]!.split("=") as [string, string])
      .map(([name, value]) => [name, value]),
  );
  return {
    response,
    setCookies,
    session: cookies["__Host-bandeja-sesion"],
    device: cookies["__Host-bandeja-dispositivo"],
  };
}

export const sessionCookie = (token: string | undefined) => `__Host-bandeja-sesion=${token}`;
export const isLogin = (response: RawResponse) =>
  [301, 302, 303].includes(response.status) &&
  (response.header("location") ?? "").startsWith("/bandeja/ingresar");
