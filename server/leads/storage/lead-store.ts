import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

import { Kysely, PostgresDialect, SqliteDialect, sql, type Selectable } from "kysely";
import pg from "pg";

import type { LeadValues } from "#app/features/leads/forms/types.ts";
import { migrateToLatest, type DatabaseKind } from "./migrations.ts";
import {
  type HandoffOutcome,
  type LeadDatabase,
  type LeadDevice,
  type LeadStatus,
  type LeadsTable,
  type NotificationChannel,
  type NotificationState,
  type OutboxTable,
} from "./schema.ts";
import { openSqliteDatabase } from "./sqlite-database.ts";
import { VisitCounts } from "./visit-counts.ts";
import type { RateDecision } from "../rate-limit.ts";
import { startOfWeekInBuenosAires } from "#app/lib/buenos-aires-time.ts";

/**
 * Where every lead lives: one module with one query for each thing the
 * service and the owner's inbox do, on SQLite (the default, a file in
 * LEADS_DATA_DIR) or PostgreSQL (DATABASE_URL). Same code, same tests.
 */

export type Lead = {
  id: string;
  receivedAt: Date;
  formId: string;
  page: string | null;
  values: LeadValues;
  handoff: HandoffOutcome;
  clientIpHash: string;
  userAgent: string | null;
  status: LeadStatus;
  notification: NotificationState;
  contact: Contact;
  origin: LeadOrigin;
};

/** Where the visit that sent the lead began (decision 0016); each part null when unknown. */
export type LeadOrigin = {
  /** The site's page the visit landed on. */
  landing: string | null;
  /** The referring site's host only, never its address. */
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  lang: string | null;
  device: LeadDevice | null;
};

export const unknownOrigin: LeadOrigin = {
  landing: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  lang: null,
  device: null,
};

export type Contact = { name: string | null; email: string | null; phone: string | null };

export type NewLead = {
  receivedAt: Date;
  formId: string;
  page: string | null;
  values: LeadValues;
  handoff: HandoffOutcome;
  clientAddress: string;
  userAgent: string | null;
  spam: boolean;
  contact: Contact;
  /** Unknown when left out (leads loaded in bulk). */
  origin?: LeadOrigin;
  /** The notifications to queue in the same transaction (none for spam). */
  notify: readonly NotificationChannel[];
};

export type LeadFilter = {
  formId?: string;
  /** Without a status, every lead except spam. */
  status?: LeadStatus;
  /** Part of a name, e-mail or phone; case, accents and phone punctuation do not matter. */
  search?: string;
  /** Only these hand-off outcomes (the inbox's "to call back"). */
  handoff?: readonly HandoffOutcome[];
  /** Only leads received at or after this moment (the inbox's "this week"). */
  receivedFrom?: Date;
  /** Only leads received after this moment (the inbox's live updates). */
  receivedAfter?: Date;
  /** Only leads received before this moment (leads waiting past the promised 48 h). */
  receivedBefore?: Date;
};

export type Page = { limit: number; offset: number };

/** A lead still `nuevo` with one of these outcomes never reached WhatsApp with its message: call it back. */
export const callBackHandoffs: readonly HandoffOutcome[] = ["tab-refused", "no-script"];

export type LeadCounts = {
  /** Status `nuevo`. */
  new: number;
  /** Received since Monday 00:00 in Buenos Aires, spam excluded. */
  thisWeek: number;
  /** Still `nuevo`, and the WhatsApp tab was refused or the form was posted without JavaScript. */
  toCallBack: number;
};

export type OutboxItem = { id: string; leadId: string; channel: NotificationChannel; attempts: number };

export type StorageOptions = { databaseUrl?: string; dataDir: string };

export const sqliteFileName = "leads.sqlite";

