import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

import { Store } from "../storage/store.ts";
import {
  ceilings as fixedCeilings,
  columnsOf,
  inspectSealed,
  ObjectTooLarge,
  objectDigest,
  parseObjectName,
  rowDigest,
  RunningTally,
  snapshotBatches,
  unseal,
  type Ceilings,
  type ChangeSet,
  type ObjectName,
  type Row,
  type SnapshotEnd,
  type TableTally,
} from "./archive.ts";
import {
  backedUpFeatureTables,
  backedUpTable,
  backedUpTables,
  type BackedUpTable,
} from "../storage/backed-up-tables.ts";
import { keyOf } from "../storage/backup-tables.ts";
import type { BackupTarget } from "./targets.ts";
import {
  chainKeys,
  ChainProblem,
  describeInstallations,
  describeProblems,
  verifyChain,
  type ChainHead,
  type ChainVerdict,
  type Installation,
  type OpenedObject,
} from "./chain.ts";

/**
 * Rebuilds a database from a backup (decisions 0019 and 0023): every object up to `at` opened and
 * its seal checked (chain.ts), then the newest snapshot of the verified chain, written a batch at a
 * time as it is read (decision 0045), and every change set linked after it, in chain order. Then it
 * checks what it wrote: SQLite's integrity check, and each table's count and checksum against the
 * snapshot's record and, after the changes, against the sums the copies say it should have.
 */
export type RestoreDestination = { dataDir: string } | { databaseUrl: string };

export type RestoreReport = {
  snapshotAt: Date;
  changeSets: number;
  /** The newest change set applied (the snapshot's time when none was). */
  through: Date;
  /** The last object applied: the chain's newest, or the last verified one. */
  last: string;
  /** With `upToLastGood`: what was out of place and left out, one sentence each. */
  leftOut: string[];
  /** The installation restored (the first characters of its id). */
  installation: string;
  /** With `installation` chosen: the other installations' objects left aside, one sentence each. */
  setAside: string[];
  /** Rows per table after the restore. */
  rows: Record<string, number>;
  /** "ok" (SQLite's integrity_check) or what it found; PostgreSQL: "no aplica". */
  integrity: string;
  /** Objects read and their bytes in the target. */
  objects: number;
  bytes: number;
};

export class RestoreError extends Error {
  /** Set when a restore up to the last verified object (`upToLastGood`) would succeed. */
  lastGood?: string;
}

/**
 * Objects read at once while judging the chain. Each is streamed (archive.ts, `inspectSealed`), so
 * this many objects cost a few chunks each, whatever they hold or expand to.
 */
const fetchesAtOnce = 8;

