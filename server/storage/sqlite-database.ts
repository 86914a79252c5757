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
  const prepared = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  return {
    close: () => database.close(),
    prepare(sql) {
      // SQLite ends a transaction by itself on some errors (a full disk): Kysely's rollback would
      // then throw "no transaction is active" and hide the error that says why the write failed.
      if (sql === "rollback" && !database.isTransaction) return nothingToRollBack;
      const cached = prepared.get(sql);
      if (cached) {
        // Most recently used last: the first entry is the one to evict.
        prepared.delete(sql);
        prepared.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      const wrapped = {
        reader: statement.columns().length > 0,
        all: (parameters: readonly unknown[]) => statement.all(...(parameters as SqliteValue[])),
        run: (parameters: readonly unknown[]) => statement.run(...(parameters as SqliteValue[])),
        iterate: (parameters: readonly unknown[]) => statement.iterate(...(parameters as SqliteValue[])),
      };
      prepared.set(sql, wrapped);
      if (prepared.size > preparedStatementsKept) prepared.delete(prepared.keys().next().value!);
      return wrapped;
    },
  };
}

/**
 * Kysely prepares every query it runs. Compiling a statement (and, on a table with triggers, the
 * triggers' programs with it) costs more than running a small one, so the statements in use are
 * kept: SQLite re-prepares one by itself when the schema changes under it.
 */
const preparedStatementsKept = 200;

const nothingToRollBack = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

type SqliteValue = null | number | bigint | string | Uint8Array;
