// S3 for tests: s3rver (an S3 API over a temporary folder) on 127.0.0.1, a port of its own, one bucket, and an
// SDK client on it for the tests to read back what the store wrote. s3rver checks request signatures against its
// one pair of keys, S3RVER/S3RVER, and refuses bucket names shorter than 3 characters.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

const KEY = "S3RVER";

export interface S3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface S3StandIn {
  bucket: string;
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** The configuration that puts the store's images in this bucket (S3_PUBLIC_URL aside). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  read(key: string): Promise<S3Object>;
  /** Puts an object in the bucket as someone else with its keys could. */
  write(key: string, body: string): Promise<void>;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = "randa-images"): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), "randa-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        body: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    async write(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in for the test file: started before its tests and closed after them. Call it before `useTestApp`, so
 * the app's configuration (a function) can read `env` once the port is known.
 */
export function useS3StandIn(bucket?: string): S3StandIn {
  const ctx = {} as S3StandIn;
  beforeAll(async () => {
    Object.assign(ctx, await startS3StandIn(bucket));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}
