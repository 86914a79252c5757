import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { vipsCommandEnv } from "../server/site/photos/photo-intake.ts";
import { crc32 } from "node:zlib";

/** A PNG that declares `width`×`height` pixels in its header but holds almost nothing: a decompression bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A real HEIC made from any image by Debian's `vips` command (libvips-tools,
 * required by tests/run.ts): the EXIF of the source, GPS included, is written
 * into the HEIC as a phone does.
 */
export function heicFrom(image: Buffer): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "prueba-heic-"));
  try {
    writeFileSync(join(folder, "foto.jpg"), image);
    execFileSync("vips", ["copy", join(folder, "foto.jpg"), join(folder, "foto.heic")], {
      env: vipsCommandEnv(),
    });
    return readFileSync(join(folder, "foto.heic"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The same HEIC with its image-size box (ispe) rewritten to declare `width`×`height`: a bomb by its header. */
export function heicDeclaring(heic: Buffer, width: number, height: number): Buffer {
  const ispe = heic.indexOf("ispe", 0, "latin1");
  if (ispe < 0) throw new Error("no ispe box in the HEIC");
  const bomb = Buffer.from(heic);
  // "ispe", then 4 bytes of version and flags, then the width and the height.
  bomb.writeUInt32BE(width, ispe + 8);
  bomb.writeUInt32BE(height, ispe + 12);
  return bomb;
}

/**
 * The same HEIC turned a quarter anticlockwise the way an iPhone marks it: an
 * `irot` box associated with the image, pixels untouched (the layout `vips`
 * writes: one ipco, one ipma entry, iloc version 0 with 4-byte offsets).
 */
export function heicTurnedQuarter(heic: Buffer): Buffer {
  const bytes = Buffer.from(heic);
  const box = (type: string) => {
    const at = bytes.indexOf(type, 0, "latin1") - 4;
    if (at < 0) throw new Error(`no ${type} box in the HEIC`);
    return at;
  };
  const grow = (at: number, by: number) => bytes.writeUInt32BE(bytes.readUInt32BE(at) + by, at);
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from("irot", "latin1"), 1]);
  const added = irot.length + 1;
  // The image data after the meta box moves by what is added: every iloc extent offset follows.
  const iloc = box("iloc");
  if (bytes[iloc + 8] !== 0 || bytes[iloc + 12] !== 0x44 || bytes[iloc + 13] !== 0x40)
    throw new Error("unexpected iloc layout");
  let at = iloc + 16;
  for (let items = bytes.readUInt16BE(iloc + 14); items > 0; items--) {
    at += 2 + 2 + 4;
    let extents = bytes.readUInt16BE(at);
    at += 2;
    for (; extents > 0; extents--, at += 8) grow(at, added);
  }
  const ipma = box("ipma");
  const associations = ipma + 8 + 4 + 4 + 2;
  if (bytes.readUInt32BE(ipma + 12) !== 1) throw new Error("unexpected ipma layout");
  const propertyIndex = bytes[associations]! + 1;
  bytes[associations] = propertyIndex;
  grow(ipma, 1);
  grow(box("iprp"), added);
  grow(box("meta"), added);
  const ipco = box("ipco");
  grow(ipco, irot.length);
  const ipcoEnd = ipco + bytes.readUInt32BE(ipco) - irot.length;
  const ipmaEnd = ipma + bytes.readUInt32BE(ipma) - 1;
  // Essential (high bit) association with the new property, the last one of ipco.
  return Buffer.concat([
    bytes.subarray(0, ipcoEnd),
    irot,
    bytes.subarray(ipcoEnd, ipmaEnd),
    Buffer.from([0x80 | propertyIndex]),
    bytes.subarray(ipmaEnd),
  ]);
}
