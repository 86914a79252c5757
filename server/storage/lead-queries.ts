import { sql, type Kysely } from "kysely";

import { startOfWeekInBuenosAires } from "#app/lib/buenos-aires-time.ts";
import {
  callBackHandoffs,
  iso,
  toLead,
  type Lead,
  type LeadCounts,
  type LeadFilter,
  type Page,
} from "./lead-types.ts";
import type { LeadDatabase, LeadStatus } from "./schema.ts";
import { emailKey, normaliseForSearch, phoneKey } from "./search-keys.ts";

/** Reading, changing and deleting stored leads: one query for each thing the inbox does. */
export class LeadQueries {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
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
}
