import { Readable } from "node:stream";

import busboy from "busboy";

import { StalledBody } from "../../http/body.ts";
import { photoLimits } from "./photo-intake.ts";

/**
 * Reads the inbox's photo form (multipart/form-data) as it streams in: the
 * text fields, and the one file kept in memory only up to
 * `photoLimits.maxBytes`. Past that the file is marked too big, what was kept
 * is dropped and the rest is read and thrown away, so the owner still gets a
 * page with the message and the texts they typed; past `maxRequestBytes` the
 * request itself is abandoned. A body that stopped arriving (no byte for the
 * server's stall limit) is `stalled`, with the texts that came before the file.
 * Nothing is ever written to disk here.
 */
export type PhotoUpload = {
  fields: Record<string, string>;
  /** The file's bytes, or undefined when none was sent or it was too big. */
  file: Buffer | undefined;
  tooBig: boolean;
  /** The connection stopped sending before the form's end (server/http/body.ts). */
  stalled: boolean;
  /** Not a form this page sends (no boundary, broken parts, too many fields). */
  malformed: boolean;
};

export const uploadLimits = {
  fileBytes: photoLimits.maxBytes,
  /** The whole request: a drained oversize upload stops here (a 50 MB photo still gets its message). */
  requestBytes: 64 * 1024 * 1024,
  fields: 8,
  fieldBytes: 2_000,
} as const;

export async function readPhotoUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | null,
  limits: { fileBytes: number; requestBytes: number } = uploadLimits,
): Promise<PhotoUpload> {
  const upload: PhotoUpload = {
    fields: {},
    file: undefined,
    tooBig: false,
    stalled: false,
    malformed: false,
  };
  if (!body || !contentType?.toLowerCase().startsWith("multipart/form-data")) {
    await body?.cancel().catch(() => {});
    return { ...upload, malformed: true };
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        files: 1,
        // busboy marks a file "limit" when it reaches fileSize: one byte more lets a file of exactly
        // `fileBytes` through, as «hasta 20 MB» promises (20 MiB: more than 20 MB in either unit).
        fileSize: limits.fileBytes + 1,
        fields: uploadLimits.fields,
        fieldSize: uploadLimits.fieldBytes,
        parts: uploadLimits.fields + 1,
      },
    });
  } catch {
    await body.cancel().catch(() => {});
    return { ...upload, malformed: true };
  }

  const source = Readable.fromWeb(body as never);
  let received = 0;
  return new Promise<PhotoUpload>((done) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      done(upload);
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limits.requestBytes) return;
      // Far past any photo: stop reading; the answer goes out while the client may still be sending.
      upload.tooBig = true;
      upload.file = undefined;
      source.destroy();
      finish();
    });
    source.on("error", (error) => {
      upload.stalled = error instanceof StalledBody;
      upload.malformed = !upload.tooBig && !upload.stalled;
      upload.file = undefined;
      finish();
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) upload.malformed = true;
      else upload.fields[name] = value;
    });
    parser.on("file", (_name, stream) => {
      let chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!upload.tooBig) chunks.push(chunk);
      });
      stream.on("limit", () => {
        upload.tooBig = true;
        chunks = [];
      });
      stream.on("end", () => {
        if (!upload.tooBig && chunks.length > 0) upload.file = Buffer.concat(chunks);
      });
    });
    parser.on("partsLimit", () => (upload.malformed = true));
    parser.on("filesLimit", () => (upload.malformed = true));
    parser.on("fieldsLimit", () => (upload.malformed = true));
    parser.on("error", () => {
      upload.malformed = true;
      source.destroy();
      finish();
    });
    parser.on("close", finish);
    source.pipe(parser);
  });
}
