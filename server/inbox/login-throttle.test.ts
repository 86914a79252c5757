import { describe, expect, it } from "vitest";

import { delaySeconds, secondsUntilAllowed } from "./login-throttle.ts";

const now = new Date("2026-05-14T15:00:00.000Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("login throttle", () => {
  it("lets five attempts through, then doubles the wait up to each cap", () => {
    expect([0, 4, 5, 6, 7, 10, 14, 20].map((failures) => delaySeconds("address", failures))).toEqual([
      0, 0, 1, 2, 4, 32, 512, 900,
    ]);
    // An attacker can keep the account itself waiting at most a minute per try.
    expect(delaySeconds("account", 40)).toBe(60);
  });

  it("counts the wait from the last failure", () => {
    const record = { failures: 8, lastFailureAt: secondsAgo(3) };
    expect(secondsUntilAllowed("address", record, now)).toBe(5);
    expect(secondsUntilAllowed("address", { ...record, lastFailureAt: secondsAgo(8) }, now)).toBe(0);
    expect(secondsUntilAllowed("address", undefined, now)).toBe(0);
  });

  it("forgets failures after a quiet day", () => {
    const old = { failures: 30, lastFailureAt: secondsAgo(24 * 3600 + 1) };
    expect(secondsUntilAllowed("address", old, now)).toBe(0);
  });
});
