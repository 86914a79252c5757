import { createHash, randomBytes } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import { promisify } from "node:util";
import { createGunzip, createGzip, gunzip, gzip } from "node:zlib";

import { Decrypter, Encrypter } from "age-encryption";

/**
 * What a backup object holds and how it is named and sealed (decision 0019). Every object is
 * gzip-compressed JSON encrypted with age to the owner's recipient (and the service's drill
 * recipient): its bytes reveal nothing, its name only a time. A change set is one JSON object; a
 * snapshot is one JSON line per row (decision 0045), written and read a batch at a time; one
 * written whole before that still reads.
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

/**
 * A full copy of every backed-up table, as rows read after `takenAt` began, as one object: how
 * snapshots were written before decision 0045 (`snapshotBatches` still reads them).
 */
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
 * The most an object written whole (a change set, or a snapshot from before decision 0045) may
 * hold once decompressed (decision 0036): the restore parses such an object whole. Whoever may put
 * objects in the bucket can seal one to the owner's public key, so what an object says about its
 * own size proves nothing: the limit is fixed.
 */
export const plaintextCeiling = 256 * 1024 * 1024;

/**
 * The most a snapshot written as rows (decision 0045) may hold once decompressed. It is read a row
 * at a time, so this bounds the time a planted object costs, not memory: 4 GiB is some 4 million
 * leads, far past this business, and a minute of gunzip.
 */
export const streamedCeiling = 4 * 1024 * 1024 * 1024;

/** The ceilings a restore applies; a test lowers them to reach them without gigabytes. */
export type Ceilings = { whole: number; streamed: number };
export const ceilings: Ceilings = { whole: plaintextCeiling, streamed: streamedCeiling };

/** The longest row line a streamed snapshot may hold: a photo at its 20 MB limit, in base64. */
const lineLimit = 32 * 1024 * 1024;

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** An object that decompresses to more than its ceiling: never expanded further. */
export class ObjectTooLarge extends Error {
  readonly ceiling: number;

  constructor(what: string, ceiling: number) {
    super(`${what} se descomprime a más de ${megabytes(ceiling)}, más que cualquier copia de este servicio`);
    this.ceiling = ceiling;
  }
}

/** A change set (or, in tests, an old-format snapshot) sealed whole. */
export async function seal(
  content: Snapshot | ChangeSet,
  recipients: readonly string[],
): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const json = Buffer.from(JSON.stringify(content, keepBytes));
  if (json.byteLength > plaintextCeiling)
    throw new ObjectTooLarge(`la copia (${megabytes(json.byteLength)})`, plaintextCeiling);
  const compressed = await promisify(gzip)(json);
  return encrypter.encrypt(compressed);
}

/**
 * A snapshot's first line (decision 0045): what it is, when it was taken, its seal. Then one line
 * per row, `["table",{row}]`, tables in the registry's order; then `{"tally":{…}}`. The seal
 * comes first so the row lines can be written as they are read; the tally last, as it is summed
 * over them. Arrays for rows, objects for the rest: a column is never mistaken for either.
 */
export type StreamedHeader = {
  kind: "snapshot";
  format: "rows";
  takenAt: string;
  seal: ChainSeal;
};

const streamedStart = Buffer.from('{"kind":"snapshot","format":"rows"');

/**
 * A snapshot sealed as it is read: each batch of rows becomes lines, gzip'd and encrypted as a
 * stream, so what is held is a batch and the sealed (compressed) bytes, never the JSON. Returns
 * the sealed bytes; `tallies` receives each table's count and checksum (also in the trailer).
 */
