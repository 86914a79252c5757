import { sql, type Kysely, type Selectable } from "kysely";

import { connect, connectFromWorker, type Connection, type StorageOptions } from "./connection.ts";
import { BackupRows } from "./backup-rows.ts";
import { FileGuard, storageProblem } from "./faults.ts";
import { HealthProbe, type HealthResult } from "./health.ts";
import { InspectionVisitRows } from "./inspection-visits.ts";
import { LeadRows } from "./lead-rows.ts";
import { leadFingerprint, sumLeads, type LeadSums } from "./lead-sums.ts";
import { LoginFailures } from "./login-failures.ts";
import { OwnerRows } from "./owner-rows.ts";
import { SecondFactorRows } from "./second-factor-rows.ts";
import { SitePhotoRows } from "./site-photo-rows.ts";
import { SiteVersionRows } from "./site-version-rows.ts";
import { migrateToLatest, type DatabaseKind, type FeatureTables } from "./migrations.ts";
import { dueNotifications, markFailed, markSent, outboxOf, type OutboxItem } from "./outbox.ts";
import { forgetFullRateBuckets, takeRateToken, type RateDecision } from "./rate-buckets.ts";
import type { LeadDatabase, OutboxTable } from "./schema.ts";
import { VisitCounts } from "./visit-counts.ts";
import {
  dueSummaries,
  markSummaryFailed,
  markSummarySent,
  queueWeeklySummary,
  type SummaryItem,
} from "./weekly-summary-rows.ts";

/**
 * The service's database, on SQLite (the default, a file in LEADS_DATA_DIR) or
 * PostgreSQL (DATABASE_URL): opened, migrated and proven writable here
 * (connection.ts, migrations.ts, faults.ts, health.ts), and then one handle per
 * feature, each a module beside this one (decision 0033): the leads, their
 * notifications, the rate buckets, the weekly summaries, the visit counts, the
 * results' sums, the owner's account, login failures and second factors, the
 * backups' rows, the site's versions and photos. A feature is given the handles
 * it uses. Only this folder writes SQL (eslint.config.js, decisions 0021, 0033).
 */

export * from "./lead-types.ts";
export { sqliteFileName, postgresPoolSize, type StorageOptions } from "./connection.ts";
export { answerWithinMs, storageProblem } from "./faults.ts";
export { randomId } from "./lead-writes.ts";
export { normaliseForSearch } from "./search-keys.ts";
export type { OutboxItem } from "./outbox.ts";
export type { DatabaseKind, FeatureTables } from "./migrations.ts";
export type { LeadSums } from "./lead-sums.ts";
export type { SummaryItem } from "./weekly-summary-rows.ts";

/** What a feature is given of storage: the handles it names, nothing else (decision 0033). */
export type Handles<Name extends keyof Store> = Pick<Store, Name>;

/** The rows of one retry queue, as the queue's worker sees them (notify/retry-queue.ts). */
export type RetryRows<Item extends { attempts: number }> = {
  due(now: Date, limit: number): Promise<Item[]>;
  sent(item: Item, now: Date): Promise<void>;
  failed(item: Item, failure: { error: string; retryAt: Date | null; now: Date }): Promise<void>;
};

export { healthProofMs, type HealthResult } from "./health.ts";

export class Store {
  readonly kind: DatabaseKind;
  /** The open database: storage's own (eslint.config.js refuses `.db` outside this folder). */
  readonly db: Kysely<LeadDatabase>;
  /** The leads (lead-rows.ts). */
  readonly leads: LeadRows;
  /** The lead notifications waiting in the outbox, and each lead's rows there. */
  readonly notifications: RetryRows<OutboxItem> & { of(leadId: string): Promise<Selectable<OutboxTable>[]> };
  /** The shared per-address token buckets of the lead endpoint, on PostgreSQL (rate-buckets.ts). */
  readonly rateBuckets: {
    take(key: string, perMinute: number): Promise<RateDecision>;
    /** Drops the buckets that have refilled completely: they hold no information. */
    forgetFull(perMinute: number): Promise<void>;
  };
  /** The owner's weekly summaries waiting to be sent. */
  readonly weeklySummaries: RetryRows<SummaryItem> & { queue(week: string, now: Date): Promise<void> };
  /** The daily visit counts, in the same database (decision 0016). */
  readonly visits: VisitCounts;
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

  /**
   * The inspection visits' offers, visits and reminders (server/visits/, decision 0039): tables
   * the visits feature registers with the platform, present once it has opened the database.
   */
  readonly inspectionVisits: InspectionVisitRows;

  private readonly file: FileGuard;
  private readonly probe: HealthProbe;

  private constructor({ db, kind, file }: Connection) {
    this.db = db;
    this.kind = kind;
    this.file = new FileGuard(file);
    this.probe = new HealthProbe(db, this.file);
    this.leads = new LeadRows(db, kind, this.file);
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
      of: (leadId) => outboxOf(db, leadId),
    };
    this.rateBuckets = {
      take: (key, perMinute) => takeRateToken(db, key, perMinute),
      forgetFull: (perMinute) => forgetFullRateBuckets(db, perMinute),
    };
    this.owner = new OwnerRows(db);
    this.backups = new BackupRows(db, kind);
    this.loginFailures = new LoginFailures(db);
    this.secondFactors = new SecondFactorRows(db);
    this.siteVersions = new SiteVersionRows(db);
    this.sitePhotos = new SitePhotoRows(db);
    this.inspectionVisits = new InspectionVisitRows(db, kind);
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
   * with its cause, rather than found by the first visitor. `featureTables` are the
   * tables the platform's features registered (server/platform/, decision 0038).
   */
  static async open(options: StorageOptions, featureTables: readonly FeatureTables[] = []): Promise<Store> {
    const store = new Store(connect(options));
    try {
      await migrateToLatest(store.db as Kysely<unknown>, store.kind, featureTables);
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
  static openOnWorker(options: StorageOptions): Store {
    return new Store(connectFromWorker(options));
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
}
