import { promisify } from "node:util";
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/**
 * Quality 4 up to 64 KB, 3 above, and a window no larger than the answer: the encoder's memory follows the window
 * (4 MB by default). Quality 4 is the first to split an answer into blocks of their own statistics: 5 % smaller than
 * quality 3 (and than gzip on a small page), at twice to five times the CPU. A 108 KB Manage Orders page packed as
 * here cost 4–5 ms at quality 4, against 0.7–0.9 ms at quality 3 one at a time and 2.3–2.6 ms ten at once
 * (docs/decisions/0043-admin-pages-at-volume.md); under 64 KB it is a fraction of a millisecond, and the answers
 * kept whole (the product list, the public pages) are packed once.
 */
const BLOCK_SPLIT_UP_TO = 64 * 1024;
const brotliOptions = (size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: size <= BLOCK_SPLIT_UP_TO ? 4 : 3,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.max(
      constants.BROTLI_MIN_WINDOW_BITS,
      Math.min(22, Math.ceil(Math.log2(size))),
    ),
  },
});

type Encoding = "br" | "gzip";

export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function replaceResponse(c: Context, body: BodyInit, res: Response, headers: Headers) {
  // Hono merges the old response's headers into a new one unless the old one is cleared first.
  c.res = undefined as unknown as Response;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/** Compressed on libuv's threads: the event loop goes on serving while a page is packed. */
const compress = {
  br: promisify(brotliCompress) as (plain: Buffer, options: BrotliOptions) => Promise<Buffer<ArrayBuffer>>,
  gzip: promisify(gzip) as (plain: Buffer, options: ZlibOptions) => Promise<Buffer<ArrayBuffer>>,
};

/**
 * Brotli or gzip for pages and JSON made per request. (Hono's own compress middleware has no brotli on Node 20;
 * built assets are compressed ahead of time instead, see scripts/precompress.mjs.)
 * An answer is read whole and packed in one call, pages too: React writes a page in hundreds of small chunks,
 * and a compressing stream made one zlib call for each (12 ms of CPU for a Manage Orders page of 95 KB, more
 * than rendering it). A page renders in one pass (no Suspense waits on data), so nothing of it would reach the
 * browser sooner: a compressor holds its output until its window fills.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Asked first: reading the answer's headers makes Node build a full copy of it.
    const encoding = pickEncoding(c.req.header("Accept-Encoding"));
    if (!encoding || c.req.method === "HEAD") return;
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding")) return;
    const type = res.headers.get("Content-Type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    const declaredLength = Number(res.headers.get("Content-Length") ?? Number.NaN);
    if (declaredLength < MIN_BYTES) return;

    const headers = new Headers(res.headers);
    headers.append("Vary", "Accept-Encoding");
    const plain = Buffer.from(await res.arrayBuffer());
    if (plain.length < MIN_BYTES) {
      headers.set("Content-Length", String(plain.length));
      return replaceResponse(c, plain, res, headers);
    }
    const packed =
      encoding === "br"
        ? await compress.br(plain, brotliOptions(plain.length))
        : await compress.gzip(plain, { level: 6 });
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(packed.length));
    return replaceResponse(c, packed, res, headers);
  };
}
