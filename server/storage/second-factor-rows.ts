import type { Kysely, Selectable } from "kysely";

import { factorFreezeKey } from "./owner-rows.ts";
import type {
  FirstSignInStage,
  InboxChallengesTable,
  InboxFactorChangesTable,
  InboxOwnerCodesTable,
  InboxPasskeysTable,
  InboxSecondStepsTable,
  InboxTotpTable,
  LeadDatabase,
} from "./schema.ts";

/**
 * The owner's second factor as stored (decision 0018): passkeys, the
 * authenticator apps' secrets (enabled side by side, or pending for whoever drew one), recovery codes by
 * their hash, one-use challenges and the second steps of password sign-ins.
 * server/inbox/second-factor/ decides; every statement is here. A code or a
 * challenge is spent in one statement, so two requests never spend it twice.
 */

export type PasskeyRow = Selectable<InboxPasskeysTable>;
export type TotpRow = Selectable<InboxTotpTable>;
export type ChallengeRow = Selectable<InboxChallengesTable>;
export type SecondStepRow = Selectable<InboxSecondStepsTable>;
export type OwnerCodeRow = Selectable<InboxOwnerCodesTable>;
/** A «no fui yo» freeze: since when, and the moment of the change it reported. */
export type FactorFreeze = { since: string; changeAt: string };