export async function restoreBackup(options: {
  target: BackupTarget;
  identity: string;
  to: RestoreDestination;
  at?: Date;
  /** Restore the verified run even if the target holds objects out of place (named in the report). */
  upToLastGood?: boolean;
  /** The owner's key opens every object; the drill's key only those since its last turn. */
  opensEverything?: boolean;
  /** Which installation to restore when the target holds more than one's chain (see chain.ts). */
  installation?: string;
  /** What the restore did on the way that the person running it should know (a folder removed). */
  log?: (line: string) => void;
  /** How far an object may expand (archive.ts); a test lowers them to reach them with little data. */
  ceilings?: Ceilings;
}): Promise<RestoreReport> {
  const { target, identity } = options;
  const limits = options.ceilings ?? fixedCeilings;
  const at = options.at ?? new Date(8.64e15);
  const names = (await Promise.all([target.list("snapshots"), target.list("changes")]))
    .flat()
    .map(parseObjectName)
    .filter((name): name is ObjectName => name !== undefined && name.at <= at)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.name.localeCompare(b.name));
  if (!names.some((name) => name.kind === "snapshots"))
    throw new RestoreError(
      `no hay ninguna copia completa en ${target.describe}${options.at ? ` anterior a ${options.at.toISOString()}` : ""}`,
    );

  let bytes = 0;
  // Only seals are kept: the objects applied are read again, one at a time, and checked against
  // the digest taken here.
  const opened = await inBatches(names, fetchesAtOnce, async (name): Promise<OpenedObject> => {
    const inspected = await inspectSealed(await target.read(name.name), identity, limits);
    bytes += inspected.bytes;
    return {
      name: name.name,
      kind: name.kind,
      at: name.at,
      digest: inspected.digest,
      ...(inspected.seal && { seal: inspected.seal }),
      ...(inspected.leads !== undefined && { leads: inspected.leads }),
      ...(inspected.failure && { failure: inspected.failure }),
      ...(inspected.ceiling !== undefined && { ceiling: inspected.ceiling }),
    };
  });
  const named = (object: OpenedObject, error: unknown) =>
    error instanceof ObjectTooLarge ? new ObjectTooLarge(object.name, error.ceiling) : error;
  /** A change set the verdict chose, read again whole; refused if it is not what was judged. */
  const reread = async (object: OpenedObject): Promise<ChangeSet> => {
    const sealed = await target.get(object.name);
    bytes += sealed.byteLength;
    if (objectDigest(sealed) !== object.digest)
      throw new RestoreError(`${object.name} cambió durante la restauración`);
    return unseal<ChangeSet>(sealed, identity, limits.whole).catch((error: unknown) => {
      throw named(object, error);
    });
  };
  /**
   * The snapshot the verdict chose, read again as a stream a batch at a time (decision 0045): its
   * digest is known only at its end, so whatever was written from it is in a transaction that
   * this refusal, or the ceiling's mid-way, rolls back.
   */
  async function* rereadSnapshot(
    object: OpenedObject,
    end: Partial<SnapshotEnd> = {},
  ): AsyncGenerator<{ table: string; rows: Row[] }> {
    try {
      yield* snapshotBatches(await target.read(object.name), identity, end, limits);
    } catch (error) {
      throw named(object, error);
    }
    bytes += end.bytes!;
    if (end.digest !== object.digest) throw new RestoreError(`${object.name} cambió durante la restauración`);
  }

  if (opened.every((object) => object.failure === "others"))
    throw new RestoreError(
      `ninguna copia de ${target.describe} se abre con esa clave: ¿es la privada de LEADS_BACKUP_RECIPIENT?`,
    );
  let verdict: ChainVerdict;
  try {
    verdict = verifyChain(opened, {
      opensEverything: options.opensEverything ?? true,
      installation: options.installation,
    });
  } catch (error) {
    if (!(error instanceof ChainProblem)) throw error;
    if (error.installations.length === 0) throw new RestoreError(error.message);
    const counted = [];
    for (const installation of error.installations)
      counted.push({ ...installation, leads: await leadsAlong(installation, rereadSnapshot, reread) });
    throw new RestoreError(describeInstallations(counted));
  }
  if (verdict.path.length === 0 || (verdict.problems.length > 0 && !options.upToLastGood)) {
    const error = new RestoreError(describeProblems(verdict));
    error.lastGood = verdict.path.at(-1)?.name;
    throw error;
  }
  const [snapshotObject, ...changeObjects] = verdict.path as [OpenedObject, ...OpenedObject[]];
  const end = verdict.path.at(-1)!;

  const destination =
    "dataDir" in options.to ? await asideOf(options.to.dataDir, options.log ?? (() => {})) : undefined;
  // With the tables of every feature the copies carry (decision 0042): a visit is written into a
  // table with its rules (foreign keys, never two at once), as the service would have it.
  const store = await Store.open(
    destination
      ? { dataDir: destination.partial }
      : { dataDir: ".", databaseUrl: (options.to as { databaseUrl: string }).databaseUrl },
    backedUpFeatureTables,
  );
  let wrote = false;
  try {
    const { backups } = store;
    if ((await backups.leadCount()) > 0)
      throw new RestoreError("el destino ya tiene consultas: restaure en una carpeta o base vacía");

    /**
     * Per table: the count and checksum the copies say it should hold (decision 0045: sums, not
     * every key, so what the check keeps does not grow with the leads).
     */
    const expected = new Map<string, RunningTally>();
    const columns = new Map<string, string[]>();
    wrote = true;
    const snapshotEnd: Partial<SnapshotEnd> = {};
    await writeSnapshot(store, rereadSnapshot(snapshotObject, snapshotEnd), expected, columns);
    await verify(store, expected, columns, "la copia completa", snapshotEnd.tally);

    for (const object of changeObjects) {
      const changes = await reread(object);
      const entries = changes.entries.map((entry) => ({ ...entry, table: backedUpTable(entry.table) }));
      for (const { table, row } of entries)
        if (!columns.get(table.name)!.length && row) columns.set(table.name, columnsOf([row]));
      const digestOf = (table: BackedUpTable, row: Row) => {
        const tableColumns = columns.get(table.name)!;
        return rowDigest(row, tableColumns.length ? tableColumns : Object.keys(row).sort());
      };
      // What each changed key holds before the set, so that the sums move by exactly the set.
      const holds = new Map<string, bigint>();
      for (const [table, tableEntries] of Map.groupBy(entries, (entry) => entry.table)) {
        const keys = [
          ...new Map(tableEntries.map((entry) => [JSON.stringify(entry.key), entry.key])).values(),
        ];
        for (const row of await backups.readRows(table, keys))
          holds.set(`${table.name} ${JSON.stringify(keyOf(table, row))}`, digestOf(table, row));
      }
      await backups.applyChanges(entries);
      for (const { table, key: rowKey, row } of entries) {
        const sum = expected.get(table.name)!;
        const key = `${table.name} ${JSON.stringify(rowKey)}`;
        const held = holds.get(key);
        if (held !== undefined) sum.remove(held);
        if (row) {
          holds.set(key, digestOf(table, row));
          sum.add(holds.get(key)!);
        } else holds.delete(key);
      }
    }
    const counts = await verify(store, expected, columns, "los cambios aplicados");

    // What belonged to the lost process goes (a reminder's claim; never whether it was sent).
    await backups.forgetOnRestore();
    // The restored database starts with an empty copy queue; its copies continue the same chain.
    await backups.forgetBackupState();
    await backups.setState(chainKeys.deployment, end.seal!.deployment);
    await backups.setState(chainKeys.head, {
      sequence: end.seal!.sequence,
      name: end.name,
      digest: end.digest,
    } satisfies ChainHead);
    const integrity = (await backups.integrityCheck()) ?? "no aplica";
    if (store.kind === "sqlite" && integrity !== "ok")
      throw new RestoreError(`la base restaurada no pasó integrity_check: ${integrity}`);
    await store.close();
    if (destination) await destination.finish();
    return {
      snapshotAt: snapshotObject.at,
      changeSets: changeObjects.length,
      through: end.at,
      last: end.name,
      rows: counts,
      integrity,
      objects: opened.length,
      bytes,
      leftOut: verdict.problems,
      installation: verdict.installation!,
      setAside: verdict.setAside,
    };
  } catch (error) {
    // Nothing half-restored stays behind: a rerun starts clean.
    if (wrote && !destination) await store.backups.replaceTables(backedUpTables).catch(() => {});
    await store.close().catch(() => {});
    await destination?.abandon();
    throw error;
  }
}

