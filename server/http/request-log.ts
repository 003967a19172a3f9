import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../log/logger";
import { runInRequest, type RequestScope } from "../log/request-context";

/** What a trusted proxy's id may look like to be kept (nginx's `$request_id` is 32 hex digits). */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export interface RequestLogVariables {
  /** The page route's pattern, set by the pages' handler (Hono sees only its catch-all). */
  routePattern?: string;
}

/**
 * Gives each request an id (a trusted proxy's X-Request-Id, else a new one), echoes it in the answer, runs the
 * request with a logger whose lines carry it, and writes one line when it is answered: method, route pattern,
 * status, duration and the signed-in user's id. Nothing else of the request is logged.
 */
export function requestLog(log: Logger, trustProxy: number): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const offered = trustProxy > 0 ? c.req.header("X-Request-Id") : undefined;
    const id = offered && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID();
    const request: RequestScope = { id, log: log.child({ reqId: id }) };
    await runInRequest(request, () => next());
    c.header("X-Request-Id", id);
    const status = c.res.status;
    const line = {
      method: c.req.method,
      route: c.get("routePattern") ?? routePath(c),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(request.userId ? { userId: request.userId } : {}),
    };
    if (status >= 500) request.log.error(line, "request failed");
    else request.log.info(line, "request");
  };
}
