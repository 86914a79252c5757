import { createContext, type RouterContextProvider } from "react-router";

import type { InboxService } from "./inbox-service.ts";

/**
 * What the server running the app hands to each inbox request
 * (server/app-handler.ts): the response's CSP nonce, who is asking, and the
 * inbox's data. Null while the public pages are prerendered at build time.
 */
export type Host = {
  /** Nonce of this response's Content-Security-Policy, for React Router's inline scripts. */
  nonce: string;
  /** The client's address (after trusted proxies), for login throttling. */
  clientAddress: string;
  inbox: InboxService;
};

export const hostContext = createContext<Host | null>(null);

export function requireHost(context: Readonly<RouterContextProvider>): Host {
  const host = context.get(hostContext);
  if (!host) throw new Error("The inbox runs only on the server (npm start), never prerendered.");
  return host;
}
