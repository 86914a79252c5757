import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isIPv4, isIPv6, type BlockList } from "node:net";

/** What decides whose forwarded headers are believed: the service's configuration. */
export type ProxyTrust = {
  /** Proxies on other machines, by address (LEADS_TRUSTED_PROXIES). */
  trustedProxies: BlockList;
  /** What our own nginx sends in `proxySecretHeader` (LEADS_PROXY_SECRET). */
  proxySecret?: string;
};

/** The header in which nginx proves it is our nginx (decision 0040). */
export const proxySecretHeader = "x-proxy-secret";

/**
 * Whether the connection is our own proxy's, whose X-Forwarded-For and
 * X-Forwarded-Proto are believed: a request carrying the proxy secret, which
 * only nginx's configuration and the service's environment file hold (both
 * readable by root alone), or a peer on another machine listed in
 * LEADS_TRUSTED_PROXIES. A loopback peer is never trusted by its address: any
 * process on the server connects from there, and would choose its own
 * rate-limit key.
 */
export function isOwnProxy(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trust: ProxyTrust,
): boolean {
  if (trust.proxySecret !== undefined && holdsSecret(headers[proxySecretHeader], trust.proxySecret))
    return true;
  const address = normalise(peer ?? "");
  // A server installed before the secret existed (its nginx sends none) keeps believing a listed
  // loopback until install.sh runs again: without it every visitor would share nginx's address and
  // one rate-limit bucket, and leads would be refused. Once the secret is set, loopback is no proxy.
  if (isLoopback(address)) return trust.proxySecret === undefined && isTrusted(address, trust.trustedProxies);
  return isTrusted(address, trust.trustedProxies);
}

/** Whether a header carries `secret`, compared in constant time. */
export function holdsSecret(sent: string | string[] | undefined, secret: string): boolean {
  if (typeof sent !== "string") return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}

/** The visitor's address of a request, after our own proxy (see `isOwnProxy`). */
export function requestClientAddress(
  request: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders },
  trust: ProxyTrust,
): string {
  const peer = request.socket.remoteAddress;
  return clientAddress(
    peer,
    request.headers["x-forwarded-for"],
    trust.trustedProxies,
    isOwnProxy(peer, request.headers, trust),
  );
}

/**
 * The visitor's address: the connection's peer, unless that peer is our own
 * proxy (`peerIsProxy`). Then X-Forwarded-For is read from the right (each
 * proxy appends the address it saw), skipping trusted proxies; the first
 * address no proxy of ours vouches for is the client. Anything a visitor
 * writes into the header on their own ends up to the left of it, unused.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList,
  peerIsProxy: boolean,
): string {
  let address = normalise(peer ?? "");
  if (!peerIsProxy) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (!isIPv4(hop) && !isIPv6(hop)) return address; // a garbled header: stop at the last good hop
    address = hop;
    if (!isTrusted(hop, trusted)) return hop;
  }
  return address;
}

/**
 * The key the rate limit counts by: the address, except that IPv6 clients are
 * grouped by their /64 (one household or server gets a whole /64 to rotate through).
 */
export function rateLimitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** "::ffff:127.0.0.1" (IPv4 on a dual-stack socket) is 127.0.0.1. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

/** 127.0.0.0/8 and ::1: this machine, whichever process. */
function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === "::1";
}

function isTrusted(address: string, trusted: BlockList): boolean {
  if (isIPv4(address)) return trusted.check(address, "ipv4");
  if (isIPv6(address)) return trusted.check(address, "ipv6");
  return false;
}
