import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";

/**
 * The schema, one migration per change, applied in order on start. Written
 * once with Kysely's schema builder, so SQLite and PostgreSQL get the same
 * tables. Never edit a migration that has shipped: add the next one.
 */
const migrations: Record<string, Migration> = {
  "0001-leads-outbox-settings": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("leads")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("received_at", "text", (column) => column.notNull())
        .addColumn("form_id", "text", (column) => column.notNull())
        .addColumn("page", "text")
        .addColumn("answers", "text", (column) => column.notNull())
        .addColumn("handoff", "text", (column) => column.notNull())
        .addColumn("client_ip_hash", "text", (column) => column.notNull())
        .addColumn("user_agent", "text")
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("notification", "text", (column) => column.notNull())
        .addColumn("contact_name", "text")
        .addColumn("contact_email", "text")
        .addColumn("contact_phone", "text")
        .addColumn("email_key", "text")
        .addColumn("phone_key", "text")
        .addColumn("search_text", "text", (column) => column.notNull())
        .execute();
      // Newest first, alone or within one form or one status; exact look-ups for data-subject requests.
      await db.schema.createIndex("leads_received").on("leads").columns(["received_at", "id"]).execute();
      await db.schema
        .createIndex("leads_form_received")
        .on("leads")
        .columns(["form_id", "received_at"])
        .execute();
      await db.schema
        .createIndex("leads_status_received")
        .on("leads")
        .columns(["status", "received_at"])
        .execute();
      await db.schema.createIndex("leads_email_key").on("leads").column("email_key").execute();
      await db.schema.createIndex("leads_phone_key").on("leads").column("phone_key").execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text", (column) => column.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("channel", "text", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (column) => column.notNull())
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .addColumn("given_up_at", "text")
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").column("next_attempt_at").execute();
      await db.schema.createIndex("outbox_lead").on("outbox").column("lead_id").execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
    },
  },
  "0002-inbox-owner-sessions": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("inbox_owner")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("password_hash", "text", (column) => column.notNull())
        .addColumn("updated_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("inbox_sessions")
        .addColumn("id_hash", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("last_seen_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("inbox_devices")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("last_used_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("inbox_login_failures")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("failures", "integer", (column) => column.notNull())
        .addColumn("last_failure_at", "text", (column) => column.notNull())
        .execute();
    },
  },
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ""} de la base de leads falló`, {
      cause: error,
    });
  }
}
