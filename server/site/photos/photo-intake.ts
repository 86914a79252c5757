import { createHash } from "node:crypto";

import sharp, { type Metadata } from "sharp";

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

/** HEIC (iPhone) is read only if this machine's libvips has an HEVC decoder; sharp's own build has none. */
export function heicSupported(): boolean {
  const suffixes: readonly string[] = sharp.format.heif?.input.fileSuffix ?? [];
  return suffixes.includes(".heic");
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
  | "dañada";

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

/** Checks and re-encodes one upload (already limited to `photoLimits.maxBytes` by the reader). */
export async function processPhoto(bytes: Buffer): Promise<IntakeResult> {
  if (bytes.length === 0) return { ok: false, refusal: "vacío" };
  if (bytes.length > photoLimits.maxBytes) return { ok: false, refusal: "demasiado-grande" };
  const sniffed = sniffFormat(bytes);
  if (!sniffed) return { ok: false, refusal: "no-es-imagen" };
  if (sniffed === "heif" && !heicSupported()) return { ok: false, refusal: "heic" };

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
  if (width * height > photoLimits.maxPixels) return { ok: false, refusal: "demasiados-pixeles" };
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const upright = quarterTurn ? { width: height, height: width } : { width, height };
  if (upright.width < photoLimits.minWidth || upright.height < photoLimits.minHeight)
    return { ok: false, refusal: "demasiado-chica" };

  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif): EXIF, GPS, XMP, IPTC and ICC are dropped.
    const master = await sharp(bytes, { ...sharpInput, pages: 1 })
      .rotate()
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
