import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { expect, test } from "vitest";

import {
  inspectSealed,
  objectDigest,
  objectName,
  ObjectTooLarge,
  parseObjectName,
  plaintextCeiling,
  rowDigest,
  seal,
  sealSnapshot,
  snapshotBatches,
  tally,
  unseal,
  type Ceilings,
  type ChangeSet,
  type Row,
  type Snapshot,
  type SnapshotEnd,
  type TableTally,
} from "./archive.ts";

test("a sealed change set opens only with the owner's key, bytes (a photo) intact, and its name says only a time", async () => {
  const identity = await generateX25519Identity();
  const photo = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x42]);
  const content: ChangeSet = {
    kind: "changes",
    at: "2026-11-25T20:00:00.000Z",
    entries: [
      { table: "site_photos", key: ["torre"], row: { id: "torre", bytes: photo, alt: "Torre Mulieris" } },
    ],
  };
  const sealed = await seal(content, [await identityToRecipient(identity)]);
  expect(Buffer.from(sealed).includes("Mulieris")).toBe(false);
  const opened = await unseal<ChangeSet>(sealed, identity);
  expect(opened.entries[0]!.row!.bytes).toEqual(photo);
  expect(rowDigest(opened.entries[0]!.row!, ["alt", "bytes", "id"])).toBe(
    rowDigest(content.entries[0]!.row!, ["alt", "bytes", "id"]),
  );
  await expect(unseal(sealed, await generateX25519Identity())).rejects.toThrow();

  const at = new Date("2026-11-25T20:00:01.234Z");
  const name = objectName("changes", at);
  expect(name).toMatch(/^changes\/20261125T200001234Z-[0-9a-f]{6}\.age$/);
  expect(parseObjectName(name)).toEqual({ name, kind: "changes", at });
});

