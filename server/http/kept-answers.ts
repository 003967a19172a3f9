import type { MiddlewareHandler } from "hono";
import type { ChangeVersion } from "../cache/change-version";
import type { RequestLogVariables } from "./request-log";
import { pickEncoding } from "./compression";

/** An answer as it left the middleware: status, headers (but the request's own id) and the bytes sent. */
export interface KeptAnswer {
  version: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

export interface KeptAnswers {
  /** Serves a kept answer, or lets the request go on and keeps what comes back. */
  middleware: MiddlewareHandler<{ Variables: RequestLogVariables }>;
  /** The current answer kept for a GET of this path and query, in the encoding the Accept-Encoding header picks. */
  current(pathAndQuery: string, acceptEncoding: string | undefined): KeptAnswer | undefined;
}

/** A longer URL is answered the slow way each time: no key grows with what a client sends. */
export const MAX_URL = 512;
/** The answers kept, all together, at most: the product list's pages in three encodings fit many times over. */
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 600;

/** The headers that belong to one request, not to the answer kept: each request gets its own. */
const OWN_HEADERS = new Set(["x-request-id"]);

/**
 * The answers of GET calls whose every byte depends on the URL and the catalog alone (`keptWhole: "catalog"` in
 * their declaration), kept whole as the full middleware made them (compressed, with their security headers) until
 * the catalog changes, and served again before the rest of the middleware runs. The request log (outside this)
 * still gives each its id, its log line and its metric. A request is told apart by its path and query and the
 * encoding it accepts; an answer that sets a cookie, or is not a 200, is not kept, and nothing is kept while the
 * catalog's change feed is down.
 */
export function keptAnswers(version: ChangeVersion, routes: ReadonlySet<string>): KeptAnswers {
  const kept = new Map<string, KeptAnswer>();
  let bytes = 0;

  const drop = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    bytes -= old.body.byteLength;
    kept.delete(key);
  };

  const keep = (key: string, answer: KeptAnswer) => {
    drop(key);
    kept.set(key, answer);
    bytes += answer.body.byteLength;
    while (bytes > MAX_BYTES || kept.size > MAX_ENTRIES) drop(kept.keys().next().value!);
  };

  const keyOf = (pathAndQuery: string, acceptEncoding: string | undefined) =>
    `${pickEncoding(acceptEncoding) ?? "identity"} ${pathAndQuery}`;

  const current = (pathAndQuery: string, acceptEncoding: string | undefined) => {
    if (!version.live) return undefined;
    const hit = kept.get(keyOf(pathAndQuery, acceptEncoding));
    return hit?.version === version.current ? hit : undefined;
  };

  const middleware: KeptAnswers["middleware"] = async (c, next) => {
    if (c.req.method !== "GET" || !routes.has(c.req.path) || !version.live) return next();
    const url = c.req.url;
    const query = url.indexOf("?");
    const pathAndQuery = query < 0 ? c.req.path : c.req.path + url.slice(query);
    if (pathAndQuery.length > MAX_URL) return next();
    const key = keyOf(pathAndQuery, c.req.header("Accept-Encoding"));
    const at = version.current;

    const hit = kept.get(key);
    if (hit?.version === at) {
      c.set("routePattern", c.req.path);
      return c.newResponse(hit.body, hit.status as 200, Object.fromEntries(hit.headers));
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("Set-Cookie") || version.current !== at || !version.live) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = [...res.headers].filter(([name]) => !OWN_HEADERS.has(name));
    c.res = undefined as unknown as Response;
    c.res = new Response(body, { status: res.status, headers: res.headers });
    keep(key, { version: at, status: res.status, headers, body });
  };

  return { middleware, current };
}
