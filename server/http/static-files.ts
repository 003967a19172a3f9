import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600, stale-while-revalidate=86400";

/** Built assets have content hashes in their names, so they may be cached forever. */
export function hashedAssets(root: string): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", IMMUTABLE);
    },
  });
}

/** Files from public/ keep their names between releases, so browsers check back after an hour. */
export function publicFiles(root: string): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", SHORT);
    },
  });
}
