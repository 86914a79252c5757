import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { expect, test } from "vitest";

import {
  inspectSealed,
  objectDigest,
  objectName,
  parseObjectName,
  rowDigest,
  seal,
  unseal,
  type ChangeSet,
  type Snapshot,
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
