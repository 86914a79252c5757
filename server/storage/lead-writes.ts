import { createHmac, randomBytes } from "node:crypto";

import type { Kysely } from "kysely";

import { iso, originColumns, toLead, unknownOrigin, type Lead, type NewLead } from "./lead-types.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase, LeadsTable, OutboxTable } from "./schema.ts";
import { answerWithinMs, withDeadline } from "./faults.ts";
import { emailKey, phoneKey, searchText } from "./search-keys.ts";

/**
 * Storing leads: each lead and its queued notifications in one transaction.
 * On SQLite, leads that arrive while a commit is on its way to disk are written
 * together in the next transaction (group commit), one fsync for all of them,
 * and each caller still resolves only after its own lead is committed.
 * PostgreSQL does the same on its own across connections.
 */

type LeadWrite = { row: LeadsTable; outbox: OutboxTable[] };

export class LeadWriter {
  private readonly db: Kysely<LeadDatabase>;
  private readonly kind: DatabaseKind;
  private ipKey: Buffer | undefined;
  private waiting: { write: LeadWrite; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private committing: Promise<void> | undefined;

  constructor(db: Kysely<LeadDatabase>, kind: DatabaseKind) {
    this.db = db;
    this.kind = kind;
  }

  /** Stores the lead and queues its notifications; resolves once committed. */
  async insert(lead: NewLead): Promise<Lead> {
    const write = toWrite(lead, await this.clientAddressKey());
    // A database that stops answering turns into a 503 (and the WhatsApp fallback) within
    // `answerWithinMs`; should the write still commit later, the lead is stored, never lost.
    if (this.kind === "postgres") await withDeadline(writeLeads(this.db, [write]), answerWithinMs);
    else await this.commitWithOthers(write);
    return toLead(write.row);
  }

  /** Many leads in one transaction (bulk loading; keep a call to a few hundred leads). */
  async insertMany(leads: readonly NewLead[]): Promise<Lead[]> {
    if (leads.length === 0) return [];
    const key = await this.clientAddressKey();
    const writes = leads.map((lead) => toWrite(lead, key));
    await writeLeads(this.db, writes);
    return writes.map((write) => toLead(write.row));
  }

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

function toWrite(lead: NewLead, key: Buffer): LeadWrite {
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

/** 128 random bits, URL-safe: never guessable, never a counter. */
export function randomId(): string {
  return randomBytes(16).toString("base64url");
}
