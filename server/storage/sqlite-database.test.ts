import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, expect, test } from "vitest";

import { openSqliteDatabase } from "./sqlite-database.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

test("a transaction SQLite already ended (as on a full disk) fails with its own error, not the rollback's", async () => {
  const folder = mkdtempSync(join(tmpdir(), "sqlite-rollback-"));
  folders.push(folder);
  const db = new Kysely<{ lead: { name: string } }>({
    dialect: new SqliteDialect({ database: async () => openSqliteDatabase(join(folder, "db.sqlite")) }),
  });
  await sql`create table lead (name text not null)`.execute(db);

  const failed = db.transaction().execute(async (transaction) => {
    await transaction.insertInto("lead").values({ name: "Ana" }).execute();
    // What SQLite does by itself when a write meets a full disk: the transaction is over.
    await sql`rollback`.execute(transaction);
    throw new Error("database or disk is full");
  });

  await expect(failed).rejects.toThrow("database or disk is full");
  expect(await db.selectFrom("lead").selectAll().execute()).toEqual([]);
  // The connection is usable again.
  await db.insertInto("lead").values({ name: "Bruno" }).execute();
  expect(await db.selectFrom("lead").select("name").execute()).toEqual([{ name: "Bruno" }]);
  await db.destroy();
});
