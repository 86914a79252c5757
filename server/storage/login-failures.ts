import { sql, type Kysely } from "kysely";

import type { LeadDatabase } from "./schema.ts";

/**
 * Consecutive failures per key: the inbox's login throttle (`address:…`,
 * `account:…`, `device:…`) and the second factor's guesses, in one table.
 */

export type FailureRow = { key: string; failures: number; lastFailureAt: Date };

export class LoginFailures {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
  }

  async of(keys: readonly string[]): Promise<FailureRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom("inbox_login_failures")
      .selectAll()
      .where("key", "in", keys)
      .execute();
    return rows.map((row) => ({
      key: row.key,
      failures: Number(row.failures),
      lastFailureAt: new Date(row.last_failure_at),
    }));
  }

  /** One more failure for `key`, counted in the database; a count quiet since `forgottenBefore` starts again from one. */
  async record(key: string, now: Date, forgottenBefore: Date): Promise<void> {
    const before = forgottenBefore.toISOString();
    await this.db
      .insertInto("inbox_login_failures")
      .values({ key, failures: 1, last_failure_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({
          failures: sql<number>`case when inbox_login_failures.last_failure_at < ${before} then 1 else inbox_login_failures.failures + 1 end`,
          last_failure_at: now.toISOString(),
        }),
      )
      .execute();
  }

  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.deleteFrom("inbox_login_failures").where("key", "in", keys).execute();
  }

  /** Drops the counts whose last failure is before `before`. */
  async prune(before: Date): Promise<void> {
    await this.db
      .deleteFrom("inbox_login_failures")
      .where("last_failure_at", "<", before.toISOString())
      .execute();
  }
}
