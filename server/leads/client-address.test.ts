import { BlockList } from "node:net";

import { describe, expect, test } from "vitest";

import { clientAddress, rateLimitKey } from "./client-address.ts";

const proxies = new BlockList();
proxies.addAddress("127.0.0.1", "ipv4");
proxies.addSubnet("10.0.0.0", 8, "ipv4");
const none = new BlockList();

describe("clientAddress", () => {
  test("an untrusted peer is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.5", "198.51.100.1", proxies)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
  });

  test("behind trusted proxies, the rightmost address no proxy of ours vouches for", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.5", proxies)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.66, 203.0.113.5", proxies)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", "198.51.100.66, 203.0.113.5, 10.0.0.3", proxies)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", ["198.51.100.66", "203.0.113.5"], proxies)).toBe("203.0.113.5");
  });

  test("a garbled header stops at the last good hop; no header means the proxy itself", () => {
    expect(clientAddress("127.0.0.1", "not-an-ip", proxies)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "203.0.113.5, <script>", proxies)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", undefined, proxies)).toBe("127.0.0.1");
  });

  test("IPv4 on a dual-stack socket is plain IPv4", () => {
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.5", proxies)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:203.0.113.9", undefined, proxies)).toBe("203.0.113.9");
  });
});

test("rate-limit keys: IPv4 as is, IPv6 by its /64", () => {
  expect(rateLimitKey("203.0.113.5")).toBe("203.0.113.5");
  expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
  expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
});
