import { createHash, randomBytes } from "node:crypto";

import { rateLimitKey } from "../leads/client-address.ts";
import type { Handles } from "../storage/store.ts";
import type { LoginFailures } from "../storage/login-failures.ts";
import type { OwnerRows } from "../storage/owner-rows.ts";
import {
  failureMemoryMs,
  secondsUntilAllowed,
  type FailureRecord,
  type ThrottleKind,
} from "./login-throttle.ts";
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from "./password.ts";

/**
 * The one owner account of the inbox, its sessions and its login throttle,
 * in the lead database. Session ids and device tokens are 256 random bits;
 * only their SHA-256 is stored, so a copy of the database opens no session.
 */

/** A session ends after 30 minutes without the owner doing anything… */
export const idleTimeoutMs = 30 * 60_000;
/** …and 12 hours after it began, whatever happens. */
export const absoluteTimeoutMs = 12 * 60 * 60_000;
/** How long a browser stays known as the owner's (Chromium keeps no cookie longer than 400 days). */
export const deviceLifetimeMs = 400 * 24 * 60 * 60_000;

export type LoginAttempt = {
  email: string;
  password: string;
  /** The client address, after trusted proxies. */
  address: string;
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
};

export type LoginResult =
  | {
      outcome: "signed-in";
      sessionToken: string;
      /** Set when the browser was not a known device yet. */ newDeviceToken?: string;
    }
  | { outcome: "second-factor"; stepToken: string }
  /** No factor yet: the first sign-in asks for the single-use code, then the first factor (decision 0024). */
  | { outcome: "first-factor"; stepToken: string }
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export type SessionCheck = { state: "valid"; email: string } | { state: "expired" | "unknown" };

export class OwnerAuth {
  private readonly rows: OwnerRows;
  private readonly failures: LoginFailures;
  private readonly now: () => Date;
  /**
   * Logins that share a throttle key (an address's /64, the account, a device) run one after
   * another, so a burst of parallel guesses meets the delay its predecessors earned; logins
   * with no key in common run side by side.
   */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** Password checks for browsers the owner never signed in from: a few at once, a short line. */
  private readonly strangerChecks = new Lane(strangerChecksAtOnce, strangerLineLength);

  /** Whether the owner has a factor: then a password sign-in asks for it; without one, for the first one. */
  private readonly hasFactor: () => Promise<boolean>;

  /**
   * `hasFactor` has no default: the password never opens a session by itself
   * (decision 0024), and whoever builds the owner's authentication says where
   * the factors are.
   */
  constructor(
    store: Handles<"owner" | "loginFailures">,
    options: { now: () => Date; hasFactor: () => Promise<boolean> },
  ) {
    this.rows = store.owner;
    this.failures = store.loginFailures;
    this.now = options.now;
    this.hasFactor = options.hasFactor;
  }

  async ownerEmail(): Promise<string | undefined> {
    return (await this.rows.owner())?.email;
  }

  /**
   * Creates the owner, or replaces the e-mail and password. Every session and
   * known device ends: a reset password locks out whoever had the old one.
   */
  async setOwner(email: string, password: string): Promise<void> {
    const problem = emailProblem(email) ?? passwordProblem(password);
    if (problem) throw new Error(problem);
    // Whoever runs this on the server is the owner: every factor goes too, so a lost phone never locks the business out.
    await this.rows.setOwner({
      email: normaliseEmail(email),
      passwordHash: await hashPassword(password),
      updatedAt: this.now().toISOString(),
    });
  }

  /**
   * Checks a login. While any of its throttle keys is waiting, the password is
   * not even looked at. A wrong e-mail costs the same time as a wrong password.
   */
  async login(attempt: LoginAttempt): Promise<LoginResult> {
    // No e-mail holds a control character (PostgreSQL refuses a NUL in text): nothing to check.
    if (/\p{Cc}/u.test(attempt.email)) return { outcome: "wrong-credentials" };
    const deviceHash = attempt.deviceToken ? await this.knownDevice(attempt.deviceToken) : undefined;
    const keys: [ThrottleKind, string][] = [
      // IPv6 by its /64, as the lead limit counts: one household or server rotates through a /64.
      ["address", `address:${rateLimitKey(attempt.address)}`],
      deviceHash
        ? ["device", `device:${deviceHash}`]
        : ["account", `account:${normaliseEmail(attempt.email)}`],
    ];
    return this.inTurn(
      keys.map(([, key]) => key),
      () => this.loginNow(attempt, keys, deviceHash),
    );
  }

