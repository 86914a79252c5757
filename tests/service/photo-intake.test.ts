import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";

import {
  masterSize,
  photoLimits,
  processPhoto,
  refusalMessage,
  sniffFormat,
  type IntakeResult,
} from "../../server/site/photos/photo-intake.ts";
import { readPhotoUpload, type PhotoUpload } from "../../server/site/photos/photo-upload.ts";
import { heicDeclaring, heicFrom, heicTurnedQuarter, pngDeclaring } from "../photo-fixtures.ts";

/** A photo-like test image: two colours side by side, so a turn or a crop shows. */
function halves(width: number, height: number) {
  const left = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const red = x < width / 2;
      left.set(red ? [200, 30, 30] : [30, 30, 200], (y * width + x) * 3);
    }
  }
  return sharp(left, { raw: { width, height, channels: 3 } });
}

/** A JPEG with the camera's EXIF and a GPS position, as a phone writes it. */
async function jpegWithGps(orientation = 1, width = 1200, height = 900): Promise<Buffer> {
  return halves(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Cámara de prueba" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "34/1 36/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "58/1 21/1 0/1",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

const hasGpsTag = (exif: Buffer | undefined) =>
  exif !== undefined &&
  (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

function accepted(result: IntakeResult) {
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result.photo;
}

describe("an upload is decoded only when it is a real raster image", () => {
  test("a phone's JPEG: turned upright, cropped to 16:10, and every metadata block gone (no GPS)", async () => {
    const input = await jpegWithGps(6, 900, 1400);
    const before = await sharp(input).metadata();
    expect(hasGpsTag(before.exif), "the test file itself carries GPS").toBe(true);
    expect(before.orientation).toBe(6);

    const photo = accepted(await processPhoto(input));
    const after = await sharp(photo.master).metadata();
    expect(after.format).toBe("jpeg");
    expect([after.width, after.height]).toEqual([masterSize.width, masterSize.height]);
    expect(masterSize.height / masterSize.width).toBe(10 / 16);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(photo.master.includes(Buffer.from("TestPhone"))).toBe(false);

    // Orientation 6 turns the picture a quarter clockwise: the stored left (red) half is now on top.
    const { data, info } = await sharp(photo.master).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(800, 100)[0]).toBeGreaterThan(150);
    expect(pixel(800, 900)[2]).toBeGreaterThan(150);
  });

  test("PNG and WebP are accepted and come out as the same kind of master", async () => {
    for (const input of [
      await halves(1000, 700).png().toBuffer(),
      await halves(1000, 700).webp().toBuffer(),
    ]) {
      const photo = accepted(await processPhoto(input));
      const after = await sharp(photo.master).metadata();
      expect([after.format, after.width, after.height]).toEqual(["jpeg", 1600, 1000]);
      expect(photo.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test("an SVG is refused, even one named .jpg and declared image/jpeg", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><script>alert(1)</script><rect width="1600" height="1000"/></svg>',
    );
    expect(sniffFormat(svg)).toBeUndefined();
    expect(await processPhoto(svg)).toEqual({ ok: false, refusal: "no-es-imagen" });
    const withDeclaration = Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svg]);
    expect(await processPhoto(withDeclaration)).toEqual({ ok: false, refusal: "no-es-imagen" });
  });

  test("an HTML page renamed .jpg is refused", async () => {
    const html = Buffer.from("<!DOCTYPE html><html><body><script>fetch('/bandeja')</script></body></html>");
    expect(await processPhoto(html)).toEqual({ ok: false, refusal: "no-es-imagen" });
  });

  test("JPEG's first bytes followed by something else is refused as damaged, not decoded", async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html>not a photo</html>"),
    ]);
    const result = await processPhoto(fake);
    expect(result.ok).toBe(false);
  });

  test("a PNG declaring 100000×100000 pixels is refused from its header, before any decoding", async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await processPhoto(bomb)).toEqual({ ok: false, refusal: "demasiados-pixeles" });
  });

  test("too small to be shown sharp, empty, and over the byte limit", async () => {
    expect(await processPhoto(await halves(640, 400).jpeg().toBuffer())).toEqual({
      ok: false,
      refusal: "demasiado-chica",
    });
    expect(await processPhoto(Buffer.alloc(0))).toEqual({ ok: false, refusal: "vacío" });
    const huge = Buffer.alloc(photoLimits.maxBytes + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await processPhoto(huge)).toEqual({ ok: false, refusal: "demasiado-grande" });
  });

  test("every refusal has its Spanish message", () => {
    for (const refusal of [
      "vacío",
      "no-es-imagen",
      "heic",
      "demasiado-grande",
      "demasiados-pixeles",
      "demasiado-chica",
      "dañada",
    ] as const) {
      expect(refusalMessage(refusal)).toMatch(/^[A-ZÉ¿].{20,}/);
    }
    expect(refusalMessage("demasiado-grande")).toContain("20 MB");
  });
});