export class SecondFactorRows {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
  }

  /** Whether the owner has any factor: a passkey or an enabled authenticator app. */
  async anyFactor(): Promise<boolean> {
    return (await this.anyPasskey()) || (await this.enabledTotps()).length > 0;
  }

  async anyPasskey(): Promise<boolean> {
    return (
      (await this.db.selectFrom("inbox_passkeys").select("credential_id").executeTakeFirst()) !== undefined
    );
  }

  passkeys(): Promise<PasskeyRow[]> {
    return this.db.selectFrom("inbox_passkeys").selectAll().orderBy("created_at").execute();
  }

  passkey(id: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom("inbox_passkeys")
      .selectAll()
      .where("credential_id", "=", id)
      .executeTakeFirst();
  }

  credentials(): Promise<Pick<PasskeyRow, "credential_id" | "transports">[]> {
    return this.db.selectFrom("inbox_passkeys").select(["credential_id", "transports"]).execute();
  }

  async addPasskey(row: PasskeyRow): Promise<void> {
    await this.db.insertInto("inbox_passkeys").values(row).execute();
  }

  /** The removed passkey's name, or undefined when there was none. */
  async removePasskey(id: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom("inbox_passkeys")
      .where("credential_id", "=", id)
      .returning("name")
      .executeTakeFirst();
    return row?.name;
  }

  async usePasskey(id: string, counter: number, at: string): Promise<void> {
    await this.db
      .updateTable("inbox_passkeys")
      .set({ counter, last_used_at: at })
      .where("credential_id", "=", id)
      .execute();
  }

  /** The enabled authenticator apps, oldest first. */
  enabledTotps(): Promise<TotpRow[]> {
    return this.db
      .selectFrom("inbox_totp")
      .selectAll()
      .where("enabled_at", "is not", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The secret this enroller (a session's or a first sign-in's hash) drew and has not enabled yet. */
  pendingTotp(enrollerHash: string): Promise<TotpRow | undefined> {
    return this.db
      .selectFrom("inbox_totp")
      .selectAll()
      .where("enabled_at", "is", null)
      .where("enroller_hash", "=", enrollerHash)
      .executeTakeFirst();
  }

  /** A new pending secret for this enroller replaces its earlier one; enabled apps and others' stay. */
  async replacePendingTotp(secret: string, createdAt: string, enrollerHash: string): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .deleteFrom("inbox_totp")
        .where("enabled_at", "is", null)
        .where("enroller_hash", "=", enrollerHash)
        .execute();
      const last = await transaction
        .selectFrom("inbox_totp")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      await transaction
        .insertInto("inbox_totp")
        .values({
          id: Number(last?.id ?? 0) + 1,
          secret,
          enabled_at: null,
          created_at: createdAt,
          enroller_hash: enrollerHash,
        })
        .execute();
    });
  }

  /**
   * The pending secret becomes an enabled app beside the others (never instead of them), its
   * first code's step already spent; false when it was no longer pending.
   */
  async enableTotp(
    pending: TotpRow,
    enabledAt: string,
    step: number,
    trustedFrom: string | null,
  ): Promise<boolean> {
    const enabled = await this.db
      .updateTable("inbox_totp")
      .set({ enabled_at: enabledAt, last_step: step, trusted_from: trustedFrom, enroller_hash: null })
      .where("id", "=", pending.id)
      .where("enabled_at", "is", null)
      .executeTakeFirst();
    return Number(enabled.numUpdatedRows) === 1;
  }

  /** The removed app, or undefined when no enabled app had this id. */
  removeEnabledTotp(id: number): Promise<TotpRow | undefined> {
    return this.db
      .deleteFrom("inbox_totp")
      .where("id", "=", id)
      .where("enabled_at", "is not", null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Spends a step of one app later than every step it spent before; false when it is not. */
  async spendTotpStep(id: number, step: number): Promise<boolean> {
    const spent = await this.db
      .updateTable("inbox_totp")
      .set({ last_step: step })
      .where("id", "=", id)
      .where("enabled_at", "is not", null)
      .where("last_step", "<", step)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /** Drops pending secrets drawn before `before` (nobody finished setting them up). */
  async prunePendingTotp(before: string): Promise<void> {
    await this.db
      .deleteFrom("inbox_totp")
      .where("enabled_at", "is", null)
      .where("created_at", "<", before)
      .execute();
  }

  async addFactorChange(row: Selectable<InboxFactorChangesTable>): Promise<void> {
    await this.db.insertInto("inbox_factor_changes").values(row).execute();
  }

  /** The factor changes made since `since` by any session but `exceptSession`, newest first. */
  factorChanges(
    since: string,
    exceptSession: string | undefined,
  ): Promise<Selectable<InboxFactorChangesTable>[]> {
    let query = this.db
      .selectFrom("inbox_factor_changes")
      .selectAll()
      .where("at", ">=", since)
      .orderBy("at", "desc");
    if (exceptSession)
      query = query.where((eb) =>
        eb.or([eb("by_session", "is", null), eb("by_session", "!=", exceptSession)]),
      );
    return query.execute();
  }

  factorChange(id: string): Promise<Selectable<InboxFactorChangesTable> | undefined> {
    return this.db.selectFrom("inbox_factor_changes").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async pruneFactorChanges(before: string): Promise<void> {
    await this.db.deleteFrom("inbox_factor_changes").where("at", "<", before).execute();
  }

  async recoveryCodesLeft(): Promise<number> {
    const codes = await this.db
      .selectFrom("inbox_recovery_codes")
      .select((eb) => eb.fn.countAll<number | string>().as("left"))
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(codes.left);
  }

  async replaceRecoveryCodes(hashes: readonly string[], createdAt: string): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom("inbox_recovery_codes").execute();
      await transaction
        .insertInto("inbox_recovery_codes")
        .values(hashes.map((code_hash) => ({ code_hash, created_at: createdAt, used_at: null })))
        .execute();
    });
  }

  async clearRecoveryCodes(): Promise<void> {
    await this.db.deleteFrom("inbox_recovery_codes").execute();
  }

  /** Spends an unused recovery code by its hash; false when there is none. */
  async spendRecoveryCode(hash: string, usedAt: string): Promise<boolean> {
    const spent = await this.db
      .updateTable("inbox_recovery_codes")
      .set({ used_at: usedAt })
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /** When a session last confirmed with a factor and with the password. */
  confirmations(idHash: string): Promise<
    | {
        factor_confirmed_at: string | null;
        password_confirmed_at: string | null;
        trusted_confirmed_at: string | null;
      }
    | undefined
  > {
    return this.db
      .selectFrom("inbox_sessions")
      .select(["factor_confirmed_at", "password_confirmed_at", "trusted_confirmed_at"])
      .where("id_hash", "=", idHash)
      .executeTakeFirst();
  }

  async confirm(
    idHash: string,
    column: "factor_confirmed_at" | "password_confirmed_at" | "trusted_confirmed_at",
    at: string | null,
  ): Promise<void> {
    await this.db
      .updateTable("inbox_sessions")
      .set({ [column]: at })
      .where("id_hash", "=", idHash)
      .execute();
  }

  secondStep(tokenHash: string): Promise<SecondStepRow | undefined> {
    return this.db
      .selectFrom("inbox_second_steps")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** Spends a second step; false when another request spent it first. */
  async takeSecondStep(tokenHash: string): Promise<boolean> {
    const taken = await this.db
      .deleteFrom("inbox_second_steps")
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return Number(taken.numDeletedRows) === 1;
  }

  async addChallenge(row: ChallengeRow): Promise<void> {
    await this.db.insertInto("inbox_challenges").values(row).execute();
  }

  /** Deletes a challenge and returns it: whoever answers it, answers it once. */
  takeChallenge(tokenHash: string): Promise<ChallengeRow | undefined> {
    return this.db
      .deleteFrom("inbox_challenges")
      .where("token_hash", "=", tokenHash)
      .returningAll()
      .executeTakeFirst();
  }

  /** Drops challenges and second steps created before `before`. */
  async pruneCeremonies(before: string): Promise<void> {
    await this.db.deleteFrom("inbox_challenges").where("created_at", "<", before).execute();
    await this.db.deleteFrom("inbox_second_steps").where("created_at", "<", before).execute();
  }

  /** Moves a first sign-in from one stage to the next; false when it was not at `from`. */
  async advanceFirstSignIn(
    tokenHash: string,
    from: FirstSignInStage,
    to: FirstSignInStage,
  ): Promise<boolean> {
    const moved = await this.db
      .updateTable("inbox_second_steps")
      .set({ enrolment: to })
      .where("token_hash", "=", tokenHash)
      .where("enrolment", "=", from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  async addOwnerCode(row: OwnerCodeRow): Promise<void> {
    await this.db.insertInto("inbox_owner_codes").values(row).execute();
  }

  /** Deletes a code and returns it when it is for this purpose and not expired: it opens one door once. */
  async takeOwnerCode(
    tokenHash: string,
    purpose: OwnerCodeRow["purpose"],
    now: string,
  ): Promise<OwnerCodeRow | undefined> {
    const row = await this.db
      .deleteFrom("inbox_owner_codes")
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .returningAll()
      .executeTakeFirst();
    return row && row.expires_at > now ? row : undefined;
  }

  /** The newest code of a purpose still valid (when the last e-mailed one was sent). */
  newestOwnerCode(purpose: OwnerCodeRow["purpose"], now: string): Promise<OwnerCodeRow | undefined> {
    return this.db
      .selectFrom("inbox_owner_codes")
      .selectAll()
      .where("purpose", "=", purpose)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
  }

  async clearOwnerCodes(purpose: OwnerCodeRow["purpose"]): Promise<void> {
    await this.db.deleteFrom("inbox_owner_codes").where("purpose", "=", purpose).execute();
  }

  async pruneOwnerCodes(now: string): Promise<void> {
    await this.db.deleteFrom("inbox_owner_codes").where("expires_at", "<=", now).execute();
  }

  async freeze(freeze: FactorFreeze): Promise<void> {
    const value = JSON.stringify(freeze);
    await this.db
      .insertInto("settings")
      .values({ key: factorFreezeKey, value })
      // A second report keeps the first freeze and its earlier change.
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
  }

  async frozen(): Promise<FactorFreeze | undefined> {
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", factorFreezeKey)
      .executeTakeFirst();
    return row && (JSON.parse(row.value) as FactorFreeze);
  }

  /**
   * Ends a freeze: every factor added at or after the reported change goes in the same
   * transaction, so a stranger's factor never outlives the owner's answer; returns what went.
   */
  async unfreeze(changeAt: string): Promise<{ passkeys: string[]; apps: TotpRow[] }> {
    return this.db.transaction().execute(async (transaction) => {
      const passkeys = await transaction
        .deleteFrom("inbox_passkeys")
        .where("created_at", ">=", changeAt)
        .returning("name")
        .execute();
      const apps = await transaction
        .deleteFrom("inbox_totp")
        .where((eb) => eb.or([eb("enabled_at", ">=", changeAt), eb("enabled_at", "is", null)]))
        .returningAll()
        .execute();
      await transaction.deleteFrom("settings").where("key", "=", factorFreezeKey).execute();
      return { passkeys: passkeys.map((row) => row.name), apps: apps.filter((app) => app.enabled_at) };
    });
  }

  /** How many factors the owner has: passkeys and enabled authenticator apps. */
  async factorCount(): Promise<number> {
    const passkeys = await this.db
      .selectFrom("inbox_passkeys")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(passkeys.count) + (await this.enabledTotps()).length;
  }
}
