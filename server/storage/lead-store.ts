import { sql, type Kysely, type Selectable } from "kysely";

import type { RateDecision } from "../leads/rate-limit.ts";
import { connect, connectFromWorker, type Connection, type StorageOptions } from "./connection.ts";
import { BackupRows } from "./backup-rows.ts";
import { FileGuard, storageProblem } from "./faults.ts";
import { HealthProbe, type HealthResult } from "./health.ts";
import { LeadQueries } from "./lead-queries.ts";
import { leadFingerprint, sumLeads, type LeadSums } from "./lead-sums.ts";
import type { Lead, LeadCounts, LeadFilter, NewLead, Page } from "./lead-types.ts";
import { LeadWriter } from "./lead-writes.ts";
import { LoginFailures } from "./login-failures.ts";
import { OwnerRows } from "./owner-rows.ts";
import { SecondFactorRows } from "./second-factor-rows.ts";
import { SitePhotoRows } from "./site-photo-rows.ts";
import { SiteVersionRows } from "./site-version-rows.ts";
import { migrateToLatest, type DatabaseKind } from "./migrations.ts";
import { dueNotifications, markFailed, markSent, outboxOf, type OutboxItem } from "./outbox.ts";
import { forgetFullRateBuckets, takeRateToken } from "./rate-buckets.ts";
import type { LeadDatabase, LeadStatus, OutboxTable } from "./schema.ts";
import { VisitCounts } from "./visit-counts.ts";
import {
  dueSummaries,
  markSummaryFailed,
  markSummarySent,
  queueWeeklySummary,
  type SummaryItem,
} from "./weekly-summary-rows.ts";

/**
 * Where every lead lives: the one entry point of the service and the inbox
 * to the database, on SQLite (the default, a file in LEADS_DATA_DIR) or
 * PostgreSQL (DATABASE_URL). Each concern is a module beside this one:
 * opening (connection.ts), faults and deadlines (faults.ts), health
 * (health.ts), rate buckets, writes (lead-writes.ts, group commit), queries,
 * the outbox and the weekly summaries (one retry-rows.ts for both), search
 * keys, the owner's account and second factors, the backups' rows, the owner's
 * site versions and photos. Only this
 * folder writes SQL (eslint.config.js, decision 0021).
 */

export * from "./lead-types.ts";
export { sqliteFileName, postgresPoolSize, type StorageOptions } from "./connection.ts";
export { answerWithinMs, storageProblem } from "./faults.ts";
export { randomId } from "./lead-writes.ts";
export { normaliseForSearch } from "./search-keys.ts";
export type { OutboxItem } from "./outbox.ts";
export type { LeadSums } from "./lead-sums.ts";
export type { SummaryItem } from "./weekly-summary-rows.ts";

/** The rows of one retry queue, as the queue's worker sees them (notify/retry-queue.ts). */
export type RetryRows<Item extends { attempts: number }> = {
  due(now: Date, limit: number): Promise<Item[]>;
  sent(item: Item, now: Date): Promise<void>;
  failed(item: Item, failure: { error: string; retryAt: Date | null; now: Date }): Promise<void>;
};

export { healthProofMs, type HealthResult } from "./health.ts";

export class LeadStore {
  readonly kind: DatabaseKind;
  /** The open database; the inbox keeps its owner, sessions and login failures in it too (server/inbox/). */
  readonly db: Kysely<LeadDatabase>;
  /** The daily visit counts, in the same database (decision 0016). */
  readonly visits: VisitCounts;
  /** The lead notifications waiting in the outbox. */
  readonly notifications: RetryRows<OutboxItem>;
  /** The owner's weekly summaries waiting to be sent. */
  readonly weeklySummaries: RetryRows<SummaryItem> & { queue(week: string, now: Date): Promise<void> };

  /** The leads of a range summed for the owner's results, and their fingerprint (lead-sums.ts). */
  readonly leadSums: {
    sum(from: string, to: string): Promise<LeadSums>;
    fingerprint(from: string, to: string): Promise<string>;
  };

  /** The inbox's owner, sessions and devices (server/inbox/owner-auth.ts). */
  readonly owner: OwnerRows;
  /** Failed logins and second-factor guesses, per key. */
  readonly loginFailures: LoginFailures;
  /** The owner's passkeys, authenticator app and recovery codes (server/inbox/second-factor/). */
  readonly secondFactors: SecondFactorRows;

  /** What the off-site copy reads and writes (server/backup/). */
  readonly backups: BackupRows;

  /** The owner's site drafts and published versions (server/site/, decision 0020). */
  readonly siteVersions: SiteVersionRows;
  /** The owner's photos: masters, drafts and each version's set (server/site/photos/). */
  readonly sitePhotos: SitePhotoRows;

  private readonly file: FileGuard;
  private readonly writer: LeadWriter;
  private readonly queries: LeadQueries;
  private readonly probe: HealthProbe;

