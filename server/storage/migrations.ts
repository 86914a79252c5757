import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";

/**
 * The schema, one migration per change, applied in order on start. Written
 * once with Kysely's schema builder, so SQLite and PostgreSQL get the same
 * tables; only indexes may differ, where each database searches its own way.
 * Never edit a migration that has shipped: add the next one.
 *
 * Every migration only adds (tables, columns with defaults, indexes, rows): a release keeps
 * working on a database its successors migrated, so going back to any kept release never needs
 * the database put back (deploy/update.sh, decision 0034). A change that removes or renames
 * ships as an addition first and the removal two releases later.
 */
export type DatabaseKind = "sqlite" | "postgres";

const migrations = (kind: DatabaseKind): Record<string, Migration> => ({
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
  // The inbox with 100,000 leads (decision 0012): its list walks the newest first skipping spam,
  // and its search looks for a part of a name, e-mail or phone anywhere in search_text.
  "0003-inbox-list-and-search-indexes": {
    async up(db: Kysely<unknown>) {
      if (kind === "sqlite") {
        // Status and search text in the list's index: a deep page, a search and its count are
        // read from the index alone, never from the rows (SQLite reads a row's columns only when
        // it needs them). Page 2,000: 23 → 6 ms; a search with no match: 46 → 12 ms.
        await db.schema.dropIndex("leads_received").execute();
        await db.schema
          .createIndex("leads_received")
          .on("leads")
          .columns(["received_at", "id", "status", "search_text"])
          .execute();
        return;
      }
      // PostgreSQL reads the row for every index entry anyway; a trigram index answers
      // `search_text like '%…%'` instead (a search with no match: 56 → 0.3 ms). pg_trgm ships with
      // PostgreSQL and may be created by a database's owner; where the role may not, search
      // still works by reading every lead, and docs/deploy.md gives the two statements to run.
      await sql`savepoint search_index`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index leads_search on leads using gin (search_text gin_trgm_ops)`.execute(db);
        await sql`release savepoint search_index`.execute(db);
      } catch (error) {
        await sql`rollback to savepoint search_index`.execute(db);
        console.warn(`Búsqueda de la bandeja sin índice de trigramas (${(error as Error).message}).`);
      }
    },
  },
  // The lead endpoint's rate limit, shared by every instance on one PostgreSQL (on SQLite, one
  // instance per file, the limit stays in memory and this table is unused): a token bucket per
  // client address key, updated in one statement (docs/decisions/0009-lead-storage.md).
  "0005-rate-limit-buckets": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rate_limit_buckets")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("tokens", "double precision", (column) => column.notNull())
        .addColumn("at_ms", "double precision", (column) => column.notNull())
        .addColumn("allowed", "boolean", (column) => column.notNull())
        .execute();
    },
  },
  // Where each lead came from, and the daily visit counts of /bandeja/resultados (decision 0016).
  // Counts only: no address, no user agent, no visitor id; one row per day and combination.
  "0006-visit-counts-and-lead-origin": {
    async up(db: Kysely<unknown>) {
      for (const column of [
        "origin_landing",
        "origin_referrer",
        "origin_utm_source",
        "origin_utm_medium",
        "origin_utm_campaign",
        "origin_lang",
        "origin_device",
      ])
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      // The results read a year of leads by these columns alone: from the index, never the rows.
      await db.schema
        .createIndex("leads_results")
        .on("leads")
        .columns([
          "received_at",
          "status",
          "handoff",
          "page",
          "origin_utm_campaign",
          "origin_utm_source",
          "origin_referrer",
        ])
        .execute();
      await db.schema
        .createTable("visit_counts")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("page", "text", (column) => column.notNull())
        .addColumn("lang", "text", (column) => column.notNull())
        .addColumn("referrer", "text", (column) => column.notNull())
        .addColumn("campaign", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("count", "integer", (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_counts_key", ["day", "page", "lang", "referrer", "campaign", "kind"])
        // SQLite keeps the rows in the key's order, so a range of days is read in one sweep
        // (twelve months of counts, before they were kept in memory: 358 → 304 ms).
        .$call((table) => (kind === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      // The bound on distinct hosts and campaigns a day is checked against these.
      await db.schema
        .createIndex("visit_counts_day_referrer")
        .on("visit_counts")
        .columns(["day", "referrer"])
        .execute();
      // The owner's Monday summaries, one row per week: queued and retried like the outbox's rows
      // (those belong to a lead; a summary belongs to a week).
      await db.schema
        .createTable("weekly_summaries")
        .addColumn("week", "text", (column) => column.primaryKey())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (column) => column.notNull())
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .addColumn("given_up_at", "text")
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("visit_counts_day_campaign")
        .on("visit_counts")
        .columns(["day", "campaign"])
        .execute();
    },
  },
  // Pages and sources counted apart (decision 0017): a day's rows are bounded by the site's pages
  // and by the named sources a day keeps, never by their product.
  "0007-visit-pages-and-sources": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("visit_pages")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("page", "text", (column) => column.notNull())
        .addColumn("lang", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("count", "integer", (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_pages_key", ["day", "page", "kind"])
        .$call((table) => (kind === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      await db.schema
        .createTable("visit_sources")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("referrer", "text", (column) => column.notNull())
        .addColumn("campaign", "text", (column) => column.notNull())
        .addColumn("count", "integer", (column) => column.notNull())
        // When the source last counted: of two equally small, the one unseen longer gives way.
        .addColumn("seen_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("visit_sources_key", ["day", "kind", "referrer", "campaign"])
        .$call((table) => (kind === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      await sql`
        insert into visit_pages (day, page, lang, kind, count)
        select day, page, min(lang), kind, sum(count) from visit_counts group by day, page, kind
      `.execute(db);
      await sql`
        insert into visit_sources (day, kind, referrer, campaign, count, seen_at)
        select day, kind, referrer, campaign, sum(count), day from visit_counts
        group by day, kind, referrer, campaign
      `.execute(db);
      await db.schema.dropTable("visit_counts").execute();
    },
  },
  // The owner's second factor (decision 0018): passkeys (public keys only), the authenticator
  // app's secret, recovery codes (SHA-256 only), the one-use challenges of each ceremony, the
  // half-done sign-ins waiting for their second step, and when each session last confirmed.
  "0008-inbox-second-factor": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("inbox_sessions").addColumn("factor_confirmed_at", "text").execute();
      await db.schema.alterTable("inbox_sessions").addColumn("password_confirmed_at", "text").execute();
      await db.schema
        .createTable("inbox_passkeys")
        .addColumn("credential_id", "text", (column) => column.primaryKey())
        .addColumn("public_key", "text", (column) => column.notNull())
        .addColumn("counter", "bigint", (column) => column.notNull())
        .addColumn("transports", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("last_used_at", "text")
        .execute();
      await db.schema
        .createTable("inbox_totp")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("secret", "text", (column) => column.notNull())
        .addColumn("enabled_at", "text")
        .addColumn("last_step", "bigint", (column) => column.notNull().defaultTo(0))
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("inbox_recovery_codes")
        .addColumn("code_hash", "text", (column) => column.primaryKey())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createTable("inbox_challenges")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("purpose", "text", (column) => column.notNull())
        .addColumn("challenge", "text", (column) => column.notNull())
        .addColumn("session_hash", "text")
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("inbox_second_steps")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("device_hash", "text")
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  // The first factor (decision 0024): single-use codes that reach the owner another way, the
  // first sign-in's stage, and the waiting period of a factor added without a trusted one.
  "0024-first-factor": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("inbox_passkeys").addColumn("trusted_from", "text").execute();
      await db.schema.alterTable("inbox_totp").addColumn("trusted_from", "text").execute();
      await db.schema.alterTable("inbox_sessions").addColumn("trusted_confirmed_at", "text").execute();
      await db.schema.alterTable("inbox_second_steps").addColumn("enrolment", "text").execute();
      await db.schema
        .createTable("inbox_owner_codes")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("purpose", "text", (column) => column.notNull())
        .addColumn("change_at", "text")
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("expires_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  // Off-site backups (decision 0019): the durable queue of rows changed since they were last
  // copied (filled by triggers in the same transaction as the change, see server/backup/), and the
  // backup's own state (lease, newest copy, last verified restore), which no backup carries.
  "0009-backup-changes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("backup_changes")
        .$call((table) =>
          kind === "postgres"
            ? table.addColumn("id", "bigserial", (column) => column.primaryKey())
            : table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement()),
        )
        .addColumn("table_name", "text", (column) => column.notNull())
        .addColumn("row_key", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("backup_state")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
    },
  },
  // What the owner publishes from /bandeja/sitio (decision 0020): the edited facts not yet
  // published, and every publication or undo with who, when, what changed and the facts it
  // built from, so any instance (or a restored backup) can rebuild the pages it served.
  "0010-site-versions": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("site_fact_drafts")
        .addColumn("variable", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .addColumn("updated_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("site_versions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("number", "integer", (column) => column.notNull().unique())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("published_by", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("restored_number", "integer")
        .addColumn("facts", "text", (column) => column.notNull())
        .addColumn("changes", "text", (column) => column.notNull())
        .addColumn("build_id", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .execute();
      // The version every instance serves: one row, switched by compare-and-set ("" = the deployed build).
      await db
        .insertInto("settings" as never)
        .values({ key: "site_current_version", value: "" } as never)
        .execute();
    },
  },
  // The owner's tower edits (decision 0020): drafts per tower, and each version's overrides and changes.
  "0011-site-towers": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("site_tower_drafts")
        .addColumn("slug", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .addColumn("updated_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .alterTable("site_versions")
        .addColumn("towers", "text", (column) => column.notNull().defaultTo("{}"))
        .execute();
      await db.schema
        .alterTable("site_versions")
        .addColumn("tower_changes", "text", (column) => column.notNull().defaultTo("[]"))
        .execute();
    },
  },
  "0012-site-photos": {
    async up(db: Kysely<unknown>) {
      // The owner's photos (decision 0020, photos): the re-encoded master's bytes live in the
      // database, so a table backup holds them and every instance can rebuild a version from them.
      await db.schema
        .createTable("site_photo_files")
        .addColumn("hash", "text", (column) => column.primaryKey())
        .addColumn("bytes", kind === "postgres" ? "bytea" : "blob", (column) => column.notNull())
        .addColumn("width", "integer", (column) => column.notNull())
        .addColumn("height", "integer", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("site_photo_drafts")
        .addColumn("slot", "text", (column) => column.primaryKey())
        .addColumn("hash", "text")
        .addColumn("alt_es", "text", (column) => column.notNull())
        .addColumn("alt_en", "text", (column) => column.notNull())
        .addColumn("updated_at", "text", (column) => column.notNull())
        .execute();
      // Each version's whole set of photos and what changed from the one served before (JSON).
      await db.schema
        .createTable("site_version_photos")
        .addColumn("version_id", "text", (column) => column.primaryKey())
        .addColumn("photos", "text", (column) => column.notNull())
        .addColumn("changes", "text", (column) => column.notNull())
        .execute();
    },
  },
  // The backup queue, cheaper per lead (decision 0019). SQLite: ids without AUTOINCREMENT, so a
  // lead's commit no longer writes the sqlite_sequence page too (a queue id may be reused once
  // its change is copied and forgotten, which nothing relies on). The capture triggers go with
  // the old table and are installed again when the service starts with backups on.
  // PostgreSQL: the first version's one capture function for all tables, dropped once here.
  "0013-backup-queue-ids": {
    async up(db: Kysely<unknown>) {
      if (kind === "postgres") {
        await sql`drop function if exists backup_capture() cascade`.execute(db);
        return;
      }
      await db.transaction().execute(async (transaction) => {
        const triggers = await sql<{ name: string }>`
          select name from sqlite_master where type = 'trigger' and name like 'backup\\_%' escape '\\'
        `.execute(transaction);
        for (const { name } of triggers.rows) await sql`drop trigger ${sql.id(name)}`.execute(transaction);
        await transaction.schema
          .createTable("backup_changes_next")
          .addColumn("id", "integer", (column) => column.primaryKey())
          .addColumn("table_name", "text", (column) => column.notNull())
          .addColumn("row_key", "text", (column) => column.notNull())
          .execute();
        await sql`insert into backup_changes_next select id, table_name, row_key from backup_changes`.execute(
          transaction,
        );
        await transaction.schema.dropTable("backup_changes").execute();
        await transaction.schema.alterTable("backup_changes_next").renameTo("backup_changes").execute();
      });
    },
  },
  // Authenticator apps side by side (decision 0035): a new app is added beside the owner's, never
  // instead of it; a pending secret belongs to whoever drew it (its session's hash), and one drawn
  // before this had none, so it goes. Every factor change kept for the inbox to show.
  "0014-factors-side-by-side": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("inbox_totp").addColumn("enroller_hash", "text").execute();
      await sql`delete from inbox_totp where enabled_at is null`.execute(db);
      await db.schema
        .createTable("inbox_factor_changes")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("at", "text", (column) => column.notNull())
        .addColumn("what", "text", (column) => column.notNull())
        .addColumn("by_session", "text")
        .execute();
    },
  },
});

/**
/**
 * A feature's own tables, registered with the platform (server/platform/, decision 0038): its
 * migrations by name, written for the database at hand. Names are prefixed with the feature's
 * ("visits-0001-…"), so they never meet the service's own or another feature's.
 */
export type FeatureTables = (kind: DatabaseKind) => Record<string, Migration>;

/** The service's own migrations and every registered feature's, by name. */
function knownMigrations(
  kind: DatabaseKind,
  featureTables: readonly FeatureTables[],
): Record<string, Migration> {
  const all = migrations(kind);
  for (const tables of featureTables)
    for (const [name, migration] of Object.entries(tables(kind))) {
      if (name in all) throw new Error(`Dos migraciones con el mismo nombre: ${name}`);
      all[name] = migration;
    }
  return all;
}

/**
 * The migrations this release knows, plus, as already done, the ones a later release applied to
 * this database (Kysely would otherwise refuse it as "corrupted"): they only added what this
 * release does not read.
 */
async function knownAndLater(
  db: Kysely<unknown>,
  known: Record<string, Migration>,
): Promise<Record<string, Migration>> {
  const later = (await appliedMigrations(db)).filter((name) => !(name in known));
  const alreadyApplied: Migration = {
    up: async () => {
      throw new Error("una migración de una versión posterior no se vuelve a aplicar");
    },
  };
  return { ...known, ...Object.fromEntries(later.map((name) => [name, alreadyApplied])) };
}

/** The names in Kysely's record of applied migrations; none before the first start. */
export async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  try {
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return applied.rows.map((row) => row.name);
  } catch {
    return [];
  }
}

export async function migrateToLatest(
  db: Kysely<unknown>,
  kind: DatabaseKind,
  featureTables: readonly FeatureTables[] = [],
): Promise<void> {
  const migrationsFor = await knownAndLater(db, knownMigrations(kind, featureTables));
  const migrator = new Migrator({
    db,
    // Read before the migrator takes its lock: SQLite has one connection, busy inside it.
    provider: { getMigrations: async () => migrationsFor },
    // Each migration stands alone (its own tables), so one written beside another and applied
    // after it (a database that ran a later-numbered one first) is run, not refused.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    const step = failed ? `la migración ${failed.migrationName}` : "la preparación de la base de leads";
    throw new Error(`Falló ${step}: ${cause}`, { cause: error });
  }
}
