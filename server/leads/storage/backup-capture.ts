import { sql, type Kysely } from "kysely";

import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase } from "./schema.ts";
import { backedUpTables } from "./backed-up-tables.ts";

/**
 * Change capture: a trigger on each continuous table queues the key of every inserted, updated or
 * deleted row in `backup_changes`, inside the transaction that changed it. A lead acknowledged with
 * 201 has its queue row committed with it, whatever path wrote it (the endpoint, the inbox, the
 * retention job, a future module), so `kill -9` right after the answer still gets it copied.
 *
 * Installed when the service starts with backups on, from the registry (a table added there gets
 * its triggers at the next start); removed, with the queue, when it starts with backups off, so an
 * unread queue never grows.
 */
export async function installCapture(db: Kysely<LeadDatabase>, kind: DatabaseKind): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    if (kind === "postgres") {
      // Two instances starting together would otherwise race on the same triggers.
      await sql`select pg_advisory_xact_lock(190019)`.execute(transaction);
    }
    for (const table of backedUpTables) {
      await dropTriggers(transaction, kind, table.name);
      if (!table.continuous) continue;
      if (kind === "postgres") {
        // One function per table, naming its key columns: it reads only the key, never the row.
        const key = (row: string) => table.key.map((column) => `${row}.${column}`).join(", ");
        await sql
          .raw(
            `create or replace function backup_capture_${table.name}() returns trigger language plpgsql as $$
            begin
              if tg_op = 'DELETE' then
                insert into backup_changes (table_name, row_key) values ('${table.name}', json_build_array(${key("old")})::text);
              else
                insert into backup_changes (table_name, row_key) values ('${table.name}', json_build_array(${key("new")})::text);
              end if;
              return null;
            end $$`,
          )
          .execute(transaction);
        await sql
          .raw(
            `create trigger backup_${table.name} after insert or update or delete on ${table.name}
             for each row execute function backup_capture_${table.name}()`,
          )
          .execute(transaction);
        continue;
      }
      for (const [event, row] of [
        ["insert", "new"],
        ["update", "new"],
        ["delete", "old"],
      ] as const) {
        const key = table.key.map((column) => `${row}.${column}`).join(", ");
        await sql
          .raw(
            `create trigger backup_${table.name}_${event} after ${event} on ${table.name} begin
               insert into backup_changes (table_name, row_key) values ('${table.name}', json_array(${key}));
             end`,
          )
          .execute(transaction);
      }
    }
  });
}

/** Backups off: no triggers, and no queue left behind to grow or to leak into a later copy. */
export async function removeCapture(db: Kysely<LeadDatabase>, kind: DatabaseKind): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    for (const table of backedUpTables) await dropTriggers(transaction, kind, table.name);
    await transaction.deleteFrom("backup_changes").execute();
  });
}

async function dropTriggers(db: Kysely<LeadDatabase>, kind: DatabaseKind, table: string): Promise<void> {
  // PostgreSQL has one trigger for the three events, named after its table; SQLite one per event.
  const names =
    kind === "postgres"
      ? [`backup_${table}`]
      : ["insert", "update", "delete"].map((event) => `backup_${table}_${event}`);
  for (const name of names)
    await sql.raw(`drop trigger if exists ${name}${kind === "postgres" ? ` on ${table}` : ""}`).execute(db);
  if (kind === "postgres") await sql.raw(`drop function if exists backup_capture_${table}()`).execute(db);
}

/** One queued change: the row of `table` whose key is `key` changed (or went) since the last copy. */
export type QueuedChange = { id: number; table: string; key: unknown[] };

/** The oldest queued changes, up to id `upTo`. */
export async function queuedChanges(
  db: Kysely<LeadDatabase>,
  limit: number,
  upTo: number,
): Promise<QueuedChange[]> {
  const rows = await db
    .selectFrom("backup_changes")
    .selectAll()
    .where("id", "<=", upTo)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    table: row.table_name,
    key: JSON.parse(row.row_key) as unknown[],
  }));
}

/** The newest queued change's id (0 for none): a round ships up to it, so steady traffic cannot keep it going. */
export async function newestQueuedId(db: Kysely<LeadDatabase>): Promise<number> {
  const row = await db
    .selectFrom("backup_changes")
    .select((eb) => eb.fn.max("id").as("newest"))
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/** Forgets exactly the changes now copied (never by range: a PostgreSQL id may commit out of order). */
export async function forgetChanges(
  db: Kysely<LeadDatabase>,
  kind: DatabaseKind,
  ids: readonly number[],
): Promise<void> {
  if (kind === "postgres") {
    // One array parameter: one plan for the whole batch.
    await sql`delete from backup_changes where id = any(${ids}::bigint[])`.execute(db);
    return;
  }
  // One transaction, one commit to disk: the lead writer waits for SQLite's lock meanwhile.
  await db.transaction().execute(async (transaction) => {
    for (let start = 0; start < ids.length; start += 500)
      await transaction
        .deleteFrom("backup_changes")
        .where("id", "in", ids.slice(start, start + 500))
        .execute();
  });
}

export async function countQueuedChanges(db: Kysely<LeadDatabase>): Promise<number> {
  const row = await db
    .selectFrom("backup_changes")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