export class LeadStore {
  readonly kind: DatabaseKind;
  /** The open database; the inbox keeps its owner, sessions and login failures in it too (server/inbox/). */
  readonly db: Kysely<LeadDatabase>;
  /** The daily visit counts, in the same database (decision 0016). */
  readonly visits: VisitCounts;
  private ipKey: Buffer | undefined;
  private waiting: { write: LeadWrite; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private committing: Promise<void> | undefined;

  /** SQLite: the file this store opened, and its identity then (see `fileProblem`). */
  private readonly file: string | undefined;
  private fileIdentity: string | undefined;
  /** The last proof of writing that /api/health reported, shared for `healthProofMs`. */
  private lastProof: HealthProof | undefined;
  private probes = 0;

  private constructor(db: Kysely<LeadDatabase>, kind: DatabaseKind, file?: string) {
    this.db = db;
    this.kind = kind;
    this.file = file;
    // A count, like a lead, is refused while the file it would go to is no longer the database's.
    this.visits = new VisitCounts(
      db,
      kind,
      () => new Date(),
      () => this.assertFileInPlace(),
    );
  }

  /**
   * Opens the database named by the options, brings its schema up to date and
   * proves it can be written: a read-only file or a full disk is refused here,
   * with its cause, rather than found by the first visitor.
   */
  static async open(options: StorageOptions): Promise<LeadStore> {
    const file = join(resolve(options.dataDir), sqliteFileName);
    const store = options.databaseUrl
      ? new LeadStore(new Kysely({ dialect: postgresDialect(options.databaseUrl) }), "postgres")
      : new LeadStore(new Kysely({ dialect: sqliteDialect(options.dataDir) }), "sqlite", file);
    try {
      await migrateToLatest(store.db as Kysely<unknown>, store.kind);
      await store.writeProbe();
      store.fileIdentity = store.file && identityOf(store.file);
    } catch (error) {
      await store.close();
      throw new Error(storageProblem(error), { cause: error });
    }
    return store;
  }

  /**
   * The same database for reading only, on another thread (the results' worker, decision 0017):
   * no migration, no probe; the service that opened it with `open` keeps it up to date.
   */
  static openForReading(options: StorageOptions): LeadStore {
    return options.databaseUrl
      ? // No visitor waits on this reader: it may wait longer for a connection on a busy server.
        new LeadStore(new Kysely({ dialect: postgresDialect(options.databaseUrl, 2, 10_000) }), "postgres")
      : new LeadStore(new Kysely({ dialect: sqliteDialect(options.dataDir) }), "sqlite");
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  /** True when a trivial query answers. */
  async reachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * What /api/health reports: whether a lead could be stored right now, proven
   * with a real write (a probe row), and if not, why, in one sentence.
   */
  async health(): Promise<HealthResult> {
    try {
      this.assertFileInPlace();
    } catch (error) {
      return { ok: false, cause: storageProblem(error) };
    }
    // One write proves the database for every check of the next second, and for every check made
    // while it is on its way: a flood of health checks is not a flood of fsyncs. A failure is not
    // kept: the next check writes again.
    const proof = this.lastProof;
    if (proof && (proof.settledAt === undefined || performance.now() - proof.settledAt < healthProofMs))
      return proof.result;
    const next: HealthProof = {
      settledAt: undefined,
      result: withDeadline(this.writeProbe(), answerWithinMs).then(
        (): HealthResult => ({ ok: true }),
        (error: unknown): HealthResult => ({ ok: false, cause: storageProblem(error) }),
      ),
    };
    this.lastProof = next;
    const result = await next.result;
    next.settledAt = performance.now();
    if (!result.ok && this.lastProof === next) this.lastProof = undefined;
    return result;
  }

  /** Stores the lead and queues its notifications in one transaction; resolves once committed. */
  async insert(lead: NewLead): Promise<Lead> {
    this.assertFileInPlace();
    const write = this.toWrite(lead, await this.clientAddressKey());
    // A database that stops answering turns into a 503 (and the WhatsApp fallback) within
    // `answerWithinMs`; should the write still commit later, the lead is stored, never lost.
    if (this.kind === "postgres") await withDeadline(writeLeads(this.db, [write]), answerWithinMs);
    else await this.commitWithOthers(write);
    return toLead(write.row);
  }

  /**
   * Takes one submission from the shared token bucket of `key` (PostgreSQL: every instance on
   * the database counts against the same bucket). One statement: the row's lock orders
   * concurrent takes, each sees the tokens the previous one left. The database's clock is the
   * one clock all instances share.
   */
  async takeRateToken(key: string, perMinute: number): Promise<RateDecision> {
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
        returning allowed, tokens`.execute(this.db),
      answerWithinMs,
    );
    const { allowed, tokens } = rows[0]!;
    if (allowed) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
  }

  /** Drops the shared buckets that have refilled completely: they hold no information. */
  async forgetFullRateBuckets(perMinute: number): Promise<void> {
    const perMs = perMinute / 60_000;
    await sql`
      delete from rate_limit_buckets
      where tokens + (extract(epoch from clock_timestamp()) * 1000 - at_ms) * ${perMs}::float8 >= ${perMinute}::float8
    `.execute(this.db);
  }

  /**
   * SQLite: the file this store writes to is still the one at its path. Deleted
   * (or replaced) while open, every write would go to a file no one will read
   * again, acknowledged and then lost at the next start.
   */
  private assertFileInPlace(): void {
    if (!this.file || this.fileIdentity === undefined) return;
    const now = identityOf(this.file);
    if (now === this.fileIdentity) return;
    throw new StorageProblem(
      now === undefined
        ? `el archivo ${this.file} ya no existe (fue borrado con el servicio en marcha); reinicie el servicio`
        : `el archivo ${this.file} fue reemplazado con el servicio en marcha; reinicie el servicio`,
    );
  }

  /** A real write: the probe row in `settings`, the same path to disk a lead takes. */
  private async writeProbe(): Promise<void> {
    this.probes += 1;
    const row = { key: "health-probe", value: `${new Date().toISOString()} #${this.probes}` };
    await this.db
      .insertInto("settings")
      .values(row)
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: row.value }))
      .execute();
  }

  /**
   * Stores many leads and their notifications in one transaction, each row built exactly as
   * `insert` builds it. For loading leads in bulk (the inbox benchmark's 100,000); the service
   * stores each lead with `insert`. Keep a call to a few hundred leads: every row is one statement's
   * parameters.
   */
  async insertMany(leads: readonly NewLead[]): Promise<Lead[]> {
    if (leads.length === 0) return [];
    const key = await this.clientAddressKey();
    const writes = leads.map((lead) => this.toWrite(lead, key));
    await writeLeads(this.db, writes);
    return writes.map((write) => toLead(write.row));
  }

  private toWrite(lead: NewLead, key: Buffer): LeadWrite {
    const id = randomId();
    const receivedAt = iso(lead.receivedAt);
    const notify = lead.spam ? [] : lead.notify;
    const row: LeadsTable = {
      id,
      received_at: receivedAt,
      form_id: lead.formId,
      page: lead.page,
      answers: JSON.stringify(lead.values),
      handoff: lead.handoff,
      client_ip_hash: createHmac("sha256", key).update(lead.clientAddress).digest("hex").slice(0, 32),
      user_agent: lead.userAgent,
      status: lead.spam ? "spam" : "nuevo",
      notification: lead.spam ? "skipped" : notify.length === 0 ? "not-configured" : "pending",
      contact_name: lead.contact.name,
      contact_email: lead.contact.email,
      contact_phone: lead.contact.phone,
      email_key: emailKey(lead.contact.email),
      phone_key: phoneKey(lead.contact.phone),
      search_text: searchText(lead.contact),
      ...originColumns(lead.origin ?? unknownOrigin),
    };
    const outbox: OutboxTable[] = notify.map((channel) => ({
      id: randomId(),
      lead_id: id,
      channel,
      attempts: 0,
      next_attempt_at: receivedAt,
      last_error: null,
      sent_at: null,
      given_up_at: null,
      created_at: receivedAt,
    }));
    return { row, outbox };
  }

  /**
   * Group commit (SQLite): leads that arrive while a commit is on its way to disk
   * are written together in the next transaction, one fsync for all of them, and
   * each caller still resolves only after its own lead is committed. PostgreSQL
   * does the same on its own across connections.
   */
  private commitWithOthers(write: LeadWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      if (!this.committing) this.committing = this.commitWaiting();
    });
  }

  private async commitWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, 500);
      try {
        await writeLeads(
          this.db,
          batch.map((entry) => entry.write),
        );
        for (const entry of batch) entry.resolve();
      } catch {
        // One bad lead must not sink the others: each is tried on its own.
        for (const entry of batch) await writeLeads(this.db, [entry.write]).then(entry.resolve, entry.reject);
      }
    }
    this.committing = undefined;
  }

  async get(id: string): Promise<Lead | undefined> {
    const row = await this.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toLead(row);
  }

  /** Newest first, filtered, one page at a time (the database does the paging). */
  async list(filter: LeadFilter, page: Page): Promise<{ leads: Lead[]; total: number }> {
    const query = this.filtered(filter);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy("received_at", "desc")
        .orderBy("id", "desc")
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { leads: rows.map(toLead), total: Number(count.total) };
  }

  /**
   * Every lead the filter matches, newest first, read in batches that each continue where the
   * last ended (not by offset, which would read again all that came before): for exports.
   */
  async *each(filter: LeadFilter, batchSize = 1000): AsyncGenerator<Lead> {
    let last: { received_at: string; id: string } | undefined;
    for (;;) {
      let query = this.filtered(filter);
      if (last) {
        const { received_at, id } = last;
        query = query.where((eb) => eb(eb.refTuple("received_at", "id"), "<", eb.tuple(received_at, id)));
      }
      const rows = await query
        .selectAll()
        .orderBy("received_at", "desc")
        .orderBy("id", "desc")
        .limit(batchSize)
        .execute();
      yield* rows.map(toLead);
      if (rows.length < batchSize) return;
      last = rows.at(-1);
    }
  }

  async counts(now: Date): Promise<LeadCounts> {
    const weekStart = iso(startOfWeekInBuenosAires(now));
    const row = await this.db
      .selectFrom("leads")
      // Only the rows any count can include, found through two indexes: the new ones and this
      // week's, a few hundred of 100,000, not a pass over every lead (decision 0012).
      .where((eb) => eb.or([eb("status", "=", "nuevo"), eb("received_at", ">=", weekStart)]))
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when("status", "=", "nuevo").then(1).else(0).end()).as("new"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("received_at", ">=", weekStart), eb("status", "!=", "spam")]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("thisWeek"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("status", "=", "nuevo"), eb("handoff", "in", callBackHandoffs)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("toCallBack"),
      ])
      .executeTakeFirstOrThrow();
    return {
      new: Number(row.new ?? 0),
      thisWeek: Number(row.thisWeek ?? 0),
      toCallBack: Number(row.toCallBack ?? 0),
    };
  }

  /** Sets the status of the given leads; returns how many changed. */
  async setStatus(ids: readonly string[], status: LeadStatus): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable("leads")
      .set({ status })
      .where("id", "in", ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes the leads permanently (with their queued notifications); returns how many went. */
  async deleteByIds(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom("leads").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every lead of one person, by e-mail (any case) or phone (any punctuation), newest first. */
  async findByContact(contact: { email?: string; phone?: string }): Promise<Lead[]> {
    const email = emailKey(contact.email ?? null);
    const phone = phoneKey(contact.phone ?? null);
    if (!email && !phone) return [];
    const rows = await this.db
      .selectFrom("leads")
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(email ? [eb("email_key", "=", email)] : []),
          ...(phone ? [eb("phone_key", "=", phone)] : []),
        ]),
      )
      .orderBy("received_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toLead);
  }

  /** Retention: deletes every lead received more than `months` months before `now`. */
  async deleteOlderThan(months: number, now: Date): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    const result = await this.db
      .deleteFrom("leads")
      .where("received_at", "<", iso(cutoff))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Notifications whose time has come, oldest first. */
  async dueNotifications(now: Date, limit: number): Promise<OutboxItem[]> {
    const rows = await this.db
      .selectFrom("outbox")
      .select(["id", "lead_id", "channel", "attempts", "next_attempt_at"])
      .where("sent_at", "is", null)
      .where("given_up_at", "is", null)
      .where("next_attempt_at", "<=", iso(now))
      .orderBy("next_attempt_at")
      .limit(limit)
      .execute();
    const claimed: OutboxItem[] = [];
    for (const row of rows) {
      // Claimed by moving its next attempt past the time a delivery may take: a second worker
      // (another process on the same PostgreSQL) sees the row changed and leaves it.
      const result = await this.db
        .updateTable("outbox")
        .set({ next_attempt_at: iso(new Date(now.getTime() + claimMs)) })
        .where("id", "=", row.id)
        .where("next_attempt_at", "=", row.next_attempt_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        claimed.push({ id: row.id, leadId: row.lead_id, channel: row.channel, attempts: row.attempts });
    }
    return claimed;
  }

  async markSent(item: OutboxItem, now: Date): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable("outbox")
        .set({ sent_at: iso(now), attempts: item.attempts + 1, last_error: null })
        .where("id", "=", item.id)
        .execute();
      await updateNotificationState(transaction, item.leadId);
    });
  }

  /** Records a failed attempt: retried at `retryAt`, or given up when that is null. */
  async markFailed(item: OutboxItem, error: string, retryAt: Date | null, now: Date): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable("outbox")
        .set({
          attempts: item.attempts + 1,
          last_error: error.slice(0, 500),
          next_attempt_at: retryAt ? iso(retryAt) : iso(now),
          given_up_at: retryAt ? null : iso(now),
        })
        .where("id", "=", item.id)
        .execute();
      await updateNotificationState(transaction, item.leadId);
    });
  }

  async outboxOf(leadId: string): Promise<Selectable<OutboxTable>[]> {
    return this.db
      .selectFrom("outbox")
      .selectAll()
      .where("lead_id", "=", leadId)
      .orderBy("channel")
      .execute();
  }

  private filtered(filter: LeadFilter) {
    let query = this.db.selectFrom("leads");
    query = filter.status ? query.where("status", "=", filter.status) : query.where("status", "!=", "spam");
    if (filter.formId) query = query.where("form_id", "=", filter.formId);
    if (filter.handoff && filter.handoff.length > 0) query = query.where("handoff", "in", filter.handoff);
    if (filter.receivedFrom) query = query.where("received_at", ">=", iso(filter.receivedFrom));
    if (filter.receivedAfter) query = query.where("received_at", ">", iso(filter.receivedAfter));
    if (filter.receivedBefore) query = query.where("received_at", "<", iso(filter.receivedBefore));
    const needle = filter.search ? normaliseForSearch(filter.search) : "";
    if (needle) {
      const digits = filter.search!.replace(/\D/g, "");
      const like = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref("search_text")} like ${like(needle)} escape '\\'`,
          // "1155555555" finds "11 5555-5555": the phone's digits are in search_text too.
          ...(digits.length >= 4 && digits !== needle
            ? [sql<boolean>`${eb.ref("search_text")} like ${like(digits)} escape '\\'`]
            : []),
        ]),
      );
    }
    return query;
  }

  /** The key of the client-address hash: random, made on first use, kept in the database. */
  private async clientAddressKey(): Promise<Buffer> {
    if (this.ipKey) return this.ipKey;
    const name = "client-address-key";
    await this.db
      .insertInto("settings")
      .values({ key: name, value: randomBytes(32).toString("base64") })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", name)
      .executeTakeFirstOrThrow();
    this.ipKey = Buffer.from(row.value, "base64");
    return this.ipKey;
  }
}

type LeadWrite = { row: LeadsTable; outbox: OutboxTable[] };

/** Writes leads and their queued notifications in one transaction. */
async function writeLeads(db: Kysely<LeadDatabase>, writes: LeadWrite[]): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto("leads")
      .values(writes.map((write) => write.row))
      .execute();
    const outbox = writes.flatMap((write) => write.outbox);
    if (outbox.length > 0) await transaction.insertInto("outbox").values(outbox).execute();
  });
}

/** How long a claimed notification is left alone before another worker may try it. */
const claimMs = 2 * 60_000;

async function updateNotificationState(db: Kysely<LeadDatabase>, leadId: string): Promise<void> {
  const rows = await db
    .selectFrom("outbox")
    .select(["sent_at", "given_up_at"])
    .where("lead_id", "=", leadId)
    .execute();
  const state: NotificationState = rows.some((row) => row.given_up_at)
    ? "failed"
    : rows.every((row) => row.sent_at)
      ? "sent"
      : "pending";
  await db.updateTable("leads").set({ notification: state }).where("id", "=", leadId).execute();
}

function sqliteDialect(dataDir: string): SqliteDialect {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  return new SqliteDialect({ database: async () => openSqliteDatabase(join(directory, sqliteFileName)) });
}

export type HealthResult = { ok: true } | { ok: false; cause: string };
type HealthProof = { result: Promise<HealthResult>; settledAt: number | undefined };
/** How long a successful write proves the database to /api/health. */
export const healthProofMs = 1_000;

/** How long a lead's write or a health check may wait for the database before it is a 503. */
export const answerWithinMs = 2_000;

/** A problem with the storage, worded for the owner (health, the log, start-up). */
class StorageProblem extends Error {}

function identityOf(file: string): string | undefined {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats && `${stats.dev}:${stats.ino}`;
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StorageProblem(`la base de leads no respondió en ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** One sentence naming why the database cannot store a lead, from whatever the driver threw. */
export function storageProblem(error: unknown): string {
  if (error instanceof StorageProblem) return error.message;
  const text = [error, (error as { cause?: unknown } | undefined)?.cause]
    .map((part) =>
      part instanceof Error ? `${(part as NodeJS.ErrnoException).code ?? ""} ${part.message}` : "",
    )
    .join(" ");
  if (/readonly|read-only|EROFS|EACCES|permission denied/i.test(text))
    return `la base de leads es de solo lectura para este servicio (${oneLine(text)})`;
  if (/SQLITE_FULL|database or disk is full|ENOSPC|No space left|disk full/i.test(text))
    return `el disco de la base de leads está lleno (${oneLine(text)})`;
  if (/ECONNREFUSED|ENOTFOUND|timeout|terminated|Connection/i.test(text))
    return `la base de leads no responde (${oneLine(text)})`;
  return oneLine(error instanceof Error ? error.message : String(error));
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

/** Connections the store keeps open to PostgreSQL at most. */
export const postgresPoolSize = 10;

function postgresDialect(
  connectionString: string,
  max = postgresPoolSize,
  connectionTimeoutMillis = 2_000,
): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A database that does not answer must turn into a quick 503, not a hanging visitor.
    connectionTimeoutMillis,
    query_timeout: 10_000,
  });
  // A connection dropped by the server (a restart, a crash) must not take the service down: an
  // idle one is replaced on next use; one in use fails its query, which answers 503. Without a
  // listener on each client, a drop while a query runs would be an uncaught error.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return new PostgresDialect({ pool });
}

