import { sql, type Kysely } from "kysely";

import { answerWithinMs, withDeadline } from "./faults.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * The shared token buckets of the rate limit (PostgreSQL: every instance on the
 * database counts against the same bucket).
 */

/** A submission allowed, or refused with the seconds until the address may send again. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one submission from the bucket of `key`. One statement: the row's lock orders concurrent
 * takes, each sees the tokens the previous one left. The database's clock is the one clock all
 * instances share.
 */
export async function takeRateToken(
  db: Kysely<LeadDatabase>,
  key: string,
  perMinute: number,
): Promise<RateDecision> {
  const perMs = perMinute / 60_000;
  const refilled = sql<number>`least(${perMinute}::float8, bucket.tokens + (excluded.at_ms - bucket.at_ms) * ${perMs}::float8)`;
  const { rows } = await withDeadline(
    sql<{ allowed: boolean; tokens: number }>`
      insert into rate_limit_buckets as bucket (key, tokens, at_ms, allowed)
      values (${key}, ${perMinute - 1}::float8, extract(epoch from clock_timestamp()) * 1000, true)
      on conflict (key) do update set
        tokens = case when ${refilled} >= 1 - 1e-9 then ${refilled} - 1 else ${refilled} end,
        allowed = ${refilled} >= 1 - 1e-9,
        at_ms = excluded.at_ms
      returning allowed, tokens`.execute(db),
    answerWithinMs,
  );
  const { allowed, tokens } = rows[0]!;
  if (allowed) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
}

/** Drops the shared buckets that have refilled completely: they hold no information. */
export async function forgetFullRateBuckets(db: Kysely<LeadDatabase>, perMinute: number): Promise<void> {
  const perMs = perMinute / 60_000;
  await sql`
    delete from rate_limit_buckets
    where tokens + (extract(epoch from clock_timestamp()) * 1000 - at_ms) * ${perMs}::float8 >= ${perMinute}::float8
  `.execute(db);
}
