import { gzipSync } from "node:zlib";

import { Encrypter } from "age-encryption";

/**
 * For the backup tests and the bench: what whoever may put objects in the bucket can seal to the
 * owner's public key (issue 44, item 4), a change set whose gzip expands to `expandsTo` bytes
 * (whitespace inside valid JSON) from about a thousandth of that. Concatenated gzip members
 * decompress to the concatenation, so one 16 MiB member of spaces, compressed once, is repeated.
 */
export async function sealedGzipBomb(recipient: string, expandsTo: number): Promise<Uint8Array> {
  const block = 16 * 1024 * 1024;
  const spaces = gzipSync(Buffer.alloc(block, 0x20), { level: 9 });
  const members = [gzipSync('{"kind":"changes","at":"2026-11-20T12:00:00.000Z","entries":[')];
  for (let written = 0; written < expandsTo; written += block) members.push(spaces);
  members.push(gzipSync("]}"));
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  return encrypter.encrypt(Buffer.concat(members));
}
