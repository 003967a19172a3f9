import { describe, expect, it } from "vitest";
import { asClientSent, clientAddress, forwardedOrigin, normalizeAddress } from "@server/http/client-ip";

describe("the client's address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("198.51.100.7", null, 0)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", "203.0.113.9", 0)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", "1.1.1.1, 2.2.2.2, 203.0.113.9", 0)).toBe("198.51.100.7");
  });

  it.each([
    // [socket, X-Forwarded-For, TRUST_PROXY, client]
    ["10.0.0.1", "203.0.113.9", 1, "203.0.113.9"],
    // what a client put in the header is left of what the proxy appended, and is never chosen
    ["10.0.0.1", "6.6.6.6, 203.0.113.9", 1, "203.0.113.9"],
    ["10.0.0.1", "6.6.6.6,203.0.113.9", 1, "203.0.113.9"],
    // two proxies: the outer one appended the client, the inner one the outer proxy's address
    ["10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.1", 2, "203.0.113.9"],
    ["10.0.0.3", "203.0.113.9, 10.0.0.1, 10.0.0.2", 3, "203.0.113.9"],
    // fewer hops than trusted proxies: the furthest hop anyone trusted saw
    ["10.0.0.2", "10.0.0.1", 2, "10.0.0.1"],
    // trusted, but the request reached the store without a proxy: the socket's
    ["10.0.0.1", null, 1, "10.0.0.1"],
    ["10.0.0.1", "", 1, "10.0.0.1"],
  ] as const)("socket %s, X-Forwarded-For %j, %i trusted → %s", (socket, header, trust, client) => {
    expect(clientAddress(socket, header, trust)).toBe(client);
  });

  it("never lets a malformed hop choose a key: it gives way to the nearest trusted hop on its right", () => {
    expect(clientAddress("10.0.0.1", "nonsense", 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.9, ", 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.9, unknown", 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "x".repeat(10_000), 1)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.2", "junk, 10.0.0.1", 2)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.2", "203.0.113.9, <script>, junk", 2)).toBe("10.0.0.2");
    // whatever a broken last hop says, it is the proxy's one key
    for (const spoof of ["", ",", ",,,,", "1.2.3.4,", "::ffff:", "[::1", "999.1.1.1", "1.2.3.4 5.6.7.8", "\u0000"]) {
      expect(clientAddress("10.0.0.1", spoof, 1)).toBe("10.0.0.1");
    }
  });

  it("writes an address one way: IPv4-mapped as IPv4, IPv6 in lower case, a proxy's port dropped", () => {
    expect(clientAddress("::ffff:127.0.0.2", null, 0)).toBe("127.0.0.2");
    expect(clientAddress("10.0.0.1", "2001:DB8::1", 1)).toBe("2001:db8::1");
    expect(clientAddress("10.0.0.1", "203.0.113.9:51234", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(normalizeAddress(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(normalizeAddress("example.com")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });

  it("falls back to this machine's address when there is no socket (in-process requests)", () => {
    expect(clientAddress("", "203.0.113.9", 0)).toBe("127.0.0.1");
  });
});

describe("the scheme and host the client asked for", () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it("are not read unless a proxy is trusted", () => {
    expect(forwardedOrigin(headers({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" }), 0)).toBe(
      null,
    );
  });

  it("come from X-Forwarded-Proto and X-Forwarded-Host when trusted, read from the right", () => {
    expect(forwardedOrigin(headers({ "x-forwarded-proto": "https" }), 1)).toEqual({ protocol: "https", host: null });
    expect(
      forwardedOrigin(headers({ "x-forwarded-proto": "HTTPS", "x-forwarded-host": "shop.example:8443" }), 1),
    ).toEqual({ protocol: "https", host: "shop.example:8443" });
    expect(forwardedOrigin(headers({ "x-forwarded-proto": "http, https" }), 1)).toEqual({
      protocol: "https",
      host: null,
    });
    expect(forwardedOrigin(headers({ "x-forwarded-proto": "javascript" }), 1)).toBeNull();
    expect(
      forwardedOrigin(headers({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example/path?" }), 1),
    ).toEqual({ protocol: "https", host: null });
  });

  it("reach the pages' request only when trusted, with its method, headers and body", async () => {
    const sent = () =>
      new Request("http://127.0.0.1:3000/login?redirectTo=%2Fdashboard", {
        method: "POST",
        headers: { host: "127.0.0.1:3000", "x-forwarded-proto": "https", "content-type": "text/plain" },
        body: "email=a",
      });
    expect(asClientSent(sent(), 0).url).toBe("http://127.0.0.1:3000/login?redirectTo=%2Fdashboard");
    const seen = asClientSent(sent(), 1);
    expect(seen.url).toBe("https://127.0.0.1:3000/login?redirectTo=%2Fdashboard");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("content-type")).toBe("text/plain");
    expect(await seen.text()).toBe("email=a");

    const hosted = new Request("http://10.0.0.5:3000/", {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" },
    });
    expect(asClientSent(hosted, 1).url).toBe("https://shop.example/");
  });
});
