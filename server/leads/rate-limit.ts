/**
 * Per-client submission limit: a token bucket per key that holds `perMinute`
 * submissions and refills at that rate, so a visitor may send a few forms in a
 * row while a script is held to the average. In memory: a restart forgets the
 * counts, which costs an abuser nothing they could not get anyway.
 */
import type { RateDecision } from "../storage/rate-buckets.ts";
import type { Handles } from "../storage/store.ts";

export type { RateDecision };

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMinute: number;
  private readonly now: () => number;

  constructor(perMinute: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.now = now;
  }

  take(key: string): RateDecision {
    if (this.perMinute === 0) return { allowed: true };
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs)
      : this.perMinute;
    if (tokens > 1 - 1e-9) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      if (this.buckets.size > 10_000) this.forgetFull(now);
      return { allowed: true };
    }
    this.buckets.set(key, { tokens, at: now });
    const waitMs = Math.round((1 - tokens) / perMs); // whole milliseconds: no float dust in the seconds
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Buckets that have refilled completely hold no information: drop them. */
  private forgetFull(now: number): void {
    const perMs = this.perMinute / 60_000;
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.at) * perMs >= this.perMinute) this.buckets.delete(key);
  }
}

/** What the lead endpoint asks before it reads a submission. */
export type RateLimit = { take(key: string): Promise<RateDecision> };

/** The part of the lead store a shared limit needs (PostgreSQL). */
export type SharedBuckets = Handles<"kind" | "rateBuckets">;

/**
 * One limit for the whole service. On PostgreSQL, where several instances may
 * share the database, the buckets live in it, so two instances accept the
 * configured rate from one address, not twice it; on SQLite (one instance per
 * file) they stay in memory. A take that fails (the database not answering)
 * rejects, and the endpoint answers 503 as it would for the lead itself.
 */
export function createRateLimit(perMinute: number, store: SharedBuckets): RateLimit {
  if (perMinute === 0 || store.kind === "sqlite") {
    const limiter = new RateLimiter(perMinute);
    return { take: async (key) => limiter.take(key) };
  }
  let takes = 0;
  return {
    async take(key) {
      // Now and then, full buckets are dropped, so the table holds only recent senders.
      if (++takes % 1_000 === 0) void store.rateBuckets.forgetFull(perMinute).catch(() => {});
      return store.rateBuckets.take(key, perMinute);
    },
  };
}
