import type { MiddlewareHandler } from "hono";
import { M, message, type MessageCode } from "@shared/messages";
import { tooLarge as tooLargeError } from "../errors";
import { currentRequest } from "../log/request-context";
import { MAX_UPLOAD_BYTES } from "../images/process-upload";
import { MAX_SHEET_BYTES } from "@shared/catalog-sheet";

const KB = 1024;

export interface BodyLimit {
  bytes: number;
  /** What the 413 says. */
  code: MessageCode;
}

/** JSON calls, Better Auth (/api/auth/*), the providers' webhooks, the gateway's IPN and return, page actions. */
export const DEFAULT_LIMIT: BodyLimit = { bytes: 64 * KB, code: M.request.too_large };

/** An image of the largest size allowed, with room for the multipart framing around it. */
export const UPLOAD_LIMIT: BodyLimit = { bytes: MAX_UPLOAD_BYTES + 64 * KB, code: M.upload.too_large };

/**
 * A product's description, Bangla description and details may each hold 5000 characters, which a form sends as up
 * to 9 bytes each (percent-encoded UTF-8) and JSON as up to 6 (`\uXXXX`): about 135 KB in all, with the names.
 */
export const PRODUCT_LIMIT: BodyLimit = { bytes: 192 * KB, code: M.request.too_large };

/** A catalog spreadsheet (`POST /api/products.csv`, /dashboard/spreadsheet): 10 MB, some 20,000 plain rows. */
export const SHEET_LIMIT: BodyLimit = { bytes: MAX_SHEET_BYTES, code: M.sheet.too_large };

/**
 * The pages that need more than the default, by path (Add and Edit Product send no file). An API call declares its
 * own limit beside its handler (`bodyLimit`, read by `apiBodyLimitOf` in api-router.ts).
 */
const LIMITS: [route: RegExp, limit: BodyLimit][] = [
  // A product's photos page posts a photo (multipart), as POST /api/uploads does.
  [/^\/dashboard\/manageproduct\/[^/]+\/photos(?:\.data)?\/?$/, UPLOAD_LIMIT],
  // The spreadsheet page posts a catalog file (multipart), as POST /api/products.csv takes it.
  [/^\/dashboard\/spreadsheet(?:\.data)?\/?$/, SHEET_LIMIT],
  [/^\/dashboard\/(?:addproduct|manageproduct\/[^/]+)(?:\.data)?\/?$/, PRODUCT_LIMIT],
];

export function bodyLimitOf(path: string): BodyLimit {
  return LIMITS.find(([route]) => route.test(path))?.[1] ?? DEFAULT_LIMIT;
}

/**
 * Holds every request body to its route's limit, answering 413 `{message, code}` without reading the rest: a
 * `Content-Length` over it is refused before a byte is read; any other body reaches the handlers through a
 * counter whose read fails at the limit with the 413's `AppError` (so no handler sees a cut-off body as whole),
 * and whatever a handler made of that failure is replaced by the 413. The counter reads only as the handler
 * reads, so a handler that refuses before reading (a stranger's upload) reads nothing.
 */
export function bodyLimits(limitOf: (path: string, method: string) => BodyLimit = bodyLimitOf): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const limit = limitOf(c.req.path, c.req.method);
    if (Number(c.req.header("content-length")) > limit.bytes) return tooLarge(limit);
    const body = c.req.raw.body;
    if (!body) return next();
    let over = false;
    const counted = countedBody(body, limit, () => (over = true));
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    if (over) {
      await c.res.body?.cancel().catch(() => undefined);
      // Unset first, so that none of the handler's headers (a cookie, a redirect) carry over to the refusal.
      c.res = undefined;
      c.res = tooLarge(limit);
    }
  };
}

/** A bare answer (no handler's headers may carry over), with the request's id as every answer has it. */
function tooLarge(limit: BodyLimit): Response {
  const id = currentRequest()?.id;
  return Response.json(message(limit.code), { status: 413, headers: id ? { "X-Request-Id": id } : {} });
}

/**
 * `body`, read only when the reader asks, failing once more than the limit has come. The rest is left unread: the
 * server drains or drops it after the answer.
 */
function countedBody(
  body: ReadableStream<Uint8Array>,
  limit: BodyLimit,
  onOver: () => void,
): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= body.getReader();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size <= limit.bytes) return controller.enqueue(value);
        onOver();
        controller.error(tooLargeError(limit.code));
      },
      cancel: (reason) => (reader ? reader.cancel(reason) : body.cancel(reason)),
    },
    { highWaterMark: 0 },
  );
}
