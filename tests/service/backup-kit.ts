import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll } from "vitest";

/**
 * What a backup test file needs around its tests, registered with its hooks when called: the
 * owner's age key pair, made once before the tests, and temporary folders named after the file,
 * removed after them.
 */
export function backupKit(prefix: string) {
  const folders: string[] = [];
  const keys = { identity: "", recipient: "" };
  beforeAll(async () => {
    keys.identity = await generateX25519Identity();
    keys.recipient = await identityToRecipient(keys.identity);
  });
  afterAll(() => {
    for (const path of folders) rmSync(path, { recursive: true, force: true });
  });
  return {
    keys,
    folder(name: string): string {
      const path = mkdtempSync(join(tmpdir(), `${prefix}-${name}-`));
      folders.push(path);
      return path;
    },
  };
}
