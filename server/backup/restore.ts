import { LeadStore } from "../leads/storage/lead-store.ts";
import {
  columnsOf,
  parseObjectName,
  rowDigest,
  tally,
  unseal,
  type ChangeSet,
  type ObjectName,
  type Row,
  type Snapshot,
  type TableTally,
} from "./archive.ts";
import { backedUpTable, backedUpTables } from "../leads/storage/backed-up-tables.ts";
import { keyOf } from "../leads/storage/backup-tables.ts";
import type { BackupTarget } from "./targets.ts";

/**
 * Rebuilds a database from a backup (decision 0019): the newest snapshot taken at or before `at`,
 * then every change set after it up to `at`, in order. Then it checks what it wrote: SQLite's
 * integrity check, and each table's count and checksum against the snapshot's record and, after
 * the changes, against the rows the copies say should be there.
 */
export type RestoreDestination = { dataDir: string } | { databaseUrl: string };

export type RestoreReport = {
  snapshotAt: Date;
  changeSets: number;
  /** The newest change set applied (the snapshot's time when none was). */
  through: Date;
  /** Rows per table after the restore. */
  rows: Record<string, number>;
  /** "ok" (SQLite's integrity_check) or what it found; PostgreSQL: "no aplica". */
  integrity: string;
  /** Objects read and their bytes in the target. */
  objects: number;
  bytes: number;
};

export class RestoreError extends Error {}

export async function restoreBackup(options: {
  target: BackupTarget;
  identity: string;
  to: RestoreDestination;
  at?: Date;
}): Promise<RestoreReport> {
  const { target, identity } = options;
  const at = options.at ?? new Date(8.64e15);
  const names = (await Promise.all([target.list("snapshots"), target.list("changes")]))
    .flat()
    .map(parseObjectName)
    .filter((name): name is ObjectName => name !== undefined && name.at <= at)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.name.localeCompare(b.name));
  const snapshotName = names.filter((name) => name.kind === "snapshots").at(-1);
  if (!snapshotName)
    throw new RestoreError(
      `no hay ninguna copia completa en ${target.describe}${options.at ? ` anterior a ${options.at.toISOString()}` : ""}`,
    );
  const changeNames = names.filter((name) => name.kind === "changes" && name.at >= snapshotName.at);

  let bytes = 0;
  const read = async <T extends Snapshot | ChangeSet>(name: string): Promise<T> => {
    const sealed = await target.get(name);
    bytes += sealed.byteLength;
    try {
      return await unseal<T>(sealed, identity);
    } catch (error) {
      throw new RestoreError(`no se pudo descifrar ${name} con esa clave (${(error as Error).message})`);
    }
  };

  const store = await LeadStore.open(
    "dataDir" in options.to
      ? { dataDir: options.to.dataDir }
      : { dataDir: ".", databaseUrl: options.to.databaseUrl },
  );
  try {
    const { backups } = store;
    if ((await backups.leadCount()) > 0)
      throw new RestoreError("el destino ya tiene consultas: restaure en una carpeta o base vacía");

    const snapshot = await read<Snapshot>(snapshotName.name);
    /** Per table: each row's key → its fingerprint, as the copies say it should end up. */
    const expected = new Map<string, Map<string, bigint>>();
    const columns = new Map<string, string[]>();
    const tables = backedUpTables.map((table) => ({ table, rows: snapshot.tables[table.name] ?? [] }));
    await backups.replaceTables(tables);
    for (const { table, rows } of tables) {
      const tableColumns = columnsOf(rows);
      columns.set(table.name, tableColumns);
      expected.set(
        table.name,
        new Map(rows.map((row) => [JSON.stringify(keyOf(table, row)), rowDigest(row, tableColumns)])),
      );
    }
    await verify(store, expected, columns, "la copia completa", snapshot.tally);

    let through = snapshotName.at;
    for (const name of changeNames) {
      const changes = await read<ChangeSet>(name.name);
      const entries = changes.entries.map((entry) => ({ ...entry, table: backedUpTable(entry.table) }));
      await backups.applyChanges(entries);
      for (const { table, key: rowKey, row } of entries) {
        const rows = expected.get(table.name)!;
        if (!columns.get(table.name)!.length && row) columns.set(table.name, columnsOf([row]));
        const key = JSON.stringify(rowKey);
        if (row) rows.set(key, rowDigest(row, columns.get(table.name)!));
        else rows.delete(key);
      }
      through = name.at;
    }
    const counts = await verify(store, expected, columns, "los cambios aplicados");

    // The restored database starts with an empty copy queue and no backup state of its own.
    await backups.forgetBackupState();
    const integrity = (await backups.integrityCheck()) ?? "no aplica";
    if (store.kind === "sqlite" && integrity !== "ok")
      throw new RestoreError(`la base restaurada no pasó integrity_check: ${integrity}`);
    return {
      snapshotAt: snapshotName.at,
      changeSets: changeNames.length,
      through,
      rows: counts,
      integrity,
      objects: changeNames.length + 1,
      bytes,
    };
  } finally {
    await store.close();
  }
}

/** Counts and checksums of what the database holds now against what the copies say. */
async function verify(
  store: LeadStore,
  expected: Map<string, Map<string, bigint>>,
  columns: Map<string, string[]>,
  what: string,
  recorded?: Record<string, TableTally>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of backedUpTables) {
    const rows: Row[] = await store.backups.readAll(table);
    const tableColumns = columns.get(table.name)!;
    const actual = tally(
      rows.map((row) => rowDigest(row, tableColumns.length ? tableColumns : Object.keys(row).sort())),
    );
    const wanted = recorded?.[table.name] ?? tally(expected.get(table.name)!.values());
    if (actual.count !== wanted.count || actual.checksum !== wanted.checksum)
      throw new RestoreError(
        `${table.name} no coincide con ${what}: ${actual.count} filas (suma ${actual.checksum}), se esperaban ${wanted.count} (suma ${wanted.checksum})`,
      );
    counts[table.name] = actual.count;
  }
  return counts;
}