  private constructor({ db, kind, file }: Connection) {
    this.db = db;
    this.kind = kind;
    this.file = new FileGuard(file);
    this.probe = new HealthProbe(db, this.file);
    this.writer = new LeadWriter(db, kind);
    this.queries = new LeadQueries(db);
    // A count, like a lead, is refused while the file it would go to is no longer the database's.
    this.visits = new VisitCounts(
      db,
      kind,
      () => new Date(),
      () => this.file.assertInPlace(),
    );
    this.notifications = {
      due: (now, limit) => dueNotifications(db, now, limit),
      sent: (item, now) => markSent(db, item, now),
      failed: (item, failure) => markFailed(db, item, failure),
    };
    this.owner = new OwnerRows(db);
    this.backups = new BackupRows(db, kind);
    this.loginFailures = new LoginFailures(db);
    this.secondFactors = new SecondFactorRows(db);
    this.siteVersions = new SiteVersionRows(db);
    this.sitePhotos = new SitePhotoRows(db);
    this.leadSums = {
      sum: (from, to) => sumLeads(db, from, to),
      fingerprint: (from, to) => leadFingerprint(db, from, to),
    };
    this.weeklySummaries = {
      queue: (week, now) => queueWeeklySummary(db, week, now),
      due: (now, limit) => dueSummaries(db, now, limit),
      sent: (item, now) => markSummarySent(db, item, now),
      failed: (item, failure) => markSummaryFailed(db, item, failure),
    };
  }

  /**
   * Opens the database named by the options, brings its schema up to date and
   * proves it can be written: a read-only file or a full disk is refused here,
   * with its cause, rather than found by the first visitor.
   */
  static async open(options: StorageOptions): Promise<LeadStore> {
    const store = new LeadStore(connect(options));
    try {
      await migrateToLatest(store.db as Kysely<unknown>, store.kind);
      await store.probe.write();
      store.file.remember();
    } catch (error) {
      await store.close();
      throw new Error(storageProblem(error), { cause: error });
    }
    return store;
  }

  /**
   * The same database from a worker thread (the results' reads, decision 0017; the off-site copy,
   * decision 0019): a connection of its own that may wait longer for the database, no migration,
   * no probe; the service that opened it with `open` keeps it up to date.
   */
  static openOnWorker(options: StorageOptions): LeadStore {
    return new LeadStore(connectFromWorker(options));
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

  /** Whether a lead could be stored right now, proven with a real write (health.ts). */
  health(): Promise<HealthResult> {
    return this.probe.health();
  }

  /** Stores the lead and queues its notifications in one transaction; resolves once committed. */
  async insert(lead: NewLead): Promise<Lead> {
    this.file.assertInPlace();
    return this.writer.insert(lead);
  }

  /**
   * Stores many leads and their notifications in one transaction, each row built exactly as
   * `insert` builds it. For loading leads in bulk (the inbox benchmark's 100,000); the service
   * stores each lead with `insert`. Keep a call to a few hundred leads: every row is one statement's
   * parameters.
   */
  insertMany(leads: readonly NewLead[]): Promise<Lead[]> {
    return this.writer.insertMany(leads);
  }

  /** Takes one submission from the shared token bucket of `key` (rate-buckets.ts). */
  takeRateToken(key: string, perMinute: number): Promise<RateDecision> {
    return takeRateToken(this.db, key, perMinute);
  }

  /** Drops the shared buckets that have refilled completely: they hold no information. */
  forgetFullRateBuckets(perMinute: number): Promise<void> {
    return forgetFullRateBuckets(this.db, perMinute);
  }

  get(id: string): Promise<Lead | undefined> {
    return this.queries.get(id);
  }

  /** Newest first, filtered, one page at a time (the database does the paging). */
  list(filter: LeadFilter, page: Page): Promise<{ leads: Lead[]; total: number }> {
    return this.queries.list(filter, page);
  }

  /** Every lead the filter matches, newest first, in batches (for exports). */
  each(filter: LeadFilter, batchSize?: number): AsyncGenerator<Lead> {
    return this.queries.each(filter, batchSize);
  }

  counts(now: Date): Promise<LeadCounts> {
    return this.queries.counts(now);
  }

  /** Sets the status of the given leads; returns how many changed. */
  setStatus(ids: readonly string[], status: LeadStatus): Promise<number> {
    return this.queries.setStatus(ids, status);
  }

  /** Deletes the leads permanently (with their queued notifications); returns how many went. */
  deleteByIds(ids: readonly string[]): Promise<number> {
    return this.queries.deleteByIds(ids);
  }

  /** Every lead of one person, by e-mail (any case) or phone (any punctuation), newest first. */
  findByContact(contact: { email?: string; phone?: string }): Promise<Lead[]> {
    return this.queries.findByContact(contact);
  }

  /** Retention: deletes every lead received more than `months` months before `now`. */
  deleteOlderThan(months: number, now: Date): Promise<number> {
    return this.queries.deleteOlderThan(months, now);
  }

  /** Notifications whose time has come, oldest first, each claimed for this worker. */
  dueNotifications(now: Date, limit: number): Promise<OutboxItem[]> {
    return this.notifications.due(now, limit);
  }

  markSent(item: OutboxItem, now: Date): Promise<void> {
    return this.notifications.sent(item, now);
  }

  /** Records a failed attempt: retried at `retryAt`, or given up when that is null. */
  markFailed(item: OutboxItem, error: string, retryAt: Date | null, now: Date): Promise<void> {
    return this.notifications.failed(item, { error, retryAt, now });
  }

  outboxOf(leadId: string): Promise<Selectable<OutboxTable>[]> {
    return outboxOf(this.db, leadId);
  }
}
