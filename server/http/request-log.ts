import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../log/logger";
import { storeMetrics } from "../metrics/store-metrics";
import { runInRequest, type RequestScope } from "../log/request-context";

/** What a trusted proxy's id may look like to be kept (nginx's `$request_id` is 32 hex digits). */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** nginx's status for a request whose client went away before the answer: logged, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

export interface RequestLogVariables {
  /** The page route's pattern, set by the pages' handler (Hono sees only its catch-all). */
  routePattern?: string;
  /** A 5xx the handler answers on purpose (readiness while starting): logged at this level, not as a failure. */
  answeredOnPurpose?: { level: "info" | "warn"; message: string };
}

/**
 * Gives each request an id (a trusted proxy's X-Request-Id, else a new one), echoes it in the answer, runs the
 * request with a logger whose lines carry it, and writes one line when it is answered: method, route pattern,
 * status (499 when the client went away first), duration and the signed-in user's id. Nothing else of the request
 * is logged.
 */
export function requestLog(log: Logger, trustProxy: number): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header("X-Request-Id"), trustProxy);
    // The request's own logger is made only when something in the request writes a line of its own; the line of
    // the answer names the request itself, so most requests never make one.
    let child: Logger | undefined;
    const request: RequestScope = {
      id,
      get log() {
        return (child ??= log.child({ reqId: id }));
      },
    };
    // Before the handler, so the answer is built with it (http/security-headers.ts says why that matters).
    c.header("X-Request-Id", id);
    await runInRequest(request, () => next());
    // A browser that navigated away mid-request made React Router answer 500 to nobody: not the store's failure.
    const gone = clientGone(c);
    const status = gone ? CLIENT_CLOSED_REQUEST : c.res.status;
    const line = answered(c.req.method, c.get("routePattern") ?? routePath(c), status, started, request.userId);
    for (const err of request.pageErrors ?? []) {
      if (status >= 500) request.log.error({ err }, "page failed");
      else request.log.info({ err }, "page refused");
    }
    const onPurpose = c.get("answeredOnPurpose");
    const named = { reqId: id, ...line };
    if (gone) log.info(named, "client closed request");
    else if (onPurpose) log[onPurpose.level](named, onPurpose.message);
    else if (status >= 500) log.error(named, "request failed");
    else log.info(named, "request");
  };
}

/** A trusted proxy's id for the request, else a new one. */
export function requestIdOf(offered: string | undefined, trustProxy: number): string {
  return trustProxy > 0 && offered && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/** Counts the answer in the request metric and gives the fields of its log line. */
export function answered(method: string, route: string, status: number, started: number, userId?: string) {
  const seconds = (performance.now() - started) / 1000;
  storeMetrics.httpDuration.observe({ method, route, status: String(status) }, seconds);
  return { method, route, status, ms: Math.round(seconds * 10_000) / 10, ...(userId ? { userId } : {}) };
}

/**
 * Whether the client closed its connection before the answer. Read from Node's socket where there is one: asking
 * the Request for its abort signal makes the adapter build a full Request (and then a full Response) for every call.
 */
function clientGone(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming ? incoming.socket.destroyed : c.req.raw.signal.aborted;
}
