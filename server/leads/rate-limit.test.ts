import { expect, test } from "vitest";

import { RateLimiter } from "./rate-limit.ts";

test("allows a burst up to the limit, then refills one token per 60/limit seconds", () => {
  let now = 0;
  const limiter = new RateLimiter(10, () => now);
  for (let index = 0; index < 10; index++) expect(limiter.take("a").allowed).toBe(true);
  expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 6 });
  expect(limiter.take("b").allowed).toBe(true); // another client is not affected
  now += 5_000;
  expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  now += 1_000;
  expect(limiter.take("a").allowed).toBe(true);
  expect(limiter.take("a").allowed).toBe(false);
});

test("0 disables the limit", () => {
  const limiter = new RateLimiter(0);
  for (let index = 0; index < 1_000; index++) expect(limiter.take("a").allowed).toBe(true);
});
