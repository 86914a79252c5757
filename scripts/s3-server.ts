import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { join } from "node:path";

import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

import { freePort } from "./postgres-server.ts";

/**
 * A throw-away S3-compatible server on loopback for the backup tests and benchmark: moto's
 * `moto_server` (Python), in memory, behind a TCP relay the test can switch off and on to play a
 * target that is down (moto itself keeps its objects meanwhile).
 */
export type S3Server = {
  /** AWS_* variables that point the SDK at it. */
  env: Record<string, string>;
  bucket: string;
  client: S3Client;
  /** Every object's key and bytes. */
  objects(): Promise<{ key: string; bytes: Uint8Array }[]>;
  /** SIGSTOP to moto: connections open and requests are sent, nothing answers (a hung target). */
  freeze(): void;
  /** SIGCONT: the frozen server answers again. */
  thaw(): void;
  /** Refuses connections (and drops open ones) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
};

const candidates = ["/root/.pyenv/shims/moto_server", "/usr/local/bin/moto_server", "/usr/bin/moto_server"];

export function motoServerPath(): string | undefined {
  const onPath = (process.env.PATH ?? "").split(":").map((folder) => join(folder, "moto_server"));
  return [...onPath, ...candidates].find((path) => existsSync(path));
}

export async function startS3Server(
  bucket = "copias",
  options: {
    /**
     * Requests moto answers before it checks credentials against its own IAM users and policies
     * (its INITIAL_NO_AUTH_ACTION_COUNT): a test sets up users and keys first, then plays one.
     */
    unauthenticatedRequests?: number;
    /** The bucket made with Object Lock available (it cannot be turned on later). */
    objectLock?: boolean;
  } = {},
): Promise<S3Server> {
  const executable = motoServerPath();
  if (!executable) throw new Error("moto_server is not installed (pip install 'moto[server]')");
  const motoPort = await freePort();
  const child = spawn(executable, ["-H", "127.0.0.1", "-p", String(motoPort)], {
    stdio: "ignore",
    env:
      options.unauthenticatedRequests === undefined
        ? process.env
        : { ...process.env, INITIAL_NO_AUTH_ACTION_COUNT: String(options.unauthenticatedRequests) },
  });
  const relayPort = await freePort();
  const sockets = new Set<Socket>();
  let relay: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (relay?.listening) return resolve();
      relay = createServer((socket) => {
        const upstream = connect(motoPort, "127.0.0.1");
        for (const [end, other] of [
          [socket, upstream],
          [upstream, socket],
        ] as const) {
          sockets.add(end);
          // One side gone (moto not listening yet, the client hung up): the other goes too.
          end.on("close", () => {
            sockets.delete(end);
            other.destroy();
          });
          end.on("error", () => end.destroy());
        }
        socket.pipe(upstream).pipe(socket);
      }).listen(relayPort, "127.0.0.1", () => resolve());
    });
  await listen();
  const env = {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${relayPort}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "test-key",
    AWS_SECRET_ACCESS_KEY: "test-secret",
  };
  const client = new S3Client({
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(
        new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: options.objectLock }),
      );
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    env,
    bucket,
    client,
    async objects() {
      const found: { key: string; bytes: Uint8Array }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const body = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
          found.push({ key: object.Key!, bytes: await body.Body!.transformToByteArray() });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    async down() {
      await new Promise<void>((resolve) => {
        relay?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    up: listen,
    async stop() {
      await new Promise<void>((resolve) => {
        relay?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      client.destroy();
      child.kill("SIGCONT");
      child.kill("SIGTERM");
    },
  };
}
