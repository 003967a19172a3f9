import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The socket's address. Headers such as X-Forwarded-For are not trusted: nothing here sits behind a proxy yet. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1"; // in-process requests (tests) have no socket
  }
}
