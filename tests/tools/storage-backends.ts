import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll } from "vitest";

import { startPostgres, type PostgresServer } from "../../scripts/postgres-server.ts";
import type { StorageOptions } from "../../server/storage/store.ts";

/** One storage backend a suite runs on: `options()` gives a fresh, empty database each call. */
export type StorageBackend = {
  name: "SQLite" | "PostgreSQL";
  options: () => Promise<StorageOptions>;
};

/**
 * The two real databases for `describe.each`: a SQLite file in a new temporary folder, and a new
 * database on one throw-away PostgreSQL server (started on first use, fsync off). Everything is
 * removed after the file's tests.
 */
export function storageBackends(prefix: string): StorageBackend[] {
  let postgres: PostgresServer | undefined;
  const folders: string[] = [];
  let databases = 0;

  afterAll(async () => {
    await postgres?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  return [
    {
      name: "SQLite",
      options: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-sqlite-`));
        folders.push(dataDir);
        return { dataDir };
      },
    },
    {
      name: "PostgreSQL",
      options: async () => {
        postgres ??= await startPostgres({ durable: false });
        databases += 1;
        // The database is PostgreSQL's; the folder still holds what the service keeps on disk
        // (the published site's builds), so it is a temporary one, never the project's own.
        const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-postgres-`));
        folders.push(dataDir);
        return { dataDir, databaseUrl: await postgres.createDatabase(`${prefix}_${databases}`) };
      },
    },
  ];
}
