import { createContext } from "react";

/**
 * The Content-Security-Policy nonce of a server-rendered response (the inbox),
 * provided by entry.server and read by the root layout for React Router's
 * inline scripts. Undefined for prerendered pages and in the browser.
 */
export const CspNonce = createContext<string | undefined>(undefined);
