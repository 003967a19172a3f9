import { getMimeType } from "hono/utils/mime";
import { M } from "@shared/messages";
import type { Config } from "../config";
import { unavailable } from "../errors";
import { loadOnce } from "../load-once";
import { IMMUTABLE } from "../http/cache-control";
import { reportError } from "../log/report-error";
import { UPLOADS_PATH, type ImageStore } from "./image-store";

export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, a profile, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers read the objects; unset, the store streams them under /uploads/. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

/** The bucket configured by S3_*, or null: images stay in DATA_DIR/uploads. */
export function s3Settings(config: Config): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicUrl: config.S3_PUBLIC_URL,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), keyed by the image's name at the bucket's
 * root: the names DATA_DIR/uploads holds, so a disk store moves over with one copy. Each object carries its type
 * and the immutable Cache-Control, so a public bucket or a CDN answers as the store would.
 */
export function createS3ImageStore(settings: S3Settings): ImageStore {
  const { bucket, publicUrl } = settings;
  // The SDK (some 5 MB of the server's heap and 20 MB of its memory) loads when the bucket is first asked for an
  // image, not in every store that keeps its images on disk.
  const connect = loadOnce(() =>
    import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // The SDK's default CRC32 checksum headers are refused by some S3-compatible stores; S3 asks for none here.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // A bucket that does not answer fails the request within seconds instead of holding it open.
        requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
      }),
    })),
  );

  function unreachable(doing: string, name: string, err: unknown): never {
    reportError(`the image bucket failed to ${doing}`, err, { bucket, key: name });
    throw unavailable(M.upload.store_unreachable);
  }

  return {
    async put(name, data) {
      const object = {
        Bucket: bucket,
        Key: name,
        Body: data,
        ContentType: getMimeType(name) ?? "application/octet-stream",
        CacheControl: IMMUTABLE,
      };
      const { sdk, client } = await connect();
      await client
        .send(new sdk.PutObjectCommand(object))
        .catch((err: unknown) => unreachable("store an image", name, err));
    },

    url: (name) => `${publicUrl ?? UPLOADS_PATH}/${name}`,

    async has(name) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: name }));
        return true;
      } catch (err) {
        if (err instanceof sdk.NotFound || err instanceof sdk.NoSuchKey) return false;
        return unreachable("look for an image", name, err);
      }
    },

    async get(name) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: name }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType ?? getMimeType(name) ?? "application/octet-stream",
          size: object.ContentLength,
          lastModified: object.LastModified,
        };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey) return null;
        return unreachable("read an image", name, err);
      }
    },
  };
}
