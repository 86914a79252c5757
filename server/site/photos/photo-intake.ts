import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

import sharp, { type Metadata, type Sharp } from "sharp";

import { catalogueAspect } from "#app/lib/art/tower-art.ts";

/**
 * An owner's upload becomes a catalogue photo here (decision 0020, photos):
 * only a real raster image is decoded, recognised by its first bytes and
 * confirmed by the decoder's own reading of its header; its pixel count is
 * checked from that header before a single pixel is decoded; it is turned
 * upright by its EXIF orientation, cropped to the catalogue's 16:10 and
 * re-encoded without any metadata (no GPS, no camera, no thumbnail). What
 * comes out is the "master" the build encodes into AVIF, WebP and JPEG at the
 * widths it uses for every photo (scripts/images/photos.ts).
 */

export const photoLimits = {
  /** Bytes of one upload: a phone's photo is 2-8 MB; the rest of a bigger stream is never kept. */
  maxBytes: 20 * 1024 * 1024,
  /** Pixels declared by the header, checked before decoding: a 48 MP phone camera fits, a bomb does not. */
  maxPixels: 50_000_000,
  /** The largest size the pages show (800×500): anything smaller would be blown up. */
  minWidth: 800,
  minHeight: 500,
} as const;

/** The master kept for each photo: twice the largest size served, so a later larger size needs no new upload. */
export const masterSize = { width: 1600, height: Math.round(1600 * catalogueAspect) } as const;

export type RasterFormat = "jpeg" | "png" | "webp" | "heif";

/** sharp's own libvips has no HEVC decoder; a build that has one reads HEIC directly. */
function sharpReadsHeic(): boolean {
  const suffixes: readonly string[] = sharp.format.heif?.input.fileSuffix ?? [];
  return suffixes.includes(".heic");
}

/** A 16×16 grey HEIC (made with `vips copy grey.png grey.heic`): decoding it proves the `vips` command reads HEIC. */
const probeHeic = Buffer.from(
  "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAeRtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAABAAEAAAAExpbG9jAQAAAERAAAMAAQAAAAAAAAIIAAEAAAAAAAAAJgACAAEAAAAAAAAAAQAAAAAAAAAIAAMAAAAAAAACLgABAAAAAAAAAL4AAABNaWluZgAAAAAAAwAAABVpbmZlAgAAAQABAABodmMxAAAAABVpbmZlAgAAAAACAABncmlkAAAAABVpbmZlAgAAAQADAABFeGlmAAAAANhpcHJwAAAAtmlwY28AAAB2aHZjQwEDcAAAAAAAAAAAAB7wAPz9+PgAAA8DIAABABhAAQwB//8DcAAAAwCQAAADAAADAB66AkAhAAEAKkIBAQNwAAADAJAAAAMAAAMAHqAggQWW6q6a5uBAQMCAAAADAIAAAAMAhCIAAQAGRAHBc8GJAAAAFGlzcGUAAAAAAAAAQAAAAEAAAAAUaXNwZQAAAAAAAAAQAAAAEAAAABBwaXhpAAAAAAMICAgAAAAaaXBtYQAAAAAAAAACAAECgQIAAgIDhAAAAChpcmVmAAAAAAAAAA5kaW1nAAIAAQABAAAADmNkc2MAAwABAAIAAADsbWRhdAAAACIoAa8TIR2W+FtTCYjrLEC5TFgpeVcgk27AeK8yh469r5pgAAAABkV4aWYAAElJKgAIAAAABgASAQMAAQAAAAEAAAAaAQUAAQAAAFYAAAAbAQUAAQAAAF4AAAAoAQMAAQAAAAIAAAATAgMAAQAAAAEAAABphwQAAQAAAGYAAAAAAAAAOGMAAOgDAAA4YwAA6AMAAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAAAQAAAAA6AEAAEAAAAQAAAAAAAAAA==",
  "base64",
);

/** Decoding by Debian's `vips` command runs in a subprocess with this much time; a phone photo takes well under a second. */
const vipsTimeoutMs = 30_000;

/**
 * The environment for the `vips` command: loading sharp sets VIPSHOME to its
 * own libvips' build folder, where Debian's vips would then look for its
 * plug-ins (the HEIF loader is one) and find none.
 */
export function vipsCommandEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.VIPSHOME;
  return env;
}

