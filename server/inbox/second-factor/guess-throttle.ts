import { sql, type Kysely } from "kysely";

import type { LeadDatabase } from "../../leads/storage/schema.ts";

/**
 * Growing waits after wrong codes and wrong passwords typed again, for the
 * whole account (whoever types them already holds the password or a session).
 * Five free tries, then each failure doubles the wait before the next try is
 * even checked, up to 15 minutes: a six-digit code guessed in a loop gets
 * about a hundred tries a day, one chance in three thousand.
 * Kept in the login's failure table, under keys of their own.
 */
export type GuessKind = "code" | "password-again";

const freeTries = 5;
const capSeconds = 15 * 60;
const memoryMs = 24 * 60 * 60_000;

const keyOf = (kind: GuessKind) => `second-factor:${kind}`;

export class GuessThrottle {
  private readonly db: Kysely<LeadDatabase>;
  private readonly now: () => Date;

  constructor(db: Kysely<LeadDatabase>, now: () => Date) {
    this.db = db;
    this.now = now;
  }

  /** Whole seconds until the next try may be checked (0: now). */
  async waitSeconds(kind: GuessKind): Promise<number> {
    const row = await this.db
      .selectFrom("inbox_login_failures")
      .selectAll()
      .where("key", "=", keyOf(kind))
      .executeTakeFirst();
    if (!row) return 0;
    const now = this.now().getTime();
    const last = Date.parse(row.last_failure_at);
    const failures = Number(row.failures);
    if (now - last > memoryMs || failures < freeTries) return 0;
    const delay = Math.min(2 ** (failures - freeTries), capSeconds);
    return Math.max(0, Math.ceil((last + delay * 1000 - now) / 1000));
  }

  async fail(kind: GuessKind): Promise<void> {
    const now = this.now();
    const forgottenBefore = new Date(now.getTime() - memoryMs).toISOString();
    await this.db
      .insertInto("inbox_login_failures")
      .values({ key: keyOf(kind), failures: 1, last_failure_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({
          failures: sql<number>`case when inbox_login_failures.last_failure_at < ${forgottenBefore} then 1 else inbox_login_failures.failures + 1 end`,
          last_failure_at: now.toISOString(),
        }),
      )
      .execute();
  }

  async succeed(kind: GuessKind): Promise<void> {
    await this.db.deleteFrom("inbox_login_failures").where("key", "=", keyOf(kind)).execute();
  }
}
