import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { M, english } from "@shared/messages";
import { AppError, raceConflict, STATUS_OF } from "../errors";
import { reportError } from "../log/report-error";
import { routePath } from "hono/route";

/** The API door's one place where errors become answers: the kind's status, `{message, code}`; the rest masked. */
export function handleApiError(thrown: Error, c: Context): Response {
  const err = raceConflict(thrown) ?? thrown;
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(err.extra ? { ...err.detail, ...err.extra } : err.detail, STATUS_OF[err.kind]);
  }
  if (err instanceof HTTPException) {
    return c.json(
      { message: err.message || english(M.request.failed), code: M.request.failed },
      err.status as ContentfulStatusCode,
    );
  }
  reportError("an API call failed", err, { method: c.req.method, route: routePath(c) });
  return c.json({ message: english(M.request.server_error), code: M.request.server_error }, 500);
}