let vipsHeic: boolean | undefined;

/**
 * Whether Debian's `vips` command (package libvips-tools, libheif with an
 * HEVC decoder) is installed and really decodes HEIC. Asked once, when the
 * server starts (createPhotoEditor), and remembered.
 */
function vipsReadsHeic(): boolean {
  if (vipsHeic !== undefined) return vipsHeic;
  const folder = mkdtempSync(join(tmpdir(), "foto-heic-"));
  try {
    writeFileSync(join(folder, "probe.heic"), probeHeic);
    execFileSync("vips", ["heifload", join(folder, "probe.heic"), join(folder, "probe.v")], {
      stdio: "ignore",
      timeout: vipsTimeoutMs,
      env: vipsCommandEnv(),
    });
    vipsHeic = true;
  } catch {
    vipsHeic = false;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return vipsHeic;
}

/** HEIC (iPhone) is read by sharp if its libvips can, otherwise by Debian's `vips` command if it is installed. */
export function heicSupported(): boolean {
  return sharpReadsHeic() || vipsReadsHeic();
}

/** The formats accepted on this machine, as the form names them. */
export function acceptedFormats(): { label: string; accept: string } {
  const heic = heicSupported();
  return {
    label: heic ? "JPEG, PNG, WebP o HEIC" : "JPEG, PNG o WebP",
    accept: [
      "image/jpeg",
      "image/png",
      "image/webp",
      ...(heic ? ["image/heic", "image/heif", ".heic"] : []),
    ].join(","),
  };
}

const heicBrands = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The format the first bytes announce; never the file's name or its declared type. */
export function sniffFormat(bytes: Uint8Array): RasterFormat | undefined {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && heicBrands.has(ascii(8, 12))) return "heif";
  return undefined;
}

export type PhotoRefusal =
  | "vacío"
  | "no-es-imagen"
  | "heic"
  | "demasiado-grande"
  | "demasiados-pixeles"
  | "demasiado-chica"
  | "dañada"
  | "se-detuvo";

/** What the owner reads for each refusal, in Spanish. */
export function refusalMessage(refusal: PhotoRefusal): string {
  const megabytes = photoLimits.maxBytes / 1024 / 1024;
  switch (refusal) {
    case "vacío":
      return "Elegí una foto para subir.";
    case "no-es-imagen":
      return `El archivo no es una foto ${acceptedFormats().label}: no se subió. (Los dibujos SVG, las páginas web y los documentos no se aceptan, aunque su nombre termine en .jpg.)`;
    case "heic":
      return "Este servidor no puede leer fotos HEIC. En el iPhone: Ajustes › Cámara › Formatos › «Más compatible», o compartí la foto como JPEG, y volvé a subirla.";
    case "demasiado-grande":
      return `La foto pesa más de ${megabytes} MB: no se subió. Mandala en un tamaño menor (por ejemplo, compartida desde el teléfono en tamaño «Grande»).`;
    case "demasiados-pixeles":
      return `La imagen declara más de ${photoLimits.maxPixels / 1_000_000} millones de píxeles: no se abrió. Usá una foto de cámara o de teléfono común.`;
    case "demasiado-chica":
      return `La foto es demasiado chica: hace falta al menos ${photoLimits.minWidth} × ${photoLimits.minHeight} píxeles para que se vea nítida.`;
    case "dañada":
      return "No se pudo leer la foto: parece dañada o incompleta. Probá exportarla de nuevo.";
    case "se-detuvo":
      return "La foto dejó de llegar a mitad del envío: la conexión no mandó más datos (¿se cortó la señal o el Wi-Fi?). Lo que escribiste sigue acá: volvé a elegir la foto y enviala de nuevo, mejor con Wi-Fi.";
  }
}

export type ProcessedPhoto = {
  /** JPEG, 16:10, no metadata: what the build encodes into every served size. */
  master: Buffer;
  /** SHA-256 of the master, hex: its name in storage and in the build. */
  hash: string;
  width: number;
  height: number;
};

export type IntakeResult = { ok: true; photo: ProcessedPhoto } | { ok: false; refusal: PhotoRefusal };

const sharpInput = { limitInputPixels: photoLimits.maxPixels, failOn: "error" } as const;