  /** Runs `work` after every earlier login that shares one of `keys`. */
  private inTurn<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const result = Promise.all(keys.map((key) => this.turns.get(key))).then(work);
    const done = result.catch(() => undefined);
    for (const key of keys) this.turns.set(key, done);
    void done.then(() => {
      for (const key of keys) if (this.turns.get(key) === done) this.turns.delete(key);
    });
    return result;
  }

  private async loginNow(
    attempt: LoginAttempt,
    keys: [ThrottleKind, string][],
    deviceHash: string | undefined,
  ): Promise<LoginResult> {
    const now = this.now();
    const email = normaliseEmail(attempt.email);
    const records = await this.failureRecords(keys.map(([, key]) => key));
    const wait = Math.max(...keys.map(([kind, key]) => secondsUntilAllowed(kind, records.get(key), now)));
    if (wait > 0) return { outcome: "throttled", retryAfterSeconds: wait };

    const owner = await this.rows.owner();
    const isOwner = owner?.email === email;
    const check = () => verifyPassword(attempt.password, isOwner ? owner.passwordHash : decoyHash);
    // The owner's own browser is never in the strangers' line: its check starts at once.
    const passwordMatches = deviceHash ? await check() : await this.strangerChecks.run(check);
    if (passwordMatches === busy) return { outcome: "throttled", retryAfterSeconds: 1 };
    if (!isOwner || !passwordMatches) {
      await this.recordFailure(
        keys.map(([, key]) => key),
        now,
      );
      return { outcome: "wrong-credentials" };
    }

    await this.failures.forget(keys.map(([, key]) => key));
    // The password opens no session: it opens the second step, or the first sign-in without a factor.
    const firstSignIn = !(await this.hasFactor());
    const stepToken = randomToken();
    await this.rows.addSecondStep({
      tokenHash: sha256(stepToken),
      deviceHash: deviceHash ?? null,
      createdAt: now.toISOString(),
      firstSignIn,
    });
    return { outcome: firstSignIn ? "first-factor" : "second-factor", stepToken };
  }

  /**
   * A new session (after a second step, a first sign-in or a passkey), and
   * a device token for a browser not known yet. A factor just used counts as
   * the session's fresh confirmation (a trusted one when it is past its wait).
   */
  async openSession(
    deviceHash: string | undefined,
    options: { factorConfirmed: boolean; trusted: boolean },
  ): Promise<Extract<LoginResult, { outcome: "signed-in" }>> {
    const now = this.now().toISOString();
    const sessionToken = randomToken();
    const newDeviceToken = deviceHash ? undefined : randomToken();
    await this.rows.openSession({
      idHash: sha256(sessionToken),
      now,
      factorConfirmed: options.factorConfirmed,
      trusted: options.trusted,
      newDeviceHash: newDeviceToken && sha256(newDeviceToken),
      knownDeviceHash: deviceHash,
    });
    return { outcome: "signed-in", sessionToken, ...(newDeviceToken ? { newDeviceToken } : {}) };
  }

  /**
   * Whether a session id is signed in. `touch` counts the request as the
   * owner's activity (a page or an action); background refreshes pass false,
   * so an inbox left open still locks itself after the idle timeout.
   */
  async checkSession(token: string | undefined, options: { touch: boolean }): Promise<SessionCheck> {
    if (!token) return { state: "unknown" };
    const now = this.now();
    const idHash = sha256(token);
    const row = await this.rows.session(idHash);
    if (!row) return { state: "unknown" };
    const idleFor = now.getTime() - Date.parse(row.lastSeenAt);
    const age = now.getTime() - Date.parse(row.createdAt);
    // A session from before the first factor (an older version opened them by password) ends.
    if (idleFor >= idleTimeoutMs || age >= absoluteTimeoutMs || !(await this.hasFactor())) {
      await this.rows.endSession(idHash);
      return { state: "expired" };
    }
    if (options.touch) await this.rows.touchSession(idHash, now.toISOString());
    return { state: "valid", email: row.email };
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.rows.endSession(sha256(token));
  }

  /** Drops ended sessions, forgotten devices and old failure counts (the daily job). */
  async prune(): Promise<void> {
    const now = this.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    await this.rows.prune({
      idleBefore: iso(now - idleTimeoutMs),
      begunBefore: iso(now - absoluteTimeoutMs),
      devicesBefore: iso(now - deviceLifetimeMs),
    });
    await this.failures.prune(new Date(now - failureMemoryMs));
  }

  /** The stored hash of a device token still known, or undefined. */
  async knownDevice(token: string): Promise<string | undefined> {
    const tokenHash = sha256(token);
    const lastUsed = await this.rows.deviceLastUsed(tokenHash);
    if (!lastUsed || this.now().getTime() - Date.parse(lastUsed) > deviceLifetimeMs) return undefined;
    return tokenHash;
  }

  private async failureRecords(keys: string[]): Promise<Map<string, FailureRecord>> {
    const rows = await this.failures.of(keys);
    return new Map(rows.map(({ key, ...record }) => [key, record]));
  }

  /** One more failure for each key, counted in the database (a long-quiet count starts again from one). */
  private async recordFailure(keys: string[], now: Date): Promise<void> {
    const forgottenBefore = new Date(now.getTime() - failureMemoryMs);
    for (const key of keys) await this.failures.record(key, now, forgottenBefore);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why an owner e-mail is refused, in Spanish, or null. */
export function emailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
    ? null
    : `"${email}" no parece un email: escribilo completo, por ejemplo titular@ejemplo.com.`;
}

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Password checks (scrypt, about 100 ms each) a browser unknown to the owner may run at once. */
export const strangerChecksAtOnce = 2;
/** Unknown browsers' checks that may wait for a place; past them, "try again in a second". */
export const strangerLineLength = 8;

const busy = Symbol("busy");

/** At most `width` tasks at once, at most `lineLength` waiting; the rest are refused at once. */
class Lane {
  private running = 0;
  private readonly line: (() => void)[] = [];
  private readonly width: number;
  private readonly lineLength: number;

  constructor(width: number, lineLength: number) {
    this.width = width;
    this.lineLength = lineLength;
  }

  async run<T>(task: () => Promise<T>): Promise<T | typeof busy> {
    if (this.running < this.width) this.running += 1;
    else if (this.line.length < this.lineLength)
      await new Promise<void>((resolve) => this.line.push(resolve));
    else return busy;
    try {
      return await task();
    } finally {
      // The place passes to the next in line, or is freed.
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