/**
 * A folder restore writes beside `--to` and renames at the end: `--to` either does not exist or is
 * the whole restored folder, readable by its owner only. The folder beside it is named after the
 * process; one left by a restore that was killed (its process gone) is removed first, and said.
 */
async function asideOf(
  folder: string,
  log: (line: string) => void,
): Promise<{ partial: string; finish(): Promise<void>; abandon(): Promise<void> }> {
  const to = resolve(folder);
  const existing = await readdir(to).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing && existing.length > 0)
    throw new RestoreError(`${to} ya existe y no está vacía: restaure en una carpeta nueva`);
  const beside = `.${basename(to)}.restaurando-`;
  for (const name of await readdir(dirname(to))) {
    if (!name.startsWith(beside)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(beside.length))?.[1]);
    if (pid && pid !== process.pid && running(pid)) continue;
    await rm(join(dirname(to), name), { recursive: true, force: true });
    log(`Se borró ${join(dirname(to), name)}, lo que dejó una restauración interrumpida.`);
  }
  const partial = join(dirname(to), `${beside}${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(partial, { recursive: true, mode: 0o700 });
  return {
    partial,
    async finish() {
      await chmod(partial, 0o700);
      for (const file of await readdir(partial)) await chmod(join(partial, file), 0o600);
      if (existing) await rmdir(to);
      await rename(partial, to);
    },
    abandon: () => rm(partial, { recursive: true, force: true }),
  };
}

/** Whether a process with that id exists (a restore still writing its folder). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** How many leads restoring an installation's chain gives: its snapshot, then its change sets. */
async function leadsAlong(
  installation: Installation,
  snapshot: (object: OpenedObject) => AsyncIterable<{ table: string; rows: Row[] }>,
  changes: (object: OpenedObject) => Promise<ChangeSet>,
): Promise<number> {
  const leads = backedUpTable("leads");
  const [first, ...rest] = installation.path as [OpenedObject, ...OpenedObject[]];
  const keys = new Set<string>();
  for await (const { table, rows } of snapshot(first))
    if (table === leads.name) for (const row of rows) keys.add(JSON.stringify(keyOf(leads, row)));
  for (const object of rest)
    for (const entry of (await changes(object)).entries)
      if (entry.table === leads.name)
        if (entry.row) keys.add(JSON.stringify(entry.key));
        else keys.delete(JSON.stringify(entry.key));
  return keys.size;
}

/**
 * A snapshot's rows written as they are read, in one transaction (`replaceTables`), and what each
 * table should then hold summed. A table the registry no longer has is left out, as before.
 */
async function writeSnapshot(
  store: Store,
  batches: AsyncIterable<{ table: string; rows: Row[] }>,
  expected: Map<string, RunningTally>,
  columns: Map<string, string[]>,
): Promise<void> {
  for (const table of backedUpTables) {
    expected.set(table.name, new RunningTally());
    columns.set(table.name, []);
  }
  async function* known(): AsyncGenerator<{ table: BackedUpTable; rows: Row[] }> {
    for await (const { table: name, rows } of batches) {
      const sum = expected.get(name);
      if (!sum || rows.length === 0) continue;
      if (!columns.get(name)!.length) columns.set(name, columnsOf(rows));
      for (const row of rows) sum.add(rowDigest(row, columns.get(name)!));
      yield { table: backedUpTable(name), rows };
    }
  }
  await store.backups.replaceTables(backedUpTables, known());
}

/** `work` over `items`, `size` at a time, results in the items' order. */
async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size)
    results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  return results;
}

/** Counts and checksums of what the database holds now, read a batch at a time, against the copies'. */
async function verify(
  store: Store,
  expected: Map<string, RunningTally>,
  columns: Map<string, string[]>,
  what: string,
  recorded?: Record<string, TableTally>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of backedUpTables) {
    const tableColumns = columns.get(table.name)!;
    const sum = new RunningTally();
    for await (const rows of store.backups.tableBatches(table))
      for (const row of rows)
        sum.add(rowDigest(row, tableColumns.length ? tableColumns : Object.keys(row).sort()));
    const actual = sum.value();
    const wanted = recorded?.[table.name] ?? expected.get(table.name)!.value();
    if (actual.count !== wanted.count || actual.checksum !== wanted.checksum)
      throw new RestoreError(
        `${table.name} no coincide con ${what}: ${actual.count} filas (suma ${actual.checksum}), se esperaban ${wanted.count} (suma ${wanted.checksum})`,
      );
    counts[table.name] = actual.count;
  }
  return counts;
}
