import { createContext, type RouterContextProvider } from "react-router";

/**
 * What the server running the app hands to each request of the inbox
 * (server/app-handler.ts): the response's CSP nonce and who is asking.
 * Null while prerendering the public pages at build time.
 */
export type Host = {
  /** Nonce of this response's Content-Security-Policy, for React Router's inline scripts. */
  nonce: string;
  /** The client's address (after trusted proxies), for login throttling. */
  clientAddress: string;
  /** The request arrived over HTTPS, or from this machine: a Secure cookie will be kept. */
  secureTransport: boolean;
};

export const hostContext = createContext<Host | null>(null);

export function requireHost(context: Readonly<RouterContextProvider>): Host {
  const host = context.get(hostContext);
  if (!host) throw new Error("The inbox runs only on the server (npm start), never prerendered.");
  return host;
}
