import { Readable, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
const BROTLI_QUALITY = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

type Encoding = "br" | "gzip";

function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
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

/**
 * Brotli or gzip for pages and JSON made per request. (Hono's own compress middleware has no brotli on Node 20;
 * built assets are compressed ahead of time instead, see scripts/precompress.mjs.)
 * JSON is whole in memory already, so it is compressed in one go and small answers stay plain;
 * pages are streamed, so they are compressed as a stream.
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

    if (type.startsWith("application/json")) {
      const plain = Buffer.from(await res.arrayBuffer());
      if (plain.length < MIN_BYTES) {
        headers.set("Content-Length", String(plain.length));
        return replaceResponse(c, plain, res, headers);
      }
      const packed = encoding === "br" ? brotliCompressSync(plain, BROTLI_QUALITY) : gzipSync(plain, { level: 6 });
      headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(packed.length));
      return replaceResponse(c, packed, res, headers);
    }

    const compressor = encoding === "br" ? createBrotliCompress(BROTLI_QUALITY) : createGzip({ level: 6 });
    pipeline(Readable.fromWeb(res.body as unknown as NodeReadableStream), compressor, () => {});
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    replaceResponse(c, Readable.toWeb(compressor) as unknown as ReadableStream, res, headers);
  };
}
