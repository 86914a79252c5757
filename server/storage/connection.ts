import { join, resolve } from "node:path";

import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";

import { createPrivateFile, createPrivateFolder } from "../private-files.ts";
import { sqliteFileName } from "../service-facts.ts";
import type { DatabaseKind } from "./migrations.ts";
import type { LeadDatabase } from "./schema.ts";
import { openSqliteDatabase } from "./sqlite-database.ts";

/**
 * Opening the database: SQLite (the default, a file in LEADS_DATA_DIR) or
 * PostgreSQL (DATABASE_URL). Same queries, same tests, on both.
 */

export type StorageOptions = { databaseUrl?: string; dataDir: string };

export { sqliteFileName };

/** Connections the store keeps open to PostgreSQL at most. */
export const postgresPoolSize = 10;

export type Connection = { db: Kysely<LeadDatabase>; kind: DatabaseKind; file: string | undefined };

/** The service's own connection: short waits, a pool sized for visitors. */
export function connect(options: StorageOptions): Connection {
  return options.databaseUrl
    ? { db: new Kysely({ dialect: postgresDialect(options.databaseUrl) }), kind: "postgres", file: undefined }
    : {
        db: new Kysely({ dialect: sqliteDialect(options.dataDir) }),
        kind: "sqlite",
        file: join(resolve(options.dataDir), sqliteFileName),
      };
}

/** A worker thread's own connection: no visitor waits on it, so it may wait longer for one. */
export function connectFromWorker(options: StorageOptions): Connection {
  return options.databaseUrl
    ? {
        db: new Kysely({ dialect: postgresDialect(options.databaseUrl, 2, 10_000) }),
        kind: "postgres",
        file: undefined,
      }
    : { db: new Kysely({ dialect: sqliteDialect(options.dataDir) }), kind: "sqlite", file: undefined };
}

function sqliteDialect(dataDir: string): SqliteDialect {
  const directory = resolve(dataDir);
  createPrivateFolder(directory);
  const file = join(directory, sqliteFileName);
  return new SqliteDialect({
    database: async () => {
      // Created 0600 before SQLite opens it: its -wal and -shm files take the same mode.
      createPrivateFile(file);
      return openSqliteDatabase(file);
    },
  });
}

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