describe("HEIC, the iPhone's format, read by Debian's vips command", () => {
  test("a phone's HEIC with GPS: accepted as the 1600×1000 JPEG master, upright, no metadata", async () => {
    const heic = heicFrom(await jpegWithGps(1, 1200, 800));
    expect(sniffFormat(heic)).toBe("heif");
    expect(hasGpsTag(heic), "the test HEIC itself carries GPS").toBe(true);
    expect(heic.includes(Buffer.from("TestPhone")), "the test HEIC itself carries the camera's EXIF").toBe(
      true,
    );

    // A temporary folder of this test's own: other processes may be decoding HEICs in the shared one.
    const ownTmp = mkdtempSync(join(tmpdir(), "heic-test-"));
    const sharedTmp = process.env.TMPDIR;
    process.env.TMPDIR = ownTmp;
    let photo: ReturnType<typeof accepted>;
    try {
      photo = accepted(await processPhoto(heic));
      expect(readdirSync(ownTmp), "the decoding folder is removed").toEqual([]);
    } finally {
      if (sharedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = sharedTmp;
      rmSync(ownTmp, { recursive: true, force: true });
    }
    const after = await sharp(photo.master).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: masterSize.width, height: masterSize.height });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(photo.master.includes(Buffer.from("TestPhone"))).toBe(false);
    // Red on the left, blue on the right, as taken: not turned, not mirrored.
    const { data, info } = await sharp(photo.master).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(100, 500)[0]).toBeGreaterThan(150);
    expect(pixel(1500, 500)[2]).toBeGreaterThan(150);
  });

  test("a HEIC marked as turned (irot box, as an iPhone held upright writes it) comes out upright", async () => {
    // Red left, blue right, turned a quarter anticlockwise: blue on top, red below, 800×1200.
    const heic = heicTurnedQuarter(heicFrom(await halves(1200, 800).jpeg().toBuffer()));
    const photo = accepted(await processPhoto(heic));
    const { data, info } = await sharp(photo.master).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([masterSize.width, masterSize.height]);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(800, 100)[2], "blue on top").toBeGreaterThan(150);
    expect(pixel(800, 900)[0], "red below").toBeGreaterThan(150);
  });

  test("recognised by its content: a HEIC named .jpg and sent as image/jpeg is still a HEIC", async () => {
    const heic = heicFrom(await halves(1000, 640).jpeg().toBuffer());
    const upload = await readPhotoUpload(
      new Blob([
        `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        new Uint8Array(heic),
        `\r\n--${boundary}--\r\n`,
      ]).stream(),
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(upload.file && sniffFormat(upload.file)).toBe("heif");
    expect(accepted(await processPhoto(upload.file!)).width).toBe(masterSize.width);
  });

  test("a HEIC declaring 81 million pixels is refused from its header; a truncated one is refused as damaged", async () => {
    const heic = heicFrom(await halves(1000, 640).jpeg().toBuffer());
    expect(await processPhoto(heicDeclaring(heic, 9000, 9000))).toEqual({
      ok: false,
      refusal: "demasiados-pixeles",
    });
    expect(await processPhoto(heic.subarray(0, Math.floor(heic.length * 0.9)))).toEqual({
      ok: false,
      refusal: "dañada",
    });
    expect(await processPhoto(heic.subarray(0, 200))).toEqual({ ok: false, refusal: "dañada" });
    expect(refusalMessage("dañada")).toContain("No se pudo leer la foto");
  });

  test("a server without the vips command: the form names no HEIC and a HEIC is refused with the advice", async () => {
    const heic = heicFrom(await halves(1000, 640).jpeg().toBuffer());
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      vi.resetModules();
      // A fresh copy of the module, as a server started on a machine without libvips-tools.
      const intake = await import("../../server/site/photos/photo-intake.ts");
      expect(intake.heicSupported()).toBe(false);
      expect(intake.acceptedFormats()).toEqual({
        label: "JPEG, PNG o WebP",
        accept: "image/jpeg,image/png,image/webp",
      });
      expect(await intake.processPhoto(heic)).toEqual({ ok: false, refusal: "heic" });
    } finally {
      process.env.PATH = path;
    }
  });

  test("too small a HEIC is refused like any other photo", async () => {
    const heic = heicFrom(await halves(640, 400).jpeg().toBuffer());
    expect(await processPhoto(heic)).toEqual({ ok: false, refusal: "demasiado-chica" });
  });
});

const boundary = "----prueba1234";

/** A multipart body as a browser sends the photo form: slot and texts first, then the file, streamed in chunks. */
function multipart(fields: Record<string, string>, fileBytes: number, chunk = 1024 * 1024) {
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (pulled === 1) return controller.enqueue(head);
      if (sent < fileBytes) {
        const size = Math.min(chunk, fileBytes - sent);
        sent += size;
        return controller.enqueue(new Uint8Array(size).fill(0x41));
      }
      controller.enqueue(tail);
      controller.close();
    },
  });
  return { stream, sentBytes: () => sent };
}

describe("the multipart reader keeps the limit while the upload streams", () => {
  const type = `multipart/form-data; boundary=${boundary}`;
  const fields = {
    slot: "tower/alvear-tower",
    alt_es: "Fachada desde el dique",
    alt_en: "Facade from the dock",
  };

  test("a 50 MB upload: marked too big, nothing kept, the typed texts kept", async () => {
    const { stream, sentBytes } = multipart(fields, 50 * 1024 * 1024);
    const upload: PhotoUpload = await readPhotoUpload(stream, type);
    expect(upload.tooBig).toBe(true);
    expect(upload.file).toBeUndefined();
    expect(upload.fields).toEqual(fields);
    expect(sentBytes()).toBe(50 * 1024 * 1024);
  });

  test("past the request limit the stream is abandoned, not read to its end", async () => {
    const { stream, sentBytes } = multipart(fields, 500 * 1024 * 1024);
    const upload = await readPhotoUpload(stream, type, {
      fileBytes: 1024 * 1024,
      requestBytes: 8 * 1024 * 1024,
    });
    expect(upload.tooBig).toBe(true);
    expect(upload.fields).toEqual(fields);
    expect(sentBytes()).toBeLessThan(16 * 1024 * 1024);
  });

  test("«hasta 20 MB» exactly: a file of the limit's last byte arrives whole, one byte more is too big", async () => {
    expect(photoLimits.maxBytes).toBe(20 * 1024 * 1024);
    const atLimit = await readPhotoUpload(multipart(fields, photoLimits.maxBytes).stream, type);
    expect(atLimit.tooBig).toBe(false);
    expect(atLimit.malformed).toBe(false);
    expect(atLimit.file?.length).toBe(photoLimits.maxBytes);
    const past = await readPhotoUpload(multipart(fields, photoLimits.maxBytes + 1).stream, type);
    expect(past.tooBig).toBe(true);
    expect(past.file).toBeUndefined();
    // The words the owner reads name the same limit (20 MiB is more than 20 MB in either unit).
    expect(refusalMessage("demasiado-grande")).toContain("más de 20 MB");
  });

  test("a photo within the limit arrives whole; no multipart at all is malformed", async () => {
    const { stream } = multipart(fields, 3 * 1024 * 1024);
    const upload = await readPhotoUpload(stream, type);
    expect(upload.tooBig).toBe(false);
    expect(upload.file?.length).toBe(3 * 1024 * 1024);
    expect(
      (await readPhotoUpload(new Blob(["x=1"]).stream(), "application/x-www-form-urlencoded")).malformed,
    ).toBe(true);
  });
});
