import { createReadStream } from "node:fs";
import { link, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";

import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

/**
 * Where backup objects go: a folder (`file:///ABSOLUTE/PATH`, a mounted disk) or any S3-compatible
 * bucket (`s3://BUCKET/PREFIX`; endpoint, region and credentials from the AWS SDK's own variables).
 * Names are relative ("changes/….age"); the target adds its prefix.
 */
export type BackupTarget = {
  /** Where it writes, for messages (never a credential). */
  describe: string;
  /** Writes a new object; never replaces one: `ObjectExists` when the name is taken. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  get(name: string): Promise<Uint8Array>;
  /** The same bytes as a stream, for reading an object of any size in constant memory. */
  read(name: string): Promise<ReadableStream<Uint8Array>>;
  /** Every object name under `kind/`, in no particular order. */
  list(kind: string): Promise<string[]>;
  remove(name: string): Promise<void>;
};

/** The name is taken (S3's 412 to `If-None-Match: *`): the object there stays as it was. */
export class ObjectExists extends Error {
  constructor(name: string) {
    super(`ya existe un objeto llamado ${name}; no se reemplaza`);
  }
}

export function openTarget(url: string): BackupTarget {
  if (url.startsWith("file://")) return folderTarget(fileURLToPath(url));
  if (url.startsWith("s3://")) return bucketTarget(new URL(url));
  throw new Error(`LEADS_BACKUP_URL=${url}: debe empezar con s3:// o file://`);
}

function folderTarget(folder: string): BackupTarget {
  return {
    describe: folder,
    async put(name, bytes) {
      const path = join(folder, name);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and linked: a reader never sees half an object, and a link never replaces.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, bytes, { flush: true });
      try {
        await link(partial, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExists(name);
        throw error;
      } finally {
        await rm(partial, { force: true });
      }
    },
    get: async (name) => new Uint8Array(await readFile(join(folder, name))),
    read: async (name) => Readable.toWeb(createReadStream(join(folder, name))) as ReadableStream<Uint8Array>,
    async list(kind) {
      const names = await readdir(join(folder, kind)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      return names.filter((name) => name.endsWith(".age")).map((name) => `${kind}/${name}`);
    },
    remove: (name) => rm(join(folder, name), { force: true }),
  };
}

function bucketTarget(url: URL): BackupTarget {
  const bucket = url.hostname;
  const prefix = url.pathname.replace(/^\/+/, "").replace(/\/*$/, "/").replace(/^\/$/, "");
  const customEndpoint = Boolean(process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL);
  const client = new S3Client({
    // MinIO, R2, B2 and the like answer at one host: the bucket goes in the path.
    forcePathStyle: customEndpoint,
    region: process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || "us-east-1",
    maxAttempts: 2,
    requestHandler: { requestTimeout: 30_000, connectionTimeout: 5_000 },
  });
  return {
    describe: `s3://${bucket}/${prefix}`,
    async put(name, bytes) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: prefix + name, Body: bytes, IfNoneMatch: "*" }),
        );
      } catch (error) {
        // 412: the key exists. 409: another conditional write to the same key is under way.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 412 || status === 409) throw new ObjectExists(name);
        throw error;
      }
    },
    async get(name) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + name }));
      return answer.Body!.transformToByteArray();
    },
    async read(name) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + name }));
      return answer.Body!.transformToWebStream();
    },
    async list(kind) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${kind}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + name }));
    },
  };
}