/** The bytes as a stream of `size`-byte chunks: a seal split anywhere must still be found. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += size)));
    },
  });
}

test("an object judged as a stream gives its seal, its snapshot's lead count and its digest, whatever the chunks; damaged or others' objects keep their digest", async () => {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const chainSeal = {
    deployment: "4e2ca561ab",
    sequence: 3,
    name: "snapshots/20261125T200000000Z-abcdef.age",
    previous: { name: "changes/20261125T195900000Z-012345.age", digest: "f".repeat(64) },
  };
  const snapshot: Snapshot = {
    kind: "snapshot",
    takenAt: "2026-11-25T20:00:00.000Z",
    // Text that looks like structure inside strings must not move the scanner.
    tables: {
      leads: [
        { id: "a", note: 'una "coma", otra } y ] \\ fin' },
        { id: "b", note: "{[:" },
      ],
    },
    tally: { leads: { count: 2, checksum: "0".repeat(16) } },
    seal: chainSeal,
  };
  const sealed = await seal(snapshot, [recipient]);
  for (const size of [1, 7, 64 * 1024]) {
    const inspected = await inspectSealed(chunked(sealed, size), identity);
    expect(inspected).toEqual({
      digest: objectDigest(sealed),
      bytes: sealed.length,
      seal: chainSeal,
      leads: 2,
    });
  }
  expect(await inspectSealed(chunked(sealed, 100), await generateX25519Identity())).toEqual({
    digest: objectDigest(sealed),
    bytes: sealed.length,
    failure: "others",
  });
  const damaged = sealed.slice();
  damaged[damaged.length - 3]! ^= 1;
  expect(await inspectSealed(chunked(damaged, 100), identity)).toEqual({
    digest: objectDigest(damaged),
    bytes: damaged.length,
    failure: "damaged",
  });
});

async function* batchesOf(tables: Record<string, Row[]>) {
  for (const [table, rows] of Object.entries(tables))
    for (let start = 0; start < rows.length; start += 2) yield { table, rows: rows.slice(start, start + 2) };
}

async function allBatches(source: ReadableStream<Uint8Array>, identity: string, limits?: Ceilings) {
  const end: Partial<SnapshotEnd> = {};
  const tables: Record<string, Row[]> = {};
  for await (const { table, rows } of snapshotBatches(source, identity, end, limits))
    (tables[table] ??= []).push(...rows);
  return { tables, end };
}

test("a snapshot written as rows reads back the same rows, tally and digest, whatever the chunks; an old whole one reads too; the seal and lead count are found in both", async () => {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const chainSeal = {
    deployment: "4e2ca561ab",
    sequence: 0,
    name: "snapshots/20261125T200000000Z-abcdef.age",
    previous: null,
  };
  const tables: Record<string, Row[]> = {
    // A column named like the header's or trailer's members, text with newlines and structure.
    leads: [
      { id: "a", tally: "no", note: 'línea\nsegunda "coma", } ] \\' },
      { id: "b", seal: "{[:", note: null },
      { id: "c", note: "tres" },
    ],
    site_photo_files: [{ hash: "h1", bytes: new Uint8Array([0xff, 0xd8, 0x0a, 0x00]) }],
  };
  const tallies: Record<string, TableTally> = {};
  const streamed = await sealSnapshot(
    { takenAt: "2026-11-25T20:00:00.000Z", seal: chainSeal },
    batchesOf(tables),
    [recipient],
    tallies,
  );
  expect(tallies.leads!.count).toBe(3);
  expect(tallies.leads).toEqual(tally(tables.leads!.map((row) => rowDigest(row, Object.keys(row).sort()))));
  const old: Snapshot = {
    kind: "snapshot",
    takenAt: "2026-11-25T20:00:00.000Z",
    tables,
    tally: tallies,
    seal: chainSeal,
  };
  const whole = await seal(old, [recipient]);
  for (const sealed of [streamed, whole])
    for (const size of [1, 7, 64 * 1024]) {
      expect(await inspectSealed(chunked(sealed, size), identity)).toEqual({
        digest: objectDigest(sealed),
        bytes: sealed.length,
        seal: chainSeal,
        leads: 3,
      });
      const read = await allBatches(chunked(sealed, size), identity);
      expect(read.tables).toEqual(tables);
      expect(read.end).toEqual({ tally: tallies, digest: objectDigest(sealed), bytes: sealed.length });
    }
});

test("a streamed snapshot past its ceiling is refused mid-way, by name of the ceiling, after its first rows were read; an old whole one past the whole ceiling too", async () => {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const leads = Array.from({ length: 3000 }, (_, n) => ({ id: `lead-${n}`, note: "x".repeat(400) }));
  const sealed = await sealSnapshot(
    {
      takenAt: "2026-11-25T20:00:00.000Z",
      seal: { deployment: "d", sequence: 0, name: "s", previous: null },
    },
    batchesOf({ leads }),
    [recipient],
  );
  const limits = { whole: 64 * 1024, streamed: 1024 * 1024 };
  let rowsRead = 0;
  const reading = (async () => {
    for await (const { rows } of snapshotBatches(chunked(sealed, 64 * 1024), identity, {}, limits))
      rowsRead += rows.length;
  })();
  await expect(reading).rejects.toThrow(new ObjectTooLarge("el objeto", limits.streamed));
  expect(rowsRead).toBeGreaterThan(0);
  expect(rowsRead).toBeLessThan(leads.length);
  expect(await inspectSealed(chunked(sealed, 64 * 1024), identity, limits)).toMatchObject({
    failure: "too-large",
    ceiling: limits.streamed,
  });
  const whole = await seal({ kind: "snapshot", takenAt: "x", tables: { leads }, tally: {} }, [recipient]);
  await expect(allBatches(chunked(whole, 64 * 1024), identity, limits)).rejects.toThrow(
    /se descomprime a más de 0 MB/,
  );
});

test("a snapshot past the 256 MiB a whole object may hold is written and read back as rows (before, the round failed)", async () => {
  const identity = await generateX25519Identity();
  const note = "Departamento de 3 ambientes con vista al dique, cochera y baulera. ".repeat(15);
  const rowsPerBatch = 1000;
  const batches = 280;
  async function* large() {
    for (let batch = 0; batch < batches; batch++)
      yield {
        table: "leads",
        rows: Array.from({ length: rowsPerBatch }, (_, n) => ({ id: `lead-${batch}-${n}`, note })),
      };
  }
  const tallies: Record<string, TableTally> = {};
  const sealed = await sealSnapshot(
    {
      takenAt: "2026-11-25T20:00:00.000Z",
      seal: { deployment: "d", sequence: 0, name: "s", previous: null },
    },
    large(),
    [await identityToRecipient(identity)],
    tallies,
  );
  let rows = 0;
  let expanded = 0;
  const end: Partial<SnapshotEnd> = {};
  for await (const batch of snapshotBatches(chunked(sealed, 1024 * 1024), identity, end))
    for (const row of batch.rows) {
      rows++;
      expanded += JSON.stringify(row).length;
    }
  expect(rows).toBe(rowsPerBatch * batches);
  expect(expanded).toBeGreaterThan(plaintextCeiling);
  expect(end.tally).toEqual(tallies);
  expect(tallies.leads!.count).toBe(rows);
  // Never held whole: this process's peak stays under what it wrote and read.
  const peak = process.resourceUsage().maxRSS * 1024;
  expect(peak, `peak ${Math.round(peak / 1024 / 1024)} MB`).toBeLessThan(plaintextCeiling);
}, 300_000);
