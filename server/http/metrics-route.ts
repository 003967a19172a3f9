import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Handler } from "hono";
import { storeMetrics } from "../metrics/store-metrics";
import { clientIp } from "./client-ip";
import { isLoopback } from "../config";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Headers a proxy adds: a request that carries one came from elsewhere, whatever the socket says. */
const PROXIED = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * GET /metrics, in Prometheus's text format. With METRICS_TOKEN, to a bearer of that token only (401 otherwise).
 * Without one, to this machine only: a request from a loopback address that no proxy passed on (a proxy on the
 * same machine would make every visitor look local), 403 to anyone else.
 */
export function metricsRoute(token: string | undefined): Handler {
  const expected = token ? digest(token) : null;
  return async (c) => {
    if (expected) {
      const offered = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
      if (!offered || !timingSafeEqual(digest(offered), expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.text("The metrics need the bearer token METRICS_TOKEN.\n", 401);
      }
    } else if (!fromThisMachine(c)) {
      return c.text(
        "The metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.\n",
        403,
      );
    }
    c.header("Cache-Control", "no-store");
    return c.body(await storeMetrics.registry.metrics(), 200, { "Content-Type": storeMetrics.registry.contentType });
  };
}

function fromThisMachine(c: Context): boolean {
  if (PROXIED.some((name) => c.req.header(name) !== undefined)) return false;
  return isLoopback(clientIp(c));
}
