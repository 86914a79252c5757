import { readFileSync } from "node:fs";

import {
  DeleteObjectCommand,
  GetBucketLifecycleConfigurationCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { afterAll, beforeAll, expect, test } from "vitest";

import { seal } from "../../server/backup/archive.ts";
import { ObjectExists, openTarget } from "../../server/backup/targets.ts";
import { startS3Server, type S3Server } from "../../scripts/s3-server.ts";

/**
 * docs/deploy.md's bucket, as written there (the lock, the lifecycle rule and the key's policy are
 * read from the guide itself), on moto with its IAM checks on; then what someone holding the
 * service's key tries: delete, delete a version, switch versioning off, change the lock or the
 * rule, write over an object. Each promise of the guide's list is one expectation here.
 */
const guide = readFileSync(new URL("../../docs/deploy.md", import.meta.url), "utf8");
const bucket = "tasaciones-copias";

/** The JSON the guide passes after `flag` ('…' quoted, maybe on the next line). */
function fromGuide(flag: string): unknown {
  const at = guide.indexOf(`${flag} `);
  if (at < 0) throw new Error(`${flag} is not in docs/deploy.md`);
  const open = guide.indexOf("'", at);
  return JSON.parse(guide.slice(open + 1, guide.indexOf("'", open + 1)));
}

let s3: S3Server;
let endpoint: string;
let service: S3Client;
let account: S3Client;

/** moto's IAM query API, before its checks begin (each call is one of the unauthenticated requests). */
async function iam(action: string, parameters: Record<string, string>): Promise<string> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization:
        "AWS4-HMAC-SHA256 Credential=test-key/20261120/us-east-1/iam/aws4_request, SignedHeaders=host, Signature=0",
    },
    body: new URLSearchParams({ Action: action, Version: "2010-05-08", ...parameters }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${action}: ${text}`);
  return text;
}

async function userWithKey(name: string, policy: unknown): Promise<S3Client> {
  await iam("CreateUser", { UserName: name });
  await iam("PutUserPolicy", {
    UserName: name,
    PolicyName: "politica",
    PolicyDocument: JSON.stringify(policy),
  });
  const answer = await iam("CreateAccessKey", { UserName: name });
  const [, accessKeyId] = /<AccessKeyId>([^<]+)</.exec(answer)!;
  const [, secretAccessKey] = /<SecretAccessKey>([^<]+)</.exec(answer)!;
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
  });
}

beforeAll(async () => {
  // Bucket, lock, rule, two users with their policies and keys: nine requests, then IAM applies.
  s3 = await startS3Server(bucket, { unauthenticatedRequests: 9, objectLock: true });
  endpoint = s3.env.AWS_ENDPOINT_URL_S3!;
  await s3.client.send(
    new PutObjectLockConfigurationCommand({
      Bucket: bucket,
      ObjectLockConfiguration: fromGuide("--object-lock-configuration") as never,
    }),
  );
  await s3.client.send(
    new PutBucketLifecycleConfigurationCommand({
      Bucket: bucket,
      LifecycleConfiguration: fromGuide("--lifecycle-configuration") as never,
    }),
  );
  service = await userWithKey("tasaciones-copias", fromGuide("--policy-document"));
  account = await userWithKey("titular", {
    Version: "2012-10-17",
    Statement: [{ Effect: "Allow", Action: "*", Resource: "*" }],
  });
  const credentials = await service.config.credentials();
  Object.assign(process.env, s3.env, {
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
}, 60_000);

afterAll(async () => {
  await s3?.stop();
});

const denied = { name: "AccessDenied" };

test(
  "with the guide's bucket and key, the service writes new objects, and its key cannot delete, overwrite for good, disable or shorten anything",
  { timeout: 120_000 },
  async () => {
    // The service's write, with the documented key: a conditional put of a new name. (The service
    // itself and the restore also list the prefix, which moto refuses with its IAM checks on: it
    // computes another signature for a ListObjectsV2 with a prefix. backup-chain.test.ts runs them
    // on moto without IAM.)
    const target = openTarget(`s3://${bucket}/sitio`);
    const name = "changes/20261120T100000000Z-a1b2c3.age";
    const newest = `sitio/${name}`;
    const original = await seal({ kind: "changes", at: "2026-11-20T10:00:00.000Z", entries: [] }, [
      await identityToRecipient(await generateX25519Identity()),
    ]);
    await target.put(name, original);
    const { VersionId: firstVersion } = await account.send(
      new HeadObjectCommand({ Bucket: bucket, Key: newest }),
    );
    expect(firstVersion).toBeTruthy();

    // It cannot delete an object or any version of it.
    await expect(
      service.send(new DeleteObjectCommand({ Bucket: bucket, Key: newest })),
    ).rejects.toMatchObject(denied);
    await expect(
      service.send(new DeleteObjectCommand({ Bucket: bucket, Key: newest, VersionId: firstVersion })),
    ).rejects.toMatchObject(denied);
    // Nor turn versioning off, nor change the lock or the lifecycle rule.
    await expect(
      service.send(
        new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: "Suspended" } }),
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      service.send(
        new PutObjectLockConfigurationCommand({
          Bucket: bucket,
          ObjectLockConfiguration: {
            ObjectLockEnabled: "Enabled",
            Rule: { DefaultRetention: { Mode: "GOVERNANCE", Days: 1 } },
          },
        }),
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      service.send(
        new PutBucketLifecycleConfigurationCommand({
          Bucket: bucket,
          LifecycleConfiguration: {
            Rules: [{ ID: "todo", Status: "Enabled", Filter: { Prefix: "" }, Expiration: { Days: 1 } }],
          },
        }),
      ),
    ).rejects.toMatchObject(denied);

    // The service's own write on a taken name is refused (412) and the object stays.
    await expect(target.put(name, new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(ObjectExists);

    // A plain write over it goes through as a new version: the earlier one is kept, locked (the
    // restore names the replaced object instead of trusting it: backup-chain.test.ts).
    await service.send(
      new PutObjectCommand({ Bucket: bucket, Key: newest, Body: new Uint8Array([1, 2, 3]) }),
    );
    const kept = await (
      await account.send(new GetObjectCommand({ Bucket: bucket, Key: newest, VersionId: firstVersion }))
    ).Body!.transformToByteArray();
    expect(Buffer.from(kept).equals(Buffer.from(original))).toBe(true);

    // Not even the account's own key deletes a locked version before its 28 days.
    await expect(
      account.send(new DeleteObjectCommand({ Bucket: bucket, Key: newest, VersionId: firstVersion })),
    ).rejects.toMatchObject(denied);

    // The earlier version copied back (the guide's way) is the object the chain recorded.
    await account.send(new PutObjectCommand({ Bucket: bucket, Key: newest, Body: kept }));
    expect(Buffer.from(await target.get(name)).equals(Buffer.from(original))).toBe(true);

    // The 30-day rule is in place as documented (moto keeps it; it does not run it).
    const rule = await account.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }));
    expect(rule.Rules?.[0]).toMatchObject({
      Status: "Enabled",
      Expiration: { Days: 29 },
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    });
  },
);
