import { createHash, randomBytes } from "node:crypto";

import { sql, type Kysely } from "kysely";

import { rateLimitKey } from "../leads/client-address.ts";
import type { LeadDatabase } from "../leads/storage/schema.ts";
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
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export type SessionCheck = { state: "valid"; email: string } | { state: "expired" | "unknown" };

export class OwnerAuth {
  private readonly db: Kysely<LeadDatabase>;
  private readonly now: () => Date;
  /**
   * Logins that share a throttle key (an address's /64, the account, a device) run one after
   * another, so a burst of parallel guesses meets the delay its predecessors earned; logins
   * with no key in common run side by side.
   */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** Password checks for browsers the owner never signed in from: a few at once, a short line. */
  private readonly strangerChecks = new Lane(strangerChecksAtOnce, strangerLineLength);

  /** Whether a password sign-in also needs a second factor (any factor exists); set by the second-factor service. */
  secondFactorRequired: () => Promise<boolean> = async () => false;

  constructor(db: Kysely<LeadDatabase>, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  async ownerEmail(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("inbox_owner")
      .select("email")
      .where("id", "=", 1)
      .executeTakeFirst();
    return row?.email;
  }

  /**
   * Creates the owner, or replaces the e-mail and password. Every session and
   * known device ends: a reset password locks out whoever had the old one.
   */
  async setOwner(email: string, password: string): Promise<void> {
    const problem = emailProblem(email) ?? passwordProblem(password);
    if (problem) throw new Error(problem);
    const row = {
      id: 1,
      email: normaliseEmail(email),
      password_hash: await hashPassword(password),
      updated_at: this.now().toISOString(),
    };
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto("inbox_owner")
        .values(row)
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet({
            email: row.email,
            password_hash: row.password_hash,
            updated_at: row.updated_at,
          }),
        )
        .execute();
      await transaction.deleteFrom("inbox_sessions").execute();
      await transaction.deleteFrom("inbox_devices").execute();
      await transaction.deleteFrom("inbox_login_failures").execute();
      // Whoever runs this on the server is the owner: every factor goes too, so a lost phone never locks the business out.
      for (const table of factorTables) await transaction.deleteFrom(table).execute();
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

    const owner = await this.db
      .selectFrom("inbox_owner")
      .select(["email", "password_hash"])
      .where("id", "=", 1)
      .executeTakeFirst();
    const isOwner = owner?.email === email;
    const check = () => verifyPassword(attempt.password, isOwner ? owner.password_hash : decoyHash);
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

    await this.db
      .deleteFrom("inbox_login_failures")
      .where(
        "key",
        "in",
        keys.map(([, key]) => key),
      )
      .execute();
    // With a second factor, the password opens no session: it opens the second step.
    if (await this.secondFactorRequired()) {
      const stepToken = randomToken();
      await this.db
        .insertInto("inbox_second_steps")
        .values({
          token_hash: sha256(stepToken),
          device_hash: deviceHash ?? null,
          created_at: now.toISOString(),
        })
        .execute();
      return { outcome: "second-factor", stepToken };
    }
    return this.openSession(deviceHash, { factorConfirmed: false });
  }

  /**
   * A new session (after the password alone, a second step or a passkey), and
   * a device token for a browser not known yet. A factor just used counts as
   * the session's fresh confirmation.
   */
  async openSession(
    deviceHash: string | undefined,
    options: { factorConfirmed: boolean },
  ): Promise<Extract<LoginResult, { outcome: "signed-in" }>> {
    const now = this.now().toISOString();
    const sessionToken = randomToken();
    const newDeviceToken = deviceHash ? undefined : randomToken();
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto("inbox_sessions")
        .values({
          id_hash: sha256(sessionToken),
          created_at: now,
          last_seen_at: now,
          factor_confirmed_at: options.factorConfirmed ? now : null,
        })
        .execute();
      if (newDeviceToken) {
        await transaction
          .insertInto("inbox_devices")
          .values({ token_hash: sha256(newDeviceToken), created_at: now, last_used_at: now })
          .execute();
      } else if (deviceHash) {
        await transaction
          .updateTable("inbox_devices")
          .set({ last_used_at: now })
          .where("token_hash", "=", deviceHash)
          .execute();
      }
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
    const row = await this.db
      .selectFrom("inbox_sessions")
      .innerJoin("inbox_owner", (join) => join.on("inbox_owner.id", "=", 1))
      .select(["inbox_sessions.created_at", "inbox_sessions.last_seen_at", "inbox_owner.email"])
      .where("inbox_sessions.id_hash", "=", idHash)
      .executeTakeFirst();
    if (!row) return { state: "unknown" };
    const idleFor = now.getTime() - Date.parse(row.last_seen_at);
    const age = now.getTime() - Date.parse(row.created_at);
    if (idleFor >= idleTimeoutMs || age >= absoluteTimeoutMs) {
      await this.db.deleteFrom("inbox_sessions").where("id_hash", "=", idHash).execute();
      return { state: "expired" };
    }
    if (options.touch) {
      await this.db
        .updateTable("inbox_sessions")
        .set({ last_seen_at: now.toISOString() })
        .where("id_hash", "=", idHash)
        .execute();
    }
    return { state: "valid", email: row.email };
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom("inbox_sessions").where("id_hash", "=", sha256(token)).execute();
  }

  /** Drops ended sessions, forgotten devices and old failure counts (the daily job). */
  async prune(): Promise<void> {
    const now = this.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    await this.db
      .deleteFrom("inbox_sessions")
      .where((eb) =>
        eb.or([
          eb("last_seen_at", "<", iso(now - idleTimeoutMs)),
          eb("created_at", "<", iso(now - absoluteTimeoutMs)),
        ]),
      )
      .execute();
    await this.db
      .deleteFrom("inbox_devices")
      .where("last_used_at", "<", iso(now - deviceLifetimeMs))
      .execute();
    await this.db
      .deleteFrom("inbox_login_failures")
      .where("last_failure_at", "<", iso(now - failureMemoryMs))
      .execute();
  }

  /** The stored hash of a device token still known, or undefined. */
  async knownDevice(token: string): Promise<string | undefined> {
    const tokenHash = sha256(token);
    const row = await this.db
      .selectFrom("inbox_devices")
      .select("last_used_at")
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row || this.now().getTime() - Date.parse(row.last_used_at) > deviceLifetimeMs) return undefined;
    return tokenHash;
  }

  private async failureRecords(keys: string[]): Promise<Map<string, FailureRecord>> {
    const rows = await this.db
      .selectFrom("inbox_login_failures")
      .selectAll()
      .where("key", "in", keys)
      .execute();
    return new Map(
      rows.map((row) => [
        row.key,
        { failures: Number(row.failures), lastFailureAt: new Date(row.last_failure_at) },
      ]),
    );
  }

  /** One more failure for each key, counted in the database (a long-quiet count starts again from one). */
  private async recordFailure(keys: string[], now: Date): Promise<void> {
    const forgottenBefore = new Date(now.getTime() - failureMemoryMs).toISOString();
    for (const key of keys) {
      await this.db
        .insertInto("inbox_login_failures")
        .values({ key, failures: 1, last_failure_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            failures: sql<number>`case when inbox_login_failures.last_failure_at < ${forgottenBefore} then 1 else inbox_login_failures.failures + 1 end`,
            last_failure_at: now.toISOString(),
          }),
        )
        .execute();
    }
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

/** The second factor's tables, emptied by a password reset on the server. */
export const factorTables = [
  "inbox_passkeys",
  "inbox_totp",
  "inbox_recovery_codes",
  "inbox_challenges",
  "inbox_second_steps",
] as const;

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
