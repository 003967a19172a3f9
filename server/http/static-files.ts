import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { IMMUTABLE, SHORT } from "./cache-control";

/**
 * Files under `root`, with a Cache-Control header on what is found. The header goes on the response itself:
 * headers set in serveStatic's onFound come after its response is made and are lost outside a full app.
 */
function filesFrom(root: string, cacheControl: string, precompressed: boolean): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed });
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response && res.ok) res.headers.set("Cache-Control", cacheControl);
    return res;
  };
}

/** Built assets have content hashes in their names, so they may be cached forever. */
export const hashedAssets = (clientDir: string) => filesFrom(clientDir, IMMUTABLE, true);

/** Files from public/ keep their names between releases, so browsers check back after an hour. */
export const publicFiles = (clientDir: string) => filesFrom(clientDir, SHORT, true);

/** Uploaded images are named by their content, so they never change and may be cached forever. */
export const uploadedImages = (dataDir: string) => filesFrom(dataDir, IMMUTABLE, false);
