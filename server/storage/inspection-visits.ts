import { sql, type Kysely, type Transaction } from "kysely";
import type { Migration } from "kysely/migration";

import type { FeatureBackup } from "./feature-backup.ts";
import type { DatabaseKind, FeatureTables } from "./migrations.ts";
import { randomId } from "./lead-writes.ts";
import type { LeadDatabase } from "./schema.ts";

/**
 * The inspection visit's rows (decision 0039), registered by the visits feature
 * (server/visits/feature.ts) as its own tables: the owner's agenda, the offers sent from a
 * lead, the visits confirmed from them, and each visit's reminders. "Never two visits at
 * once" is the database's own rule here, not a check before the write: PostgreSQL refuses an
 * overlapping confirmed visit with an exclusion constraint, SQLite with a trigger, and on
 * SQLite the pick runs in an immediate transaction so no other connection writes between the
 * offer's check and the visit's insert.
 */

/** A visit's window: ISO-8601 UTC instants, start included, end excluded. */
export type VisitWindow = { startsAt: string; endsAt: string };

export const offerStates = ["open", "confirmed", "cancelled"] as const;
export type OfferState = (typeof offerStates)[number];

/** Confirmed holds the owner's time; every other state frees it. */
export const visitStates = ["confirmed", "cancelled", "done", "no-show", "rescheduled"] as const;
export type VisitState = (typeof visitStates)[number];

/**
 * The client's two reminders, the owner's list of the day's visits (decision 0041), and the
 * notice of a confirmation, change or cancellation with its `visita.ics`, one to the owner and
 * one to the client (decision 0046): every e-mail of a visit leaves through the same durable job.
 */
export const reminderKinds = [
  "client-24h",
  "client-2h",
  "owner-day",
  "notice-owner",
  "notice-client",
] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** E-mail is sent by the reminders' job; WhatsApp waits in the owner's list, sent by her with one tap. */
export const reminderChannels = ["email", "whatsapp"] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

type VisitAgendaTable = { key: string; value: string };
type VisitOffersTable = {
  id: string;
  lead_id: string;
  token_hash: string;
  lang: string;
  /** JSON list of VisitWindow. */
  windows: string;
  created_at: string;
  expires_at: string;
  state: OfferState;
  visit_id: string | null;
};
type InspectionVisitsTable = {
  id: string;
  offer_id: string;
  lead_id: string;
  sequence: number;
  starts_at: string;
  ends_at: string;
  /** The visit with half the travel buffer on each side: two visits' blocks never meet. */
  blocked_from: string;
  blocked_until: string;
  state: VisitState;
  /** JSON: the property's address (tower, floor, unit, or a street address). */
  property: string;
  /** JSON: who opens, names to pre-authorise, parking, occupied, notes. */
  access: string;
  created_at: string;
  updated_at: string;
  /** When the owner marked it «Visita hecha» (migration visits-0003). */
  done_at: string | null;
  /** When the report is promised by: the visit's end plus the published delivery hours' upper bound. */
  report_due_at: string | null;
  /** When the owner marked «Informe entregado». */
  report_delivered_at: string | null;
};
type VisitRemindersTable = {
  id: string;
  visit_id: string;
  kind: ReminderKind;
  due_at: string;
  sent_at: string | null;
  channel: ReminderChannel;
  /** The round that holds the reminder (decision 0041): only its holder may mark it sent. */
  claim_id: string | null;
  /** Until when the claim holds; after it, a restarted process takes the reminder over. */
  claimed_until: string | null;
  attempts: number;
  last_error: string | null;
  /** A client notice's link token (the link is stored only hashed): kept until the notice is sent. */
  link_token: string | null;
};

export type VisitDatabase = LeadDatabase & {
  visit_agenda: VisitAgendaTable;
  visit_offers: VisitOffersTable;
  inspection_visits: InspectionVisitsTable;
  visit_reminders: VisitRemindersTable;
};

/** What the database says when a confirmed visit would overlap another (the trigger's words). */
const sqliteOverlap = "visit-overlap";
/** PostgreSQL's exclusion_violation. */
const postgresOverlap = "23P01";

