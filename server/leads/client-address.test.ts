import { BlockList } from "node:net";

import { describe, expect, test } from "vitest";

import { clientAddress, isOwnProxy, rateLimitKey, requestClientAddress } from "./client-address.ts";

const proxies = new BlockList();
proxies.addAddress("127.0.0.1", "ipv4");
proxies.addSubnet("10.0.0.0", 8, "ipv4");
const none = new BlockList();
const secret = "a".repeat(20) + "0123456789abcdef";

describe("clientAddress", () => {
  test("an untrusted peer is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.5", "198.51.100.1", proxies, false)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.1", none, false)).toBe("127.0.0.1");
  });

  test("behind trusted proxies, the rightmost address no proxy of ours vouches for", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.5", proxies, true)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.66, 203.0.113.5", proxies, true)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.66, 203.0.113.5, 10.0.0.3", proxies, true)).toBe(
      "203.0.113.5",
    );
    expect(clientAddress("127.0.0.1", ["198.51.100.66", "203.0.113.5"], proxies, true)).toBe("203.0.113.5");
  });

  test("a garbled header stops at the last good hop; no header means the proxy itself", () => {
    expect(clientAddress("127.0.0.1", "not-an-ip", proxies, true)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "203.0.113.5, <script>", proxies, true)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", undefined, proxies, true)).toBe("127.0.0.1");
  });

  test("IPv4 on a dual-stack socket is plain IPv4", () => {
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.5", proxies, true)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:203.0.113.9", undefined, proxies, true)).toBe("203.0.113.9");
  });
});

describe("whose forwarded address is believed (decision 0040)", () => {
  const trust = { trustedProxies: proxies, proxySecret: secret };
  const local = (headers: Record<string, string>) => ({ socket: { remoteAddress: "127.0.0.1" }, headers });

  test("a local process writing X-Forwarded-For gets its own address, even with loopback listed", () => {
    expect(isOwnProxy("127.0.0.1", {}, trust)).toBe(false);
    expect(isOwnProxy("::1", {}, trust)).toBe(false);
    expect(isOwnProxy("::ffff:127.0.0.1", {}, trust)).toBe(false);
    expect(requestClientAddress(local({ "x-forwarded-for": "203.0.113.5" }), trust)).toBe("127.0.0.1");
  });

  test("a server installed before the secret (none set) keeps its listed loopback nginx, so visitors keep their own limits", () => {
    const before = { trustedProxies: proxies };
    expect(isOwnProxy("127.0.0.1", {}, before)).toBe(true);
    expect(requestClientAddress(local({ "x-forwarded-for": "203.0.113.5" }), before)).toBe("203.0.113.5");
    expect(isOwnProxy("127.0.0.1", {}, { trustedProxies: none })).toBe(false);
  });

  test("a wrong, short or repeated secret is no proxy", () => {
    for (const sent of ["", "guess", secret.slice(1), `${secret}x`])
      expect(
        requestClientAddress(local({ "x-forwarded-for": "203.0.113.5", "x-proxy-secret": sent }), trust),
      ).toBe("127.0.0.1");
    expect(isOwnProxy("127.0.0.1", { "x-proxy-secret": [secret, secret] as never }, trust)).toBe(false);
    expect(isOwnProxy("127.0.0.1", { "x-proxy-secret": secret }, { trustedProxies: none })).toBe(false);
  });

  test("nginx, with the secret, is believed; a listed proxy on another machine is believed by its address", () => {
    expect(
      requestClientAddress(local({ "x-forwarded-for": "203.0.113.5", "x-proxy-secret": secret }), trust),
    ).toBe("203.0.113.5");
    expect(isOwnProxy("10.1.2.3", {}, trust)).toBe(true);
    expect(isOwnProxy("192.0.2.1", {}, trust)).toBe(false);
  });
});

test("rate-limit keys: IPv4 as is, IPv6 by its /64", () => {
  expect(rateLimitKey("203.0.113.5")).toBe("203.0.113.5");
  expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
  expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
});