/** The header's verdict, before a pixel is decoded: the decompression-bomb rule and the minimum size. */
function headerRefusal(width: number, height: number, quarterTurn: boolean): PhotoRefusal | undefined {
  if (width * height > photoLimits.maxPixels) return "demasiados-pixeles";
  const upright = quarterTurn ? { width: height, height: width } : { width, height };
  if (upright.width < photoLimits.minWidth || upright.height < photoLimits.minHeight)
    return "demasiado-chica";
  return undefined;
}

/** Upright already, cropped to 16:10 and re-encoded without metadata. */
async function encodeMaster(image: Sharp): Promise<IntakeResult> {
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif): EXIF, GPS, XMP, IPTC and ICC are dropped.
    const master = await image
      .resize(masterSize.width, masterSize.height, { fit: "cover", position: "centre" })
      .jpeg({ quality: 90, mozjpeg: true, chromaSubsampling: "4:4:4" })
      .toBuffer();
    return {
      ok: true,
      photo: {
        master,
        hash: createHash("sha256").update(master).digest("hex"),
        ...masterSize,
      },
    };
  } catch {
    return { ok: false, refusal: "dañada" };
  }
}

const run = promisify(execFile);

/**
 * HEIC through Debian's `vips` command: the header is read first
 * (`vipsheader`, no pixel decoded) and must be HEIF within the limits; only
 * then is it decoded, by the HEIF loader alone, into vips' own format in a
 * private folder, which sharp then crops and re-encodes. libheif applies the
 * HEIC's rotation and mirror boxes (irot, imir) while decoding, so the
 * decoded image is upright and is not turned again by its EXIF.
 */
async function processHeicWithVips(bytes: Buffer): Promise<IntakeResult> {
  const folder = await mkdtemp(join(tmpdir(), "foto-heic-"));
  try {
    const source = join(folder, "foto.heic");
    const decoded = join(folder, "foto.v");
    await writeFile(source, bytes, { mode: 0o600 });
    let header: Map<string, string>;
    try {
      const { stdout } = await run("vipsheader", ["-a", source], {
        timeout: vipsTimeoutMs,
        env: vipsCommandEnv(),
      });
      header = new Map(
        stdout.split("\n").flatMap((line) => {
          const colon = line.indexOf(": ");
          return colon > 0 ? [[line.slice(0, colon), line.slice(colon + 2)] as const] : [];
        }),
      );
    } catch {
      return { ok: false, refusal: "dañada" };
    }
    if (header.get("vips-loader") !== "heifload") return { ok: false, refusal: "no-es-imagen" };
    const width = Number(header.get("width"));
    const height = Number(header.get("height"));
    if (!(width > 0 && height > 0)) return { ok: false, refusal: "dañada" };
    const refusal = headerRefusal(width, height, false);
    if (refusal) return { ok: false, refusal };
    try {
      await run("vips", ["heifload", source, decoded], { timeout: vipsTimeoutMs, env: vipsCommandEnv() });
    } catch {
      return { ok: false, refusal: "dañada" };
    }
    return await encodeMaster(sharp(decoded, sharpInput));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Checks and re-encodes one upload (already limited to `photoLimits.maxBytes` by the reader). */
export async function processPhoto(bytes: Buffer): Promise<IntakeResult> {
  if (bytes.length === 0) return { ok: false, refusal: "vacío" };
  if (bytes.length > photoLimits.maxBytes) return { ok: false, refusal: "demasiado-grande" };
  const sniffed = sniffFormat(bytes);
  if (!sniffed) return { ok: false, refusal: "no-es-imagen" };
  if (sniffed === "heif" && !sharpReadsHeic()) {
    return vipsReadsHeic() ? processHeicWithVips(bytes) : { ok: false, refusal: "heic" };
  }

  // The header only: no pixel is decoded until its dimensions are known to be sane.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { ...sharpInput, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: "dañada" };
  }
  if (metadata.format !== sniffed) return { ok: false, refusal: "no-es-imagen" };
  const { width, height } = metadata;
  if (!width || !height) return { ok: false, refusal: "dañada" };
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const refusal = headerRefusal(width, height, (metadata.orientation ?? 1) >= 5);
  if (refusal) return { ok: false, refusal };
  return encodeMaster(sharp(bytes, { ...sharpInput, pages: 1 }).rotate());
}
