import { isIPv4, isIPv6, type BlockList } from "node:net";

/**
 * The visitor's address: the connection's peer, unless that peer is one of
 * the configured proxies. Then X-Forwarded-For is read from the right (each
 * proxy appends the address it saw), skipping trusted proxies; the first
 * address no proxy of ours vouches for is the client. Anything a visitor
 * writes into the header on their own ends up to the left of it, unused.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList,
): string {
  let address = normalise(peer ?? "");
  if (!isTrusted(address, trusted)) return address;
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

function isTrusted(address: string, trusted: BlockList): boolean {
  if (isIPv4(address)) return trusted.check(address, "ipv4");
  if (isIPv6(address)) return trusted.check(address, "ipv6");
  return false;
}
