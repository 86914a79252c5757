import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { expect, test } from "vitest";

import { objectName, parseObjectName, rowDigest, seal, unseal, type ChangeSet } from "./archive.ts";

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
