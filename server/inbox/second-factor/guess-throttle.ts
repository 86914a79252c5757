import type { LoginFailures } from "../../storage/login-failures.ts";

/**
 * Growing waits after wrong six-digit codes and wrong passwords typed again
 * (decision 0024, replacing 0018's one count for the whole account, which let
 * a stranger's wrong codes keep the owner's own correct code waiting).
 *
 * Each guess is counted in buckets that say who typed it:
 * - the owner's known browser (its device cookie), or the signed-in session:
 *   nobody else's guesses land there, so a stranger never delays the owner there;
 * - every browser the owner never used, together (`strangers`): this is the bound
 *   on brute force, whatever the number of browsers, addresses or sign-ins.
 *
 * In a bucket, five tries are free, then each wrong one doubles the wait before
 * the next is even checked, up to its cap. An authenticator code matches 3 of
 * 10⁶ values (the step before and after count too), so each guess is a 3·10⁻⁶
 * chance. At the strangers' cap of one hour, a loop gets 24 + 5 guesses a day:
 * under one chance in ten thousand a day, about 3 % a year of guessing without
 * pause, while each of those sign-ins needed the password. The owner's browser
 * and session have a 15-minute cap of their own, fed only by the owner's typos.
 *
 * Recovery codes and first-factor codes (80 random bits) and passkeys are never
 * made to wait: 2⁸⁰ values cannot be guessed at any rate this server answers, so
 * whatever a stranger does, the owner always has a way in that no count blocks.
 */
export type GuessBucket = { key: string; capSeconds: number };

const freeTries = 5;
const memoryMs = 24 * 60 * 60_000;

export const guessBuckets = {
  /** A browser the owner signed in from before (the hash of its device cookie). */
  device: (deviceHash: string): GuessBucket => ({
    key: `second-factor:device:${deviceHash}`,
    capSeconds: 15 * 60,
  }),
  /** A signed-in session (the hash of its id): the confirmation, the password typed again. */
  session: (sessionHash: string): GuessBucket => ({
    key: `second-factor:session:${sessionHash}`,
    capSeconds: 15 * 60,
  }),
  /** Every browser the owner never signed in from, counted together. */
  strangers: { key: "second-factor:strangers", capSeconds: 60 * 60 } satisfies GuessBucket,
};

/** A check run behind the throttle: its value when it passed. */
export type Guarded<T> =
  | { outcome: "accepted"; value: T }
  | { outcome: "rejected" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export class GuessThrottle {
  private readonly failures: LoginFailures;
  private readonly now: () => Date;

  constructor(failures: LoginFailures, now: () => Date) {
    this.failures = failures;
    this.now = now;
  }

  /** Whole seconds until the next guess in these buckets may be checked (0: now). */
  async waitSeconds(buckets: readonly GuessBucket[]): Promise<number> {
    const rows = await this.failures.of(buckets.map((bucket) => bucket.key));
    const now = this.now().getTime();
    let wait = 0;
    for (const row of rows) {
      const bucket = buckets.find((candidate) => candidate.key === row.key)!;
      const last = row.lastFailureAt.getTime();
      if (now - last > memoryMs || row.failures < freeTries) continue;
      const delay = Math.min(2 ** (row.failures - freeTries), bucket.capSeconds);
      wait = Math.max(wait, Math.ceil((last + delay * 1000 - now) / 1000));
    }
    return wait;
  }

  /** Runs a guess behind the buckets: a failure (undefined) counts in each, a success clears them. */
  async guard<T>(buckets: readonly GuessBucket[], check: () => Promise<T | undefined>): Promise<Guarded<T>> {
    const wait = await this.waitSeconds(buckets);
    if (wait > 0) return { outcome: "throttled", retryAfterSeconds: wait };
    const value = await check();
    const keys = buckets.map((bucket) => bucket.key);
    if (value === undefined) {
      const now = this.now();
      for (const key of keys) await this.failures.record(key, now, new Date(now.getTime() - memoryMs));
      return { outcome: "rejected" };
    }
    await this.failures.forget(keys);
    return { outcome: "accepted", value };
  }
}
