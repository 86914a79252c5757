import type { LoginFailures } from "../../leads/storage/login-failures.ts";

/**
 * Growing waits after wrong codes and wrong passwords typed again, for the
 * whole account (whoever types them already holds the password or a session).
 * Five free tries, then each failure doubles the wait before the next try is
 * even checked, up to 15 minutes: a six-digit code guessed in a loop gets
 * about a hundred tries a day, one chance in three thousand.
 * Kept in the login's failure table, under keys of their own.
 */
export type GuessKind = "code" | "password-again";

/** A check run behind the throttle: its value when it passed. */
export type Guarded<T> =
  | { outcome: "accepted"; value: T }
  | { outcome: "rejected" }
  | { outcome: "throttled"; retryAfterSeconds: number };

const freeTries = 5;
const capSeconds = 15 * 60;
const memoryMs = 24 * 60 * 60_000;

const keyOf = (kind: GuessKind) => `second-factor:${kind}`;

export class GuessThrottle {
  private readonly failures: LoginFailures;
  private readonly now: () => Date;

  constructor(failures: LoginFailures, now: () => Date) {
    this.failures = failures;
    this.now = now;
  }

  /** Whole seconds until the next try may be checked (0: now). */
  async waitSeconds(kind: GuessKind): Promise<number> {
    const [row] = await this.failures.of([keyOf(kind)]);
    if (!row) return 0;
    const now = this.now().getTime();
    const last = row.lastFailureAt.getTime();
    const failures = row.failures;
    if (now - last > memoryMs || failures < freeTries) return 0;
    const delay = Math.min(2 ** (failures - freeTries), capSeconds);
    return Math.max(0, Math.ceil((last + delay * 1000 - now) / 1000));
  }

  async fail(kind: GuessKind): Promise<void> {
    const now = this.now();
    await this.failures.record(keyOf(kind), now, new Date(now.getTime() - memoryMs));
  }

  async succeed(kind: GuessKind): Promise<void> {
    await this.failures.forget([keyOf(kind)]);
  }

  /** Runs a check behind the throttle: a failure (undefined) counts, a success clears the count. */
  async guard<T>(kind: GuessKind, check: () => Promise<T | undefined>): Promise<Guarded<T>> {
    const wait = await this.waitSeconds(kind);
    if (wait > 0) return { outcome: "throttled", retryAfterSeconds: wait };
    const value = await check();
    if (value === undefined) {
      await this.fail(kind);
      return { outcome: "rejected" };
    }
    await this.succeed(kind);
    return { outcome: "accepted", value };
  }
}
