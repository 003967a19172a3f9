import type { MiddlewareHandler } from "hono";
import { UPLOADED_NAME } from "@shared/image-sources";
import { AppError, STATUS_OF } from "../errors";
import { UPLOADS_PATH, type StoredImage } from "../images/image-store";
import { IMMUTABLE } from "./cache-control";

/**
 * `/uploads/{name}` read through a remote image store (a bucket without a public address), with the headers the
 * disk's files get (http/static-files.ts). Only an upload's own name is asked for: a dot segment, an encoded
 * slash, a sub-folder or any other name falls through to the 404, as the disk's static-file server refuses them,
 * and the bucket is never asked about keys the store did not write.
 */
export function streamedImages(get: (name: string) => Promise<StoredImage | null>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const name = c.req.path.slice(UPLOADS_PATH.length + 1);
    if (!UPLOADED_NAME.test(name)) return next();
    let image: StoredImage | null;
    try {
      image = await get(name);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      c.header("Cache-Control", "no-store");
      return c.text(err.message, STATUS_OF[err.kind]);
    }
    if (!image) return next();
    c.header("Content-Type", image.contentType);
    c.header("Cache-Control", IMMUTABLE);
    if (image.size !== undefined) c.header("Content-Length", String(image.size));
    if (image.lastModified) c.header("Last-Modified", image.lastModified.toUTCString());
    if (c.req.method === "HEAD") {
      await image.body.cancel();
      return c.body(null, 200);
    }
    return c.body(image.body, 200);
  };
}
