import type { Kysely } from "kysely";

import type { FileGuard } from "./faults.ts";
import { LeadQueries } from "./lead-queries.ts";
import type { Lead, LeadCounts, LeadFilter, NewLead, Page } from "./lead-types.ts";
import { LeadWriter } from "./lead-writes.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase, LeadStatus } from "./schema.ts";

/**
 * The leads: stored (lead-writes.ts, group commit), listed, searched, counted, their status
 * changed, deleted for the owner, a data subject or the retention (lead-queries.ts).
 */
export class LeadRows {
  private readonly file: FileGuard;
  private readonly writer: LeadWriter;
  private readonly queries: LeadQueries;

  constructor(db: Kysely<LeadDatabase>, kind: DatabaseKind, file: FileGuard) {
    this.file = file;
    this.writer = new LeadWriter(db, kind);
    this.queries = new LeadQueries(db);
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
}
