import { Hono } from "hono";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { clientIp } from "../http/client-ip";
import type { Services } from "../services";

/** Better Auth's own endpoints (sign-up, sign-in, sign-out, OAuth callbacks, password reset) under /api/auth. */
export function authRoutes({ auth }: Services) {
  return new Hono().all("/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    // Read here, within the body limit (http/body-limits.ts): one over it is answered 413 by the API's error
    // handler, and Better Auth is given whole bodies only.
    const body = c.req.raw.body ? await c.req.arrayBuffer() : null;
    const res = await auth.handler(new Request(c.req.raw, { headers, body }));
    // Through the context, so the answer carries the API's security headers (http/security-headers.ts).
    return c.newResponse(res.body, res);
  });
}
