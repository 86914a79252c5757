import type { Kysely } from "kysely";

import type { LeadDatabase } from "./schema.ts";

/** The settings row of a «no fui yo» freeze (decision 0024); owner:password clears it. */
export const factorFreezeKey = "factores-congelados";

/**
 * The inbox's one owner account, its sessions, known devices and pending
 * second steps (server/inbox/owner-auth.ts decides; this stores). Tokens arrive
 * here already hashed: the tokens themselves never reach the database.
 */

/** The second factor's tables, emptied by a password reset on the server. */
export const factorTables = [
  "inbox_passkeys",
  "inbox_totp",
  "inbox_recovery_codes",
  "inbox_challenges",
  "inbox_second_steps",
  "inbox_owner_codes",
  "inbox_factor_changes",
] as const;

export type SessionRow = { createdAt: string; lastSeenAt: string; email: string };

export class OwnerRows {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
  }

  async owner(): Promise<{ email: string; passwordHash: string } | undefined> {
    const row = await this.db
      .selectFrom("inbox_owner")
      .select(["email", "password_hash"])
      .where("id", "=", 1)
      .executeTakeFirst();
    return row && { email: row.email, passwordHash: row.password_hash };
  }

  /**
   * Creates the owner, or replaces the e-mail and password; every session, known device, login
   * failure and second factor goes in the same transaction.
   */
  async setOwner(owner: { email: string; passwordHash: string; updatedAt: string }): Promise<void> {
    const row = { id: 1, email: owner.email, password_hash: owner.passwordHash, updated_at: owner.updatedAt };
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
      for (const table of factorTables) await transaction.deleteFrom(table).execute();
      // Whoever runs this on the server resolves a «no fui yo» too (decision 0024).
      await transaction.deleteFrom("settings").where("key", "=", factorFreezeKey).execute();
    });
  }

  async addSecondStep(step: {
    tokenHash: string;
    deviceHash: string | null;
    createdAt: string;
    /** A first sign-in waits for its single-use code (decision 0024). */
    firstSignIn: boolean;
  }): Promise<void> {
    await this.db
      .insertInto("inbox_second_steps")
      .values({
        token_hash: step.tokenHash,
        device_hash: step.deviceHash,
        created_at: step.createdAt,
        enrolment: step.firstSignIn ? "code" : null,
      })
      .execute();
  }

  /** A new session, with a new device or the known one marked as used now, in one transaction. */
  async openSession(session: {
    idHash: string;
    now: string;
    factorConfirmed: boolean;
    /** The factor that opened it is past its waiting period (decision 0024). */
    trusted: boolean;
    newDeviceHash: string | undefined;
    knownDeviceHash: string | undefined;
  }): Promise<void> {
    const { now } = session;
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto("inbox_sessions")
        .values({
          id_hash: session.idHash,
          created_at: now,
          last_seen_at: now,
          factor_confirmed_at: session.factorConfirmed ? now : null,
          trusted_confirmed_at: session.factorConfirmed && session.trusted ? now : null,
        })
        .execute();
      if (session.newDeviceHash) {
        await transaction
          .insertInto("inbox_devices")
          .values({ token_hash: session.newDeviceHash, created_at: now, last_used_at: now })
          .execute();
      } else if (session.knownDeviceHash) {
        await transaction
          .updateTable("inbox_devices")
          .set({ last_used_at: now })
          .where("token_hash", "=", session.knownDeviceHash)
          .execute();
      }
    });
  }

  async session(idHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom("inbox_sessions")
      .innerJoin("inbox_owner", (join) => join.on("inbox_owner.id", "=", 1))
      .select(["inbox_sessions.created_at", "inbox_sessions.last_seen_at", "inbox_owner.email"])
      .where("inbox_sessions.id_hash", "=", idHash)
      .executeTakeFirst();
    return row && { createdAt: row.created_at, lastSeenAt: row.last_seen_at, email: row.email };
  }

  async touchSession(idHash: string, now: string): Promise<void> {
    await this.db
      .updateTable("inbox_sessions")
      .set({ last_seen_at: now })
      .where("id_hash", "=", idHash)
      .execute();
  }

  async endSession(idHash: string): Promise<void> {
    await this.db.deleteFrom("inbox_sessions").where("id_hash", "=", idHash).execute();
  }

  /** Drops sessions idle since `idleBefore` or begun before `begunBefore`, and devices unused since `devicesBefore`. */
  async prune(limits: { idleBefore: string; begunBefore: string; devicesBefore: string }): Promise<void> {
    await this.db
      .deleteFrom("inbox_sessions")
      .where((eb) =>
        eb.or([eb("last_seen_at", "<", limits.idleBefore), eb("created_at", "<", limits.begunBefore)]),
      )
      .execute();
    await this.db.deleteFrom("inbox_devices").where("last_used_at", "<", limits.devicesBefore).execute();
  }

  /** When a device was last used, by its token's hash. */
  async deviceLastUsed(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("inbox_devices")
      .select("last_used_at")
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row?.last_used_at;
  }
}
