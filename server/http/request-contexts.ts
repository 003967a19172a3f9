import type { MiddlewareHandler } from "hono";
import { contextOf, type RequestContext } from "../context/request-context";
import type { Services } from "../services";
import { clientIp } from "./client-ip";

export interface ContextVariables {
  /** The request's context: what the API's handlers and the pages' loaders call every use case with. */
  ctx: RequestContext;
}

/**
 * Builds the request's context once, for both doors: the API reads `c.get("ctx")`, pages their load context's. The
 * cookies its use cases set (a guest's cart) go out with whatever answer the door gives.
 */
export function requestContexts(services: Services): MiddlewareHandler<{ Variables: ContextVariables }> {
  return async (c, next) => {
    const ctx = contextOf(services, c.req.raw, clientIp(c));
    c.set("ctx", ctx);
    await next();
    for (const cookie of ctx.cookiesOut) c.res.headers.append("Set-Cookie", cookie);
  };
}