export async function sealSnapshot(
  header: Omit<StreamedHeader, "kind" | "format">,
  batches: AsyncIterable<{ table: string; rows: readonly Row[] }>,
  recipients: readonly string[],
  tallies: Record<string, TableTally> = {},
): Promise<Uint8Array> {
  async function* lines(): AsyncGenerator<Buffer> {
    const first: StreamedHeader = { kind: "snapshot", format: "rows", ...header };
    let written = 0;
    const counted = (bytes: Buffer) => {
      written += bytes.byteLength;
      if (written > streamedCeiling)
        throw new ObjectTooLarge(`la copia (más de ${megabytes(written)})`, streamedCeiling);
      return bytes;
    };
    yield counted(Buffer.from(`${JSON.stringify(first)}\n`));
    const running = new Map<string, RunningTally>();
    for await (const { table, rows } of batches) {
      const sum = running.get(table) ?? new RunningTally();
      running.set(table, sum);
      let text = "";
      for (const row of rows) {
        text += `${JSON.stringify([table, row], keepBytes)}\n`;
        sum.add(rowDigest(row, Object.keys(row).sort()));
      }
      yield counted(Buffer.from(text));
    }
    for (const [table, sum] of running) tallies[table] = sum.value();
    yield counted(Buffer.from(`${JSON.stringify({ tally: tallies })}\n`));
  }
  const gzipped = createGzip();
  // pipeline, not pipe: a failed read or a refusal ends the sealed stream with that error.
  pipeline(Readable.from(lines()), gzipped, () => {});
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const sealed = await encrypter.encrypt(Readable.toWeb(gzipped) as ReadableStream<Uint8Array>);
  const chunks: Uint8Array[] = [];
  for await (const chunk of sealed as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A table's count and checksum summed a row at a time (the same sum `tally` makes). */
export class RunningTally {
  count = 0;
  private sum = 0n;

  add(digest: bigint): void {
    this.sum = (this.sum + digest) & 0xffff_ffff_ffff_ffffn;
    this.count++;
  }

  remove(digest: bigint): void {
    this.sum = (this.sum - digest) & 0xffff_ffff_ffff_ffffn;
    this.count--;
  }

  value(): TableTally {
    return { count: this.count, checksum: this.sum.toString(16).padStart(16, "0") };
  }
}

/** An object's fingerprint as stored (its encrypted bytes): what the next object's seal records. */
export function objectDigest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** age's answer when none of the identities given is among the object's recipients. */
export function sealedToOthers(error: unknown): boolean {
  return error instanceof Error && /no identity matched/.test(error.message);
}

/** An object written whole (a change set) and its content; it may not decompress beyond `ceiling`. */
export async function unseal<T extends Snapshot | ChangeSet>(
  bytes: Uint8Array,
  identity: string,
  ceiling = ceilings.whole,
): Promise<T> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const compressed = await decrypter.decrypt(bytes);
  let json: Buffer;
  try {
    json = await promisify(gunzip)(compressed, { maxOutputLength: ceiling });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw new ObjectTooLarge("el objeto", ceiling);
    throw error;
  }
  return JSON.parse(json.toString("utf8"), restoreBytes) as T;
}

/**
 * An object opened as a stream: its stored bytes hashed and counted as they pass, decrypted
 * (every 64 KiB chunk's MAC checked) and gunzipped. `plain` stops at the ceiling its first bytes
 * call for (a streamed snapshot's, or the whole-object one); `finish` reads the source to its end
 * (the digest covers it all, whatever was cancelled) and gives its digest.
 */
function openStream(
  source: ReadableStream<Uint8Array>,
  identity: string,
  limits: Ceilings,
): {
  plain: AsyncGenerator<Buffer>;
  streamed: () => boolean;
  finish(): Promise<{ digest: string; bytes: number }>;
} {
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
  let streamed = false;
  async function* plain(): AsyncGenerator<Buffer> {
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    const decrypted = await decrypter.decrypt(hashed);
    const gunzipped = createGunzip();
    // pipeline, not pipe: a chunk that fails its MAC ends the decompression with that error.
    pipeline(Readable.fromWeb(decrypted as never), gunzipped, () => {});
    let expanded = 0;
    let ceiling: number | undefined;
    let start = Buffer.alloc(0);
    for await (const chunk of gunzipped as AsyncIterable<Buffer>) {
      expanded += chunk.byteLength;
      if (ceiling === undefined) {
        start = Buffer.concat([start, chunk]);
        if (start.length < streamedStart.length && expanded < limits.whole) continue;
        streamed = start.subarray(0, streamedStart.length).equals(streamedStart);
        ceiling = streamed ? limits.streamed : limits.whole;
        if (expanded > ceiling) throw new ObjectTooLarge("el objeto", ceiling);
        yield start;
        start = Buffer.alloc(0);
        continue;
      }
      if (expanded > ceiling) throw new ObjectTooLarge("el objeto", ceiling);
      yield chunk;
    }
    if (ceiling === undefined && start.length > 0) yield start;
  }
  return {
    plain: plain(),
    streamed: () => streamed,
    async finish() {
      while (!(await read()).done);
      return { digest: hash.digest("hex"), bytes };
    },
  };
}

/** What the restore learns of an object before choosing which to apply (see `inspectSealed`). */
export type Inspected = {
  /** SHA-256 of the bytes as stored, and how many. */
  digest: string;
  bytes: number;
  seal?: ChainSeal;
  /** A snapshot's recorded number of leads. */
  leads?: number;
  /** "others": sealed to other keys; "too-large": past its ceiling; "damaged": the rest. */
  failure?: "others" | "damaged" | "too-large";
  /** With "too-large": the ceiling it went past. */
  ceiling?: number;
};

/**
 * An object read as a stream (decision 0036): hashed, decrypted, decompressed and scanned for its
 * seal without keeping its content, and stopped at its ceiling. Its memory is a few chunks
 * whatever the object holds. A streamed snapshot's seal is in its first line and its tally in its
 * last (decision 0045); a whole object's are top-level members: one scanner finds both, as row
 * lines are arrays and carry no top-level member.
 */
export async function inspectSealed(
  source: ReadableStream<Uint8Array>,
  identity: string,
  limits: Ceilings = ceilings,
): Promise<Inspected> {
  const opened = openStream(source, identity, limits);
  const found: Omit<Inspected, "digest" | "bytes"> = {};
  try {
    const members = new TopLevelMembers(["seal", "tally"]);
    for await (const chunk of opened.plain) members.push(chunk);
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
    if (error instanceof ObjectTooLarge) found.ceiling = error.ceiling;
    delete found.seal;
  }
  return { ...(await opened.finish()), ...found };
}

/** What a snapshot read by `snapshotBatches` ends with, once its last batch is taken. */
export type SnapshotEnd = {
  tally: Record<string, TableTally>;
  digest: string;
  bytes: number;
};

/** Rows per batch handed to the database, and the most text a batch gathers before it goes. */
const batchRows = 500;
const batchBytes = 4 * 1024 * 1024;

/**
 * A snapshot's rows, a batch of one table at a time, as the object is read: a streamed one
 * (decision 0045) line by line, holding a batch; one written whole before it parsed whole, as
 * before, within `ceilings.whole`. `end` is filled once the last batch is taken: the tally the
 * snapshot recorded and the digest of the bytes read (the caller compares it with the one judged).
 */
export async function* snapshotBatches(
  source: ReadableStream<Uint8Array>,
  identity: string,
  end: Partial<SnapshotEnd>,
  limits: Ceilings = ceilings,
): AsyncGenerator<{ table: string; rows: Row[] }> {
  const opened = openStream(source, identity, limits);
  const first = await opened.plain.next();
  if (first.done) throw new Error("la copia está vacía");
  if (!opened.streamed()) {
    const parts = [first.value];
    for await (const chunk of opened.plain) parts.push(chunk);
    const snapshot = JSON.parse(Buffer.concat(parts).toString("utf8"), restoreBytes) as Snapshot;
    parts.length = 0;
    if (snapshot.kind !== "snapshot") throw new Error("no es una copia completa");
    for (const [table, rows] of Object.entries(snapshot.tables))
      for (let start = 0; start < rows.length; start += batchRows)
        yield { table, rows: rows.slice(start, start + batchRows) };
    Object.assign(end, { tally: snapshot.tally }, await opened.finish());
    return;
  }
  let header: StreamedHeader | undefined;
  let trailer: { tally: Record<string, TableTally> } | undefined;
  let batch: { table: string; rows: Row[] } | undefined;
  let gathered = 0;
  for await (const line of lines(prepend(first.value, opened.plain))) {
    if (trailer) throw new Error("la copia sigue después de su suma de control");
    const parsed = JSON.parse(line.toString("utf8"), restoreBytes) as unknown;
    if (!header) {
      header = parsed as StreamedHeader;
      continue;
    }
    if (!Array.isArray(parsed)) {
      const last = parsed as { tally?: unknown } | null;
      if (!last?.tally || typeof last.tally !== "object")
        throw new Error("una línea de la copia no es ni una fila ni su suma de control");
      trailer = { tally: last.tally as Record<string, TableTally> };
      continue;
    }
    const [table, row] = parsed as [unknown, unknown];
    if (typeof table !== "string" || !row || typeof row !== "object")
      throw new Error("una línea de la copia no es una fila");
    if (batch && (batch.table !== table || batch.rows.length >= batchRows || gathered >= batchBytes)) {
      yield batch;
      batch = undefined;
    }
    if (!batch) {
      batch = { table, rows: [] };
      gathered = 0;
    }
    batch.rows.push(row as Row);
    gathered += line.byteLength;
  }
  if (batch) yield batch;
  if (!trailer) throw new Error("la copia termina antes de su suma de control: está cortada");
  Object.assign(end, { tally: trailer.tally }, await opened.finish());
}

async function* prepend(first: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  yield* rest;
}

/** Newline-ended lines, none longer than `lineLimit`. */
async function* lines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    let from = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, from)) {
      const piece = chunk.subarray(from, newline);
      yield pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      from = newline + 1;
    }
    if (from < chunk.length) {
      pending.push(chunk.subarray(from));
      pendingBytes += chunk.length - from;
      if (pendingBytes > lineLimit)
        throw new Error(
          `una línea de la copia pasa de ${megabytes(lineLimit)}: no es una copia de este servicio`,
        );
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
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