/** The visits feature's tables, by migration name (server/platform/, decision 0038). */
export const inspectionVisitTables: FeatureTables = (kind: DatabaseKind): Record<string, Migration> => ({
  "visits-0001-offers-visits-reminders": {
    async up(db: Kysely<unknown>) {
      // PostgreSQL compares the blocks as instants (the constraint needs a real range); SQLite
      // compares fixed-width ISO text, which sorts as time does.
      const instant = kind === "postgres" ? "timestamptz" : "text";
      await db.schema
        .createTable("visit_agenda")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("visit_offers")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text", (column) => column.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (column) => column.notNull().unique())
        .addColumn("lang", "text", (column) => column.notNull())
        .addColumn("windows", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("expires_at", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("visit_id", "text")
        .execute();
      await db.schema.createIndex("visit_offers_lead").on("visit_offers").column("lead_id").execute();
      await db.schema
        .createTable("inspection_visits")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("offer_id", "text", (column) =>
          column.notNull().references("visit_offers.id").onDelete("cascade"),
        )
        .addColumn("lead_id", "text", (column) => column.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("sequence", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("starts_at", "text", (column) => column.notNull())
        .addColumn("ends_at", "text", (column) => column.notNull())
        .addColumn("blocked_from", instant, (column) => column.notNull())
        .addColumn("blocked_until", instant, (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("property", "text", (column) => column.notNull())
        .addColumn("access", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("updated_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("inspection_visits_state_start")
        .on("inspection_visits")
        .columns(["state", "starts_at"])
        .execute();
      await db.schema
        .createIndex("inspection_visits_lead")
        .on("inspection_visits")
        .column("lead_id")
        .execute();
      if (kind === "postgres") {
        // A range-only exclusion needs no btree_gist (that extension is for mixing equality
        // columns into the constraint; one appraiser's calendar has none).
        await sql`
          alter table inspection_visits add constraint inspection_visits_never_overlap
          exclude using gist (tstzrange(blocked_from, blocked_until, '[)') with &&)
          where (state = 'confirmed')
        `.execute(db);
      } else {
        const overlapping = (self: string) =>
          sql.raw(`
          select raise(abort, '${sqliteOverlap}') where exists (
            select 1 from inspection_visits
            where state = 'confirmed' and ${self}
              and blocked_from < new.blocked_until and new.blocked_from < blocked_until
          )`);
        await sql`
          create trigger inspection_visits_never_overlap_insert
          before insert on inspection_visits when new.state = 'confirmed'
          begin ${overlapping("1 = 1")}; end
        `.execute(db);
        await sql`
          create trigger inspection_visits_never_overlap_update
          before update of state, blocked_from, blocked_until on inspection_visits when new.state = 'confirmed'
          begin ${overlapping("id <> new.id")}; end
        `.execute(db);
      }
      await db.schema
        .createTable("visit_reminders")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("visit_id", "text", (column) =>
          column.notNull().references("inspection_visits.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("due_at", "text", (column) => column.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema.createIndex("visit_reminders_due").on("visit_reminders").column("due_at").execute();
    },
  },
  // Reminders as durable jobs (decision 0041): each one's channel, and the claim a round holds
  // while it sends (who holds it, until when), with its tries and last error.
  "visits-0002-reminder-claims": {
    async up(db: Kysely<unknown>) {
      for (const [column, type, required] of [
        ["channel", "text", true],
        ["claim_id", "text", false],
        ["claimed_until", "text", false],
        ["attempts", "integer", true],
        ["last_error", "text", false],
      ] as const)
        await db.schema
          .alterTable("visit_reminders")
          .addColumn(column, type, (definition) =>
            required ? definition.notNull().defaultTo(column === "attempts" ? 0 : "email") : definition,
          )
          .execute();
      await db.schema.createIndex("visit_reminders_claim").on("visit_reminders").column("claim_id").execute();
      await db.schema.createIndex("visit_reminders_visit").on("visit_reminders").column("visit_id").execute();
    },
  },
  // A restore writes a visit as `insert … on conflict (id) do update` (decision 0042). SQLite runs
  // a BEFORE INSERT trigger before it knows the insert becomes an update, so the trigger must not
  // count the visit's own stored row as the one it overlaps.
  "visits-0003-overlap-ignores-itself": {
    async up(db: Kysely<unknown>) {
      if (kind === "postgres") return;
      await sql`drop trigger inspection_visits_never_overlap_insert`.execute(db);
      await sql`
        create trigger inspection_visits_never_overlap_insert
        before insert on inspection_visits when new.state = 'confirmed'
        begin ${overlappingSqlite}; end
      `.execute(db);
    },
  },
  // After the visit (issue 46 item 7, decision 0043): when it was marked done, when its report is
  // promised by, when the report went out. ISO text like every other time of these tables.
  "visits-0004-report-clock": {
    async up(db: Kysely<unknown>) {
      for (const column of ["done_at", "report_due_at", "report_delivered_at"])
        await db.schema.alterTable("inspection_visits").addColumn(column, "text").execute();
      await db.schema
        .createIndex("inspection_visits_report_due")
        .on("inspection_visits")
        .columns(["report_delivered_at", "report_due_at"])
        .execute();
    },
  },
  // The notices of a visit's changes leave through the reminders' job (decision 0046); a client's
  // notice carries its link, whose token waits here only until the e-mail is sent.
  "visits-0005-notice-link": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("visit_reminders").addColumn("link_token", "text").execute();
    },
  },
});

/** SQLite's refusal of a confirmed visit that meets another confirmed one (never itself). */
const overlappingSqlite = sql.raw(`
  select raise(abort, '${sqliteOverlap}') where exists (
    select 1 from inspection_visits
    where state = 'confirmed' and id <> new.id
      and blocked_from < new.blocked_until and new.blocked_from < blocked_until
  )`);

/**
 * What the off-site copy carries of the visit (decision 0042): every table, each change within
 * seconds (a confirmed visit, its address and its access are personal data the client was told
 * are kept), parents before children so a restore writes them in order.
 * - `visit_agenda`: the availability and the calendar feed's secret, as its hash: a restored
 *   service keeps the owner's phone subscribed, and a secret she replaced stays replaced.
 * - `visit_reminders`: with `sent_at`, so a restored service never sends a reminder again; the
 *   claim belonged to the lost process and is forgotten.
 * - `inspection_visits`: freed before a change set writes them, so two visits that swapped
 *   times in one change set are written whatever their order.
 */
export const inspectionVisitBackup: FeatureBackup = {
  tables: inspectionVisitTables,
  backedUp: [
    { name: "visit_agenda", key: ["key"], continuous: true },
    { name: "visit_offers", key: ["id"], continuous: true },
    {
      name: "inspection_visits",
      key: ["id"],
      continuous: true,
      releasedBeforeReplay: { column: "state", value: "rescheduled" },
    },
    {
      name: "visit_reminders",
      key: ["id"],
      continuous: true,
      forgottenOnRestore: ["claim_id", "claimed_until", "link_token"],
    },
  ],
};

/** An offer as the feature reads it. */
export type VisitOffer = {
  id: string;
  leadId: string;
  lang: string;
  windows: VisitWindow[];
  createdAt: string;
  expiresAt: string;
  state: OfferState;
  visitId: string | null;
};

/** A visit as the feature reads it. */
export type InspectionVisit = {
  id: string;
  offerId: string;
  leadId: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  state: VisitState;
  property: unknown;
  access: unknown;
  createdAt: string;
  updatedAt: string;
  doneAt: string | null;
  reportDueAt: string | null;
  reportDeliveredAt: string | null;
};

/** A visit's rows counted per lead's page and source (the results' funnel, decision 0043). */
export type FunnelCount = {
  page: string | null;
  campaign: string | null;
  utmSource: string | null;
  referrer: string | null;
  leads: number;
  offered: number;
  confirmed: number;
  done: number;
  delivered: number;
};

export type NewVisit = {
  id: string;
  window: VisitWindow;
  /** The travel buffer kept free around it, in minutes. */
  bufferMinutes: number;
  property: unknown;
  access: unknown;
};

/** A reminder to write with its visit: what, how, and when it is due (ISO UTC). */
export type NewReminder = {
  kind: ReminderKind;
  channel: ReminderChannel;
  dueAt: string;
  /** A client notice's link token, erased once the notice is sent. */
  linkToken?: string;
};

/** A reminder as the feature reads it. */
export type VisitReminder = {
  id: string;
  visitId: string;
  kind: ReminderKind;
  channel: ReminderChannel;
  dueAt: string;
  sentAt: string | null;
  claimId: string | null;
  claimedUntil: string | null;
  attempts: number;
  lastError: string | null;
  linkToken: string | null;
};

/** How a pick ended: confirmed, the window taken by another visit, or the offer no longer open. */
export type PickOutcome =
  { outcome: "confirmed"; visit: InspectionVisit } | { outcome: "taken" } | { outcome: "closed" };

export class InspectionVisitRows {
  private readonly db: Kysely<VisitDatabase>;
  private readonly kind: DatabaseKind;

  constructor(db: Kysely<LeadDatabase>, kind: DatabaseKind) {
    this.db = db as unknown as Kysely<VisitDatabase>;
    this.kind = kind;
  }

  /** One agenda value (the availability, the feed's secret), JSON. */
  async agenda(key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom("visit_agenda")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async setAgenda(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto("visit_agenda")
      .values({ key, value: text })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: text }))
      .execute();
  }

  async insertOffer(offer: VisitOffer & { tokenHash: string }): Promise<void> {
    await this.db
      .insertInto("visit_offers")
      .values({
        id: offer.id,
        lead_id: offer.leadId,
        token_hash: offer.tokenHash,
        lang: offer.lang,
        windows: JSON.stringify(offer.windows),
        created_at: offer.createdAt,
        expires_at: offer.expiresAt,
        state: offer.state,
        visit_id: offer.visitId,
      })
      .execute();
  }

  async offerByTokenHash(tokenHash: string): Promise<VisitOffer | undefined> {
    const row = await this.db
      .selectFrom("visit_offers")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row && offerOf(row);
  }

  /** The offers still open that hold a window starting at `startsAt` (the inbox's «ya ofrecido»). */
  async openOffers(now: string): Promise<VisitOffer[]> {
    const rows = await this.db
      .selectFrom("visit_offers")
      .selectAll()
      .where("state", "=", "open")
      .where("expires_at", ">", now)
      .execute();
    return rows.map(offerOf);
  }

  /** The offer a visit was picked from. */
  async offerOfVisit(visitId: string): Promise<VisitOffer | undefined> {
    const row = await this.db
      .selectFrom("visit_offers")
      .selectAll()
      .where("visit_id", "=", visitId)
      .executeTakeFirst();
    return row && offerOf(row);
  }

  /** A lead's offers, newest first. */
  async offersOf(leadId: string): Promise<VisitOffer[]> {
    const rows = await this.db
      .selectFrom("visit_offers")
      .selectAll()
      .where("lead_id", "=", leadId)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map(offerOf);
  }

  async visit(id: string): Promise<InspectionVisit | undefined> {
    const row = await this.db
      .selectFrom("inspection_visits")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && visitOf(row);
  }

  /** The confirmed visits whose time meets [from, to): what a new window must leave free. */
  async confirmedBetween(from: string, to: string): Promise<InspectionVisit[]> {
    const rows = await this.db
      .selectFrom("inspection_visits")
      .selectAll()
      .where("state", "=", "confirmed")
      .where("ends_at", ">", from)
      .where("starts_at", "<", to)
      .orderBy("starts_at")
      .execute();
    return rows.map(visitOf);
  }

  /**
   * Confirms one of an open offer's windows, at once. The offer is closed and the visit
   * written in one transaction (immediate on SQLite); when the database refuses the visit
   * because another confirmed one overlaps it, nothing is written and the pick is "taken".
   */
  async confirm(
    offerId: string,
    visit: NewVisit,
    now: string,
    reminders: readonly NewReminder[] = [],
  ): Promise<PickOutcome> {
    const blocked = blockOf(visit.window, visit.bufferMinutes);
    try {
      return await this.immediately(async (transaction) => {
        const closed = await transaction
          .updateTable("visit_offers")
          .set({ state: "confirmed", visit_id: visit.id })
          .where("id", "=", offerId)
          .where("state", "=", "open")
          .where("expires_at", ">", now)
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) return { outcome: "closed" } as const;
        const offer = await transaction
          .selectFrom("visit_offers")
          .select("lead_id")
          .where("id", "=", offerId)
          .executeTakeFirstOrThrow();
        const row = {
          id: visit.id,
          offer_id: offerId,
          lead_id: offer.lead_id,
          sequence: 0,
          starts_at: visit.window.startsAt,
          ends_at: visit.window.endsAt,
          blocked_from: blocked.from,
          blocked_until: blocked.until,
          state: "confirmed" as const,
          property: JSON.stringify(visit.property),
          access: JSON.stringify(visit.access),
          created_at: now,
          updated_at: now,
          done_at: null,
          report_due_at: null,
          report_delivered_at: null,
        };
        await transaction.insertInto("inspection_visits").values(row).execute();
        // The reminders go in with the visit: a confirmed visit never lacks them (decision 0041).
        await insertReminders(transaction, visit.id, reminders);
        return { outcome: "confirmed", visit: visitOf(row) } as const;
      });
    } catch (error) {
      if (this.isOverlap(error)) return { outcome: "taken" };
      throw error;
    }
  }

  /**
   * Moves a confirmed visit to another window (SEQUENCE rises), or refuses when another
   * confirmed visit holds that time.
   */
  async reschedule(
    id: string,
    window: VisitWindow,
    bufferMinutes: number,
    now: string,
    reminders: readonly NewReminder[] = [],
  ): Promise<"moved" | "taken" | "closed"> {
    const blocked = blockOf(window, bufferMinutes);
    try {
      const moved = await this.immediately(async (transaction) => {
        const result = await transaction
          .updateTable("inspection_visits")
          .set((update) => ({
            starts_at: window.startsAt,
            ends_at: window.endsAt,
            blocked_from: blocked.from,
            blocked_until: blocked.until,
            sequence: sql<number>`${update.ref("sequence")} + 1`,
            updated_at: now,
          }))
          .where("id", "=", id)
          .where("state", "=", "confirmed")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return "closed" as const;
        // The reminders not yet sent follow the visit to its new time, in the same transaction.
        await dropUnsentReminders(transaction, id);
        await insertReminders(transaction, id, reminders);
        return "moved" as const;
      });
      return moved;
    } catch (error) {
      if (this.isOverlap(error)) return "taken";
      throw error;
    }
  }

  /**
   * Ends a confirmed visit in another state (cancelled, done, no-show, rescheduled): its time is
   * free again and its unsent reminders are dropped, in one transaction. `startedBy` refuses a
   * visit that has not begun at that instant (done and no-show say what happened); `reportDueAt`
   * starts a done visit's report clock.
   */
  async settle(
    id: string,
    state: Exclude<VisitState, "confirmed">,
    now: string,
    after: { startedBy?: string; reportDueAt?: string; notices?: readonly NewReminder[] } = {},
  ): Promise<boolean> {
    return this.immediately(async (transaction) => {
      let update = transaction
        .updateTable("inspection_visits")
        .set((update) => ({
          state,
          updated_at: now,
          sequence: sql<number>`${update.ref("sequence")} + 1`,
          ...(state === "done" ? { done_at: now, report_due_at: after.reportDueAt ?? null } : {}),
        }))
        .where("id", "=", id)
        .where("state", "=", "confirmed");
      if (after.startedBy) update = update.where("starts_at", "<=", after.startedBy);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // A visit that no longer happens has nothing left to remind (decision 0041); its
      // cancellation's notices go in with it (decision 0046).
      await dropUnsentReminders(transaction, id);
      await insertReminders(transaction, id, after.notices ?? []);
      return true;
    });
  }

  /** «Informe entregado»: closes a done visit's report clock, once. */
  async deliverReport(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("inspection_visits")
      .set({ report_delivered_at: now, updated_at: now })
      .where("id", "=", id)
      .where("state", "=", "done")
      .where("report_delivered_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The done visits whose report has not gone out, the one promised soonest first. */
  async reportsToDeliver(): Promise<InspectionVisit[]> {
    const rows = await this.db
      .selectFrom("inspection_visits")
      .selectAll()
      .where("state", "=", "done")
      .where("report_delivered_at", "is", null)
      .orderBy("report_due_at")
      .execute();
    return rows.map(visitOf);
  }

  /**
   * The funnel of the leads received in [from, to), spam excluded (decision 0043): per page and
   * source, how many leads, how many were offered a visit, had one confirmed, had it done, and
   * got the report. Each lead counts once per step whatever its number of offers or visits.
   */
  async funnel(from: string, to: string): Promise<FunnelCount[]> {
    const stepOf = (condition: ReturnType<typeof sql>) =>
      sql<number>`sum(case when exists (${condition}) then 1 else 0 end)`;
    const rows = await this.db
      .selectFrom("leads")
      .where("leads.status", "!=", "spam")
      .where("leads.received_at", ">=", from)
      .where("leads.received_at", "<", to)
      .select((select) => [
        "leads.page",
        "leads.origin_utm_campaign",
        "leads.origin_utm_source",
        "leads.origin_referrer",
        select.fn.countAll<number>().as("leads"),
        stepOf(sql`select 1 from visit_offers where visit_offers.lead_id = leads.id`).as("offered"),
        stepOf(sql`select 1 from inspection_visits where inspection_visits.lead_id = leads.id`).as(
          "confirmed",
        ),
        stepOf(
          sql`select 1 from inspection_visits where inspection_visits.lead_id = leads.id and inspection_visits.state = 'done'`,
        ).as("done"),
        stepOf(
          sql`select 1 from inspection_visits where inspection_visits.lead_id = leads.id and inspection_visits.report_delivered_at is not null`,
        ).as("delivered"),
      ])
      .groupBy([
        "leads.page",
        "leads.origin_utm_campaign",
        "leads.origin_utm_source",
        "leads.origin_referrer",
      ])
      .execute();
    return rows.map((row) => ({
      page: row.page,
      campaign: row.origin_utm_campaign,
      utmSource: row.origin_utm_source,
      referrer: row.origin_referrer,
      leads: Number(row.leads),
      offered: Number(row.offered),
      confirmed: Number(row.confirmed),
      done: Number(row.done),
      delivered: Number(row.delivered),
    }));
  }

  /** A visit's reminders, by due time (the inbox, the tests). */
  async remindersOf(visitId: string): Promise<VisitReminder[]> {
    const rows = await this.db
      .selectFrom("visit_reminders")
      .selectAll()
      .where("visit_id", "=", visitId)
      .orderBy("due_at")
      .orderBy("kind")
      .execute();
    return rows.map(reminderOf);
  }

  /** The e-mail reminders due at `now` that no round holds, oldest first. */
  async dueEmailReminders(now: string, limit: number): Promise<VisitReminder[]> {
    const rows = await this.db
      .selectFrom("visit_reminders")
      .selectAll()
      .where("channel", "=", "email")
      .where("sent_at", "is", null)
      .where("due_at", "<=", now)
      .where((where) => where.or([where("claimed_until", "is", null), where("claimed_until", "<=", now)]))
      .orderBy("due_at")
      .limit(limit)
      .execute();
    return rows.map(reminderOf);
  }

  /**
   * Claims a due reminder for a round, in one statement: the reminder itself, or for the owner's
   * day every unsent reminder of that day (one e-mail lists them all). A reminder another round
   * holds is left alone until its claim runs out. Returns what this claim holds.
   */
  async claimReminders(
    reminder: Pick<VisitReminder, "id" | "kind" | "dueAt">,
    claim: { id: string; until: string; now: string },
  ): Promise<VisitReminder[]> {
    await this.db
      .updateTable("visit_reminders")
      .set((update) => ({
        claim_id: claim.id,
        claimed_until: claim.until,
        attempts: sql<number>`${update.ref("attempts")} + 1`,
      }))
      .where((where) =>
        reminder.kind === "owner-day"
          ? where.and([where("kind", "=", "owner-day"), where("due_at", "=", reminder.dueAt)])
          : where("id", "=", reminder.id),
      )
      .where("channel", "=", "email")
      .where("sent_at", "is", null)
      .where("due_at", "<=", claim.now)
      .where((where) =>
        where.or([where("claimed_until", "is", null), where("claimed_until", "<=", claim.now)]),
      )
      .execute();
    const rows = await this.db
      .selectFrom("visit_reminders")
      .selectAll()
      .where("claim_id", "=", claim.id)
      .where("sent_at", "is", null)
      .execute();
    return rows.map(reminderOf);
  }

  /**
   * Marks a claim's reminders sent, only while the claim is still this round's: a round whose
   * claim ran out and was taken over marks nothing (0), and must not let its e-mail go.
   */
  async markRemindersSent(claimId: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable("visit_reminders")
      .set({ sent_at: now, last_error: null })
      .where("claim_id", "=", claimId)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Erases the client's link from the notices sent. Kept past the mark until the mail server has
   * answered (a notice it refuses is sent again, still with the link), and no longer: called after
   * each round, which also catches a process ended between the mark and the answer.
   */
  async forgetSentLinks(): Promise<void> {
    await this.db
      .updateTable("visit_reminders")
      .set({ link_token: null })
      .where("sent_at", "is not", null)
      .where("link_token", "is not", null)
      .execute();
  }

  /**
   * Gives a claim's reminders back, to be tried at `retryAt`: unsent again when the server
   * refused the e-mail after they were marked.
   */
  async releaseReminders(claimId: string, retryAt: string, error: string): Promise<void> {
    await this.db
      .updateTable("visit_reminders")
      .set({ sent_at: null, claimed_until: retryAt, last_error: error.slice(0, 500) })
      .where("claim_id", "=", claimId)
      .execute();
  }

  /** Drops reminders that can no longer help (their visit has begun or is no longer confirmed). */
  async dropReminders(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom("visit_reminders")
      .where("id", "in", [...ids])
      .execute();
  }

  /** The WhatsApp reminders due and not yet sent, with their visits (the owner's list). */
  async dueWhatsAppReminders(now: string): Promise<{ reminder: VisitReminder; visit: InspectionVisit }[]> {
    const rows = await this.db
      .selectFrom("visit_reminders")
      .innerJoin("inspection_visits", "inspection_visits.id", "visit_reminders.visit_id")
      .selectAll("visit_reminders")
      .select([
        "inspection_visits.offer_id",
        "inspection_visits.lead_id",
        "inspection_visits.sequence",
        "inspection_visits.starts_at",
        "inspection_visits.ends_at",
        "inspection_visits.state",
        "inspection_visits.property",
        "inspection_visits.access",
        "inspection_visits.created_at",
        "inspection_visits.updated_at",
        "inspection_visits.blocked_from",
        "inspection_visits.blocked_until",
        "inspection_visits.done_at",
        "inspection_visits.report_due_at",
        "inspection_visits.report_delivered_at",
      ])
      .where("visit_reminders.channel", "=", "whatsapp")
      .where("visit_reminders.sent_at", "is", null)
      .where("visit_reminders.due_at", "<=", now)
      .where("inspection_visits.state", "=", "confirmed")
      .where("inspection_visits.starts_at", ">", now)
      .orderBy("visit_reminders.due_at")
      .execute();
    return rows.map((row) => ({
      reminder: reminderOf(row),
      visit: visitOf({ ...row, id: row.visit_id }),
    }));
  }

  /** The owner sent a WhatsApp reminder by hand: it leaves her list. */
  async markWhatsAppSent(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("visit_reminders")
      .set({ sent_at: now })
      .where("id", "=", id)
      .where("channel", "=", "whatsapp")
      .where("sent_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The visits confirmed from `from` on (the owner's calendar feed). */
  async confirmedFrom(from: string): Promise<InspectionVisit[]> {
    const rows = await this.db
      .selectFrom("inspection_visits")
      .selectAll()
      .where("state", "=", "confirmed")
      .where("ends_at", ">", from)
      .orderBy("starts_at")
      .execute();
    return rows.map(visitOf);
  }

  /**
   * SQLite: `begin immediate` takes the write lock before the first read, so a writer in
   * another connection (the off-site copy's thread, a second process) cannot slip in between
   * the offer's check and the visit's insert; inside this process Kysely's one connection is
   * already taken one transaction at a time. PostgreSQL: an ordinary transaction, the
   * exclusion constraint decides.
   */
  private async immediately<Result>(
    work: (transaction: Kysely<VisitDatabase>) => Promise<Result>,
  ): Promise<Result> {
    if (this.kind === "postgres")
      return this.db.transaction().execute((transaction: Transaction<VisitDatabase>) => work(transaction));
    return this.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }

  private isOverlap(error: unknown): boolean {
    if (this.kind === "postgres") return (error as { code?: string }).code === postgresOverlap;
    return error instanceof Error && error.message.includes(sqliteOverlap);
  }
}

/** The time a visit keeps from others: half the travel buffer before it and half after. */
export function blockOf(window: VisitWindow, bufferMinutes: number): { from: string; until: string } {
  const half = (bufferMinutes * 60_000) / 2;
  return {
    from: new Date(Date.parse(window.startsAt) - half).toISOString(),
    until: new Date(Date.parse(window.endsAt) + half).toISOString(),
  };
}

async function insertReminders(
  db: Kysely<VisitDatabase>,
  visitId: string,
  reminders: readonly NewReminder[],
): Promise<void> {
  if (reminders.length === 0) return;
  await db
    .insertInto("visit_reminders")
    .values(
      reminders.map((reminder) => ({
        id: randomId(),
        visit_id: visitId,
        kind: reminder.kind,
        channel: reminder.channel,
        due_at: reminder.dueAt,
        sent_at: null,
        claim_id: null,
        claimed_until: null,
        attempts: 0,
        last_error: null,
        link_token: reminder.linkToken ?? null,
      })),
    )
    .execute();
}

async function dropUnsentReminders(db: Kysely<VisitDatabase>, visitId: string): Promise<void> {
  await db
    .deleteFrom("visit_reminders")
    .where("visit_id", "=", visitId)
    .where("sent_at", "is", null)
    .execute();
}

function reminderOf(row: VisitRemindersTable): VisitReminder {
  return {
    id: row.id,
    visitId: row.visit_id,
    kind: row.kind,
    channel: row.channel,
    dueAt: row.due_at,
    sentAt: row.sent_at,
    claimId: row.claim_id,
    claimedUntil: row.claimed_until,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    linkToken: row.link_token,
  };
}

function offerOf(row: VisitOffersTable): VisitOffer {
  return {
    id: row.id,
    leadId: row.lead_id,
    lang: row.lang,
    windows: JSON.parse(row.windows) as VisitWindow[],
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    state: row.state,
    visitId: row.visit_id,
  };
}

function visitOf(row: InspectionVisitsTable): InspectionVisit {
  return {
    id: row.id,
    offerId: row.offer_id,
    leadId: row.lead_id,
    sequence: Number(row.sequence),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    state: row.state,
    property: JSON.parse(row.property) as unknown,
    access: JSON.parse(row.access) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    doneAt: row.done_at ?? null,
    reportDueAt: row.report_due_at ?? null,
    reportDeliveredAt: row.report_delivered_at ?? null,
  };
}
