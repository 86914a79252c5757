/**
 * The WebAuthn relying party of a ceremony: the host the inbox was reached
 * at, but only a host this service answers for (the site's address, the lead
 * service's own address, or `localhost` on the server's own machine). A
 * passkey is bound to that host by the browser and the authenticator; the
 * server checks the origin and the host's hash in every response.
 *
 * Chromium refuses WebAuthn on an IP address ("This is an invalid domain",
 * measured on 127.0.0.1): on the server's own machine the inbox is opened at
 * http://localhost:PORT for passkeys (decision 0018).
 */
export type RelyingParty = { id: string; origin: string };

export type RelyingPartyOf = (origin: string) => RelyingParty | undefined;

export function relyingParties(configuredUrls: readonly string[]): RelyingPartyOf {
  const hosts = new Set(["localhost"]);
  for (const url of configuredUrls) {
    const parsed = URL.parse(url);
    if (parsed?.protocol === "https:") hosts.add(parsed.hostname);
  }
  return (origin) => {
    const parsed = URL.parse(origin);
    if (!parsed || parsed.origin !== origin || !hosts.has(parsed.hostname)) return undefined;
    // Plain HTTP is a secure context only on the machine itself.
    if (parsed.protocol !== "https:" && parsed.hostname !== "localhost") return undefined;
    return { id: parsed.hostname, origin: parsed.origin };
  };
}
