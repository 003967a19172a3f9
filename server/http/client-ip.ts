import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

/** In-process requests (tests, `app.request`) have no socket: they count as this machine. */
const NO_SOCKET = "127.0.0.1";
const CLIENT_IP = "randaClientIp";

/**
 * An address as a key: IPv4 written as IPv4 (also when the socket reports it IPv4-mapped, `::ffff:1.2.3.4`),
 * IPv6 in lower case; anything else is not an address (null). A port a proxy may have added (`1.2.3.4:5678`,
 * `[2001:db8::1]:443`) is dropped.
 */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped) text = mapped[1]!;
  const version = isIP(text);
  if (version === 4) return text;
  if (version === 6) return text.toLowerCase();
  return null;
}

/**
 * The client's address, given the socket's peer, the X-Forwarded-For header and how many proxies stand in front
 * (`TRUST_PROXY`). With none, the socket's address: the header is not read, so nobody can choose their key.
 * With N, the hops are the header's entries followed by the socket's address; each trusted proxy appended the
 * address it was reached from, so the Nth hop from the right is the one the outermost trusted proxy saw. Entries
 * to its left were written by the client and are never used. When the header has fewer entries than that, the
 * leftmost hop is the furthest anyone trusted saw; a hop that is not an address gives way to the nearest trusted
 * hop on its right (in the end the socket's), so nonsense shares one key instead of choosing one.
 */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | null | undefined,
  trustProxy: number,
): string {
  const socket = normalizeAddress(socketAddress) ?? NO_SOCKET;
  if (trustProxy <= 0 || !forwardedFor) return socket;
  const entries = forwardedFor.split(",");
  const hops = [...entries.slice(-trustProxy), socket];
  const start = Math.max(0, hops.length - 1 - trustProxy);
  for (let i = start; i < hops.length - 1; i++) {
    const address = normalizeAddress(hops[i]!);
    if (address) return address;
  }
  return socket;
}

/**
 * The scheme and host the client asked for, from X-Forwarded-Proto and X-Forwarded-Host when proxies are trusted
 * (null when not, or when the headers are absent or not a plain scheme and host). Like X-Forwarded-For, a list is
 * read from the right: the value the outermost trusted proxy wrote.
 */
export function forwardedOrigin(
  headers: Headers,
  trustProxy: number,
): { protocol: string; host: string | null } | null {
  if (trustProxy <= 0) return null;
  const pick = (name: string) => {
    const values = headers.get(name)?.split(",");
    return values ? values[Math.max(0, values.length - trustProxy)]!.trim().toLowerCase() : undefined;
  };
  const protocol = pick("x-forwarded-proto");
  if (protocol !== "http" && protocol !== "https") return null;
  const host = pick("x-forwarded-host");
  const plainHost = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
  return { protocol, host: host && plainHost.test(host) ? host : null };
}

/**
 * The request as the client made it, for the pages: behind trusted proxies its URL carries the client's scheme
 * and host (React Router compares an action's Origin with it), else it is the request as it arrived. The Host
 * header stands for the host when the proxy sends no X-Forwarded-Host.
 */
export function asClientSent(request: Request, trustProxy: number): Request {
  const origin = forwardedOrigin(request.headers, trustProxy);
  if (!origin) return request;
  const arrived = new URL(request.url);
  const wanted = new URL(`${origin.protocol}://${origin.host ?? arrived.host}`);
  if (wanted.origin === arrived.origin) return request;
  const url = new URL(arrived.pathname + arrived.search, wanted.origin);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    redirect: request.redirect,
    // Node's fetch needs this to pass a streamed body on.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Works out each request's client address once (`clientIp`), trusting `trustProxy` proxies in front. */
export function clientAddresses(trustProxy: number): MiddlewareHandler {
  return async (c, next) => {
    c.set(CLIENT_IP, clientAddress(socketAddress(c), c.req.header("x-forwarded-for"), trustProxy));
    await next();
  };
}

/**
 * The client's address, for rate limits and Better Auth: as `clientAddresses` found it, or the socket's where
 * that middleware did not run (never a header then).
 */
export function clientIp(c: Context): string {
  return (c.get(CLIENT_IP) as string | undefined) ?? clientAddress(socketAddress(c), null, 0);
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? NO_SOCKET;
  } catch {
    return NO_SOCKET; // in-process requests (tests) have no socket
  }
}
