import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { DomainError, type DomainErrorCode } from "../errors";

export const statusOf: Record<DomainErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 502,
};

/** The one place where errors become HTTP answers; anything unexpected is logged and masked. */
export function handleApiError(err: Error, c: Context): Response {
  if (err instanceof DomainError) return c.json({ message: err.message }, statusOf[err.code]);
  if (err instanceof ZodError) {
    return c.json({ message: err.issues[0]?.message ?? "Invalid request" }, 400);
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || "Request failed" }, err.status as ContentfulStatusCode);
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
}