/** 128 random bits, URL-safe: never guessable, never a counter. */
export function randomId(): string {
  return randomBytes(16).toString("base64url");
}

function iso(date: Date): string {
  return date.toISOString();
}

function toLead(row: Selectable<LeadsTable>): Lead {
  return {
    id: row.id,
    receivedAt: new Date(row.received_at),
    formId: row.form_id,
    page: row.page,
    values: JSON.parse(row.answers) as LeadValues,
    handoff: row.handoff,
    clientIpHash: row.client_ip_hash,
    userAgent: row.user_agent,
    status: row.status,
    notification: row.notification,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    origin: {
      landing: row.origin_landing,
      referrer: row.origin_referrer,
      utmSource: row.origin_utm_source,
      utmMedium: row.origin_utm_medium,
      utmCampaign: row.origin_utm_campaign,
      lang: row.origin_lang,
      device: row.origin_device,
    },
  };
}

function originColumns(origin: LeadOrigin) {
  return {
    origin_landing: origin.landing,
    origin_referrer: origin.referrer,
    origin_utm_source: origin.utmSource,
    origin_utm_medium: origin.utmMedium,
    origin_utm_campaign: origin.utmCampaign,
    origin_lang: origin.lang,
    origin_device: origin.device,
  };
}

function emailKey(email: string | null): string | null {
  const key = email?.trim().toLowerCase();
  // No stored e-mail holds a control character (PostgreSQL refuses a NUL in text): none matches.
  if (key && /\p{Cc}/u.test(key)) return null;
  return key || null;
}

function phoneKey(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, "") ?? "";
  return digits.length >= 6 ? digits.slice(-8) : null;
}

export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

function searchText(contact: Contact): string {
  const phoneDigits = contact.phone?.replace(/\D/g, "") ?? "";
  return [contact.name, contact.email, contact.phone, phoneDigits]
    .filter(Boolean)
    .map((part) => normaliseForSearch(part!))
    .join(" | ");
}
