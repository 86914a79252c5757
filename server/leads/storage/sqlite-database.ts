import { DatabaseSync } from "node:sqlite";

import type { SqliteDatabase } from "kysely";

/**
 * Node's built-in SQLite, shaped as the database object Kysely's SQLite dialect
 * expects (the better-sqlite3 interface). No native addon: nothing to compile
 * or download, and the runtime's own SQLite is the one that runs.
 *
 * WAL with synchronous=FULL: a commit returns only after the WAL is on disk, so
 * a lead acknowledged with 2xx survives a crash or a power cut.
 */
export function openSqliteDatabase(file: string): SqliteDatabase {
  const database = new DatabaseSync(file);
  database.exec(
    [
      "PRAGMA journal_mode = WAL",
      "PRAGMA synchronous = FULL",
      "PRAGMA foreign_keys = ON",
      // Another process (a backup, the sqlite3 shell) may hold the lock for a moment.
      "PRAGMA busy_timeout = 5000",
    ].join(";\n"),
  );
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as SqliteValue[])),
        run: (parameters) => statement.run(...(parameters as SqliteValue[])),
        iterate: (parameters) => statement.iterate(...(parameters as SqliteValue[])),
      };
    },
  };
}

type SqliteValue = null | number | bigint | string | Uint8Array;
