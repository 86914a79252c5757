import { createHash, randomBytes } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import { createGunzip, gunzip, gzip } from "node:zlib";

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

/**
 * The most an object may hold once decompressed (decision 0036). Whoever may put objects in the
 * bucket can seal one to the owner's public key, so what an object says about its own size proves
 * nothing: the limit is fixed. 256 MiB of JSON is about 250,000 leads with a year of visit counts
 * and the owner's photos, well past this business; the service refuses to write a larger one
 * (the round fails and says so) rather than write a copy the restore would refuse.
 */
export const plaintextCeiling = 256 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** An object that decompresses to more than `plaintextCeiling`: never expanded further. */
export class ObjectTooLarge extends Error {
  constructor(what: string) {
    super(
      `${what} se descomprime a más de ${megabytes(plaintextCeiling)}, más que cualquier copia de este servicio`,
    );
  }
}

export async function seal(
  content: Snapshot | ChangeSet,
  recipients: readonly string[],
): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const json = Buffer.from(JSON.stringify(content, keepBytes));
  if (json.byteLength > plaintextCeiling)
    throw new ObjectTooLarge(`la copia (${megabytes(json.byteLength)})`);
  const compressed = await promisify(gzip)(json);
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

/** An object's whole content; it may not decompress beyond `plaintextCeiling`. */
export async function unseal<T extends Snapshot | ChangeSet>(
  bytes: Uint8Array,
  identity: string,
): Promise<T> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const compressed = await decrypter.decrypt(bytes);
  let json: Buffer;
  try {
    json = await promisify(gunzip)(compressed, { maxOutputLength: plaintextCeiling });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw new ObjectTooLarge("el objeto");
    throw error;
  }
  return JSON.parse(json.toString("utf8"), restoreBytes) as T;
}

/** What the restore learns of an object before choosing which to apply (see `inspectSealed`). */
export type Inspected = {
  /** SHA-256 of the bytes as stored, and how many. */
  digest: string;
  bytes: number;
  seal?: ChainSeal;
  /** A snapshot's recorded number of leads. */
  leads?: number;
  /** "others": sealed to other keys; "too-large": past `plaintextCeiling`; "damaged": the rest. */
  failure?: "others" | "damaged" | "too-large";
};

/**
 * An object read as a stream (decision 0036): hashed, decrypted (every chunk's MAC checked),
 * decompressed and scanned for its seal without keeping its content, and stopped at
 * `plaintextCeiling`. Its memory is a few chunks whatever the object holds; the restore reads the
 * few objects it applies again, whole.
 */
export async function inspectSealed(
  source: ReadableStream<Uint8Array>,
  identity: string,
): Promise<Inspected> {
  const hash = createHash("sha256");
  let bytes = 0;
  const reader = source.getReader();
  const read = async () => {
    const next = await reader.read();
    if (!next.done) {
      hash.update(next.value);
      bytes += next.value.byteLength;
    }
    return next;
  };
  // Cancelling the decryption leaves the source to be read to its end: the digest covers it all.
  const hashed = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  const found: Omit<Inspected, "digest" | "bytes"> = {};
  try {
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    const plain = await decrypter.decrypt(hashed);
    const members = new TopLevelMembers(["seal", "tally"]);
    let expanded = 0;
    const gunzip = createGunzip();
    // pipeline, not pipe: a chunk that fails its MAC ends the decompression with that error.
    pipeline(Readable.fromWeb(plain as never), gunzip, () => {});
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      expanded += chunk.byteLength;
      if (expanded > plaintextCeiling) throw new ObjectTooLarge("el objeto");
      members.push(chunk);
    }
    const sealText = members.value("seal");
    if (sealText !== undefined) {
      const parsed: unknown = JSON.parse(sealText);
      if (!isChainSeal(parsed)) throw new Error("el sello no tiene la forma de uno");
      found.seal = parsed;
    }
    const leads = (JSON.parse(members.value("tally") ?? "null") as Snapshot["tally"] | null)?.leads?.count;
    if (typeof leads === "number") found.leads = leads;
  } catch (error) {
    found.failure = sealedToOthers(error)
      ? "others"
      : error instanceof ObjectTooLarge
        ? "too-large"
        : "damaged";
    delete found.seal;
  }
  while (!(await read()).done);
  return { digest: hash.digest("hex"), bytes, ...found };
}

function isChainSeal(value: unknown): value is ChainSeal {
  if (!value || typeof value !== "object") return false;
  const seal = value as Record<string, unknown>;
  const previous = seal.previous as Record<string, unknown> | null;
  return (
    typeof seal.deployment === "string" &&
    typeof seal.sequence === "number" &&
    typeof seal.name === "string" &&
    (previous === null ||
      (typeof previous === "object" &&
        typeof previous.name === "string" &&
        typeof previous.digest === "string"))
  );
}

/** A member's value kept while scanning: a seal or a tally is a few hundred bytes. */
const memberLimit = 64 * 1024;

/**
 * The raw JSON text of a few members of a top-level object, read a chunk at a time without
 * building anything else: the seal is written after the tables, so the whole text is scanned,
 * byte by byte (the structural characters are ASCII and never part of a UTF-8 sequence).
 */
class TopLevelMembers {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectingKey = false;
  private key: number[] | undefined;
  private lastKey = "";
  private capture: Buffer[] | undefined;
  private captured = 0;
  private readonly values = new Map<string, string>();

  private readonly wanted: readonly string[];

  constructor(wanted: readonly string[]) {
    this.wanted = wanted;
  }

  value(name: string): string | undefined {
    return this.values.get(name);
  }

  push(chunk: Buffer): void {
    let from = 0;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) {
          this.inString = false;
          if (this.key) {
            this.lastKey = Buffer.from(this.key).toString("utf8");
            this.key = undefined;
            continue;
          }
        }
        if (this.key && this.key.length < 256) this.key.push(byte);
        continue;
      }
      if (byte === 0x22) {
        this.inString = true;
        if (this.depth === 1 && this.expectingKey) {
          this.key = [];
          this.expectingKey = false;
        }
      } else if (byte === 0x7b || byte === 0x5b) {
        if (this.depth === 0 && byte === 0x7b) this.expectingKey = true;
        this.depth++;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth--;
        if (this.depth === 0) this.endMember(chunk.subarray(from, index));
      } else if (this.depth === 1 && byte === 0x3a && this.wanted.includes(this.lastKey)) {
        this.capture = [];
        this.captured = 0;
        from = index + 1;
      } else if (this.depth === 1 && byte === 0x2c) {
        this.endMember(chunk.subarray(from, index));
        this.expectingKey = true;
      }
    }
    if (this.capture) this.keep(chunk.subarray(from));
  }

  private keep(part: Buffer): void {
    if (!this.capture) return;
    this.captured += part.byteLength;
    if (this.captured > memberLimit) this.capture = undefined;
    else this.capture.push(Buffer.from(part));
  }

  private endMember(last: Buffer): void {
    if (!this.capture) return;
    this.keep(last);
    if (this.capture) this.values.set(this.lastKey, Buffer.concat(this.capture).toString("utf8"));
    this.capture = undefined;
  }
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
