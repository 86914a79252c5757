import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

import { Decrypter, Encrypter } from "age-encryption";

/**
 * What a backup object holds and how it is named and sealed (decision 0019). Every object is
 * gzip-compressed JSON encrypted with age to the owner's recipient (and the service's drill
 * recipient): its bytes reveal nothing, its name only a time.
 */
export type Row = Record<string, unknown>;

/** Per table: how many rows and an order-free checksum of them (see `rowDigest`). */
export type TableTally = { count: number; checksum: string };

/**
 * Where an object stands in its installation's chain (decision 0023), inside the encryption: the
 * installation's id (random, kept in its database and inside objects only, so whoever lacks a
 * private key cannot read it and cannot seal an object that carries it), the object's number,
 * its own name (a copy under another name gives itself away) and the name and SHA-256 of the
 * object written before it (a gap, a replacement or another order breaks the link).
 */
export type ChainSeal = {
  deployment: string;
  sequence: number;
  name: string;
  previous: { name: string; digest: string } | null;
};

/** A full copy of every backed-up table, as rows read after `takenAt` began. */
export type Snapshot = {
  kind: "snapshot";
  /** Absent only in objects written before the chain existed. */
  seal?: ChainSeal;
  takenAt: string;
  tables: Record<string, Row[]>;
  tally: Record<string, TableTally>;
};

/** Rows changed since the last copy, as they were at `at` (`row` null: the row was deleted). */
export type ChangeSet = {
  kind: "changes";
  seal?: ChainSeal;
  at: string;
  entries: { table: string; key: unknown[]; row: Row | null }[];
};

export type ObjectKind = "snapshots" | "changes";

export type ObjectName = { name: string; kind: ObjectKind; at: Date };

/** "snapshots/20261125T203654123Z-3f9a1c.age": sorts by time, says nothing else. */
export function objectName(kind: ObjectKind, at: Date): string {
  const stamp = at.toISOString().replace(/[-:.]/g, "");
  return `${kind}/${stamp}-${randomBytes(3).toString("hex")}.age`;
}

const namePattern = /^(snapshots|changes)\/(\d{8})T(\d{6})(\d{3})Z-[0-9a-f]+\.age$/;

export function parseObjectName(name: string): ObjectName | undefined {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const [, kind, day, time, ms] = match as unknown as [string, ObjectKind, string, string, string];
  const at = new Date(
    `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}.${ms}Z`,
  );
  return Number.isNaN(at.getTime()) ? undefined : { name, kind, at };
}

export async function seal(
  content: Snapshot | ChangeSet,
  recipients: readonly string[],
): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const compressed = await promisify(gzip)(JSON.stringify(content, keepBytes));
  return encrypter.encrypt(compressed);
}

/** An object's fingerprint as stored (its encrypted bytes): what the next object's seal records. */
export function objectDigest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** age's answer when none of the identities given is among the object's recipients. */
export function sealedToOthers(error: unknown): boolean {
  return error instanceof Error && /no identity matched/.test(error.message);
}

export async function unseal<T extends Snapshot | ChangeSet>(
  bytes: Uint8Array,
  identity: string,
): Promise<T> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const compressed = await decrypter.decrypt(bytes);
  return JSON.parse((await promisify(gunzip)(compressed)).toString("utf8"), restoreBytes) as T;
}

/**
 * A BLOB (SQLite's Uint8Array, PostgreSQL's Buffer) travels as base64 and comes back as bytes: a
 * table that keeps files (the owner's photos) joins the registry like any other.
 */
function keepBytes(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Uint8Array ? { $base64: Buffer.from(original).toString("base64") } : value;
}

function restoreBytes(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && "$base64" in value && Object.keys(value).length === 1)
    return new Uint8Array(Buffer.from(String(value.$base64), "base64"));
  return value;
}

/**
 * A row's fingerprint: SHA-256 of its columns (sorted by name) and values. Only `columns` count, so
 * a database migrated since the copy (a column added) still matches what the copy recorded.
 */
export function rowDigest(row: Row, columns: readonly string[]): bigint {
  const canonical = JSON.stringify(columns.map((column) => [column, normalised(row[column])]));
  return createHash("sha256").update(canonical).digest().readBigUInt64BE(0);
}

/** SQLite has no booleans and PostgreSQL's bigint arrives as text: compare the values, not the drivers. */
function normalised(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString("base64") };
  return value;
}

/** The sum of the rows' fingerprints modulo 2^64: independent of the order they are read in. */
export function tally(digests: Iterable<bigint>): TableTally {
  let sum = 0n;
  let count = 0;
  for (const digest of digests) {
    sum = (sum + digest) & 0xffff_ffff_ffff_ffffn;
    count++;
  }
  return { count, checksum: sum.toString(16).padStart(16, "0") };
}

export function columnsOf(rows: readonly Row[]): string[] {
  return rows.length === 0 ? [] : Object.keys(rows[0]!).sort();
}
