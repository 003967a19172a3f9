import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ChangeVersion } from "@server/cache/change-version";
import { VersionedCache } from "@server/cache/versioned-cache";
import { sharedPage, type CachedPage } from "@server/http/public-page-cache";
import { createLogger } from "@server/log/logger";
import { noteSignedIn, runInRequest } from "@server/log/request-context";

/** A live catalog version, as when the database's change feed is up. */
function liveVersion() {
  const version = new ChangeVersion();
  version.setLive(true);
  return version;
}

/** A page renderer that counts its renders and prints the nonce it was given, as the real pages do. */
function renderer(status = 200, headers: Record<string, string> = {}) {
  const calls = { count: 0 };
  return {
    calls,
    render: (nonce: string) => async () => {
      calls.count++;
      return new Response(`<script nonce="${nonce}">render ${calls.count}</script>`, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
      });
    },
  };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://127.0.0.1:3000${path}`, { headers });

describe("the shared page cache", () => {
  it("renders a signed-out visitor's page once per catalog change, each copy with the visitor's own nonce", async () => {
    const version = liveVersion();
    const cache = new VersionedCache<CachedPage>(version);
    const { calls, render } = renderer();

    const first = await sharedPage(cache, get("/detail/abc"), "nonce-one", render("nonce-one"));
    const second = await sharedPage(cache, get("/detail/abc"), "nonce-two", render("nonce-two"));
    expect(await first.text()).toBe('<script nonce="nonce-one">render 1</script>');
    expect(await second.text()).toBe('<script nonce="nonce-two">render 1</script>');
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(calls.count).toBe(1);

    version.bump();
    const third = await sharedPage(cache, get("/detail/abc"), "nonce-three", render("nonce-three"));
    expect(await third.text()).toBe('<script nonce="nonce-three">render 2</script>');
  });

  it("keeps one copy per language and per page", async () => {
    const cache = new VersionedCache<CachedPage>(liveVersion());
    const { calls, render } = renderer();
    await sharedPage(cache, get("/", { "Accept-Language": "en" }), "n", render("n"));
    await sharedPage(cache, get("/", { "Accept-Language": "bn-BD" }), "n", render("n"));
    await sharedPage(cache, get("/", { Cookie: "randa.lang=bn" }), "n", render("n"));
    await sharedPage(cache, get("/blogs"), "n", render("n"));
    expect(calls.count).toBe(3);
  });

  it("keeps the shop's pages once per full URL and language, and reads them again after a catalog change", async () => {
    const version = liveVersion();
    const cache = new VersionedCache<CachedPage>(version);
    const { calls, render } = renderer();
    const serve = async (path: string, headers: Record<string, string> = {}) =>
      (await sharedPage(cache, get(path, headers), "n", render("n"))).text();
    expect(await serve("/shop?q=chisel")).toContain("render 1");
    expect(await serve("/shop?q=chisel")).toContain("render 1");
    expect(await serve("/shop?q=chisel&page=2")).toContain("render 2");
    expect(await serve("/shop?q=saw")).toContain("render 3");
    expect(await serve("/shop")).toContain("render 4");
    expect(await serve("/shop?q=chisel", { Cookie: "randa.lang=bn" })).toContain("render 5");
    expect(await serve("/shop?q=saw")).toContain("render 3");
    version.bump();
    expect(await serve("/shop?q=chisel")).toContain("render 6");
    expect(calls.count).toBe(6);
  });

  it.each([
    ["a signed-in visitor (session cookie)", get("/detail/abc", { Cookie: "randa.session_token=x.y" })],
    ["a session cookie with a space before =", get("/detail/abc", { Cookie: "randa.session_token =x.y" })],
    ["a session cookie with a tab before =", get("/detail/abc", { Cookie: "a=b;\tranda.session_token\t=\tx.y" })],
    ["a session cookie in quotes", get("/detail/abc", { Cookie: 'randa.session_token="x.y"' })],
    ["a session cookie sent twice", get("/detail/abc", { Cookie: "randa.session_token=; randa.session_token=x.y" })],
    ["a session cookie's name in another case", get("/detail/abc", { Cookie: "Randa.Session_Token=x.y" })],
    ["an https store's session cookie", get("/detail/abc", { Cookie: "__Secure-randa.session_token=x.y" })],
    ["a signed-in API client (bearer token)", get("/detail/abc", { Authorization: "Bearer x" })],
    ["any Authorization header", get("/detail/abc", { authorization: "bearer x" })],
    ["a page with a query", get("/detail/abc?from=footer")],
    ["a shop search longer than the cache keeps", get(`/shop?q=${"x".repeat(2100)}`)],
    ["a shop page's data for a browser's own navigation", get("/shop.data?q=chisel")],
    ["a private page", get("/dashboard/orders")],
    ["a sign-in page", get("/login")],
    ["a form post", new Request("http://127.0.0.1:3000/detail/abc", { method: "POST" })],
  ])("renders for %s every time", async (_, request) => {
    const cache = new VersionedCache<CachedPage>(liveVersion());
    const { calls, render } = renderer();
    await sharedPage(cache, request, "n", render("n"));
    await sharedPage(cache, request.clone(), "n", render("n"));
    expect(calls.count).toBe(2);
  });

  it("never keeps a page rendered while the session reader found someone signed in", async () => {
    const cache = new VersionedCache<CachedPage>(liveVersion());
    const { calls, render } = renderer();
    // A session the request's headers did not show (no cookie the cache could see), found while rendering.
    const signedIn = (nonce: string) => async () => {
      noteSignedIn("user-1");
      return render(nonce)();
    };
    const scope = () => ({ id: "request", log: createLogger({ level: "silent", format: "json" }) });
    const first = await runInRequest(scope(), () => sharedPage(cache, get("/detail/abc"), "n", signedIn("n")));
    expect(await first.text()).toContain("render 1");
    const second = await runInRequest(scope(), () => sharedPage(cache, get("/detail/abc"), "n", render("n")));
    expect(await second.text()).toContain("render 2");
    const third = await runInRequest(scope(), () => sharedPage(cache, get("/detail/abc"), "n", render("n")));
    expect(await third.text()).toContain("render 2");
    expect(calls.count).toBe(2);
  });

  it("reads the session cookie with the session reader's own parser, the copy Better Auth uses", () => {
    const require = createRequire(import.meta.url);
    const ours = require.resolve("better-call");
    const betterAuth = createRequire(require.resolve("better-auth"));
    expect(betterAuth.resolve("better-call")).toBe(ours);
    expect(createRequire(betterAuth.resolve("@better-auth/core")).resolve("better-call")).toBe(ours);
  });

  it("keeps neither an error page nor a page that sets a cookie", async () => {
    for (const { calls, render } of [renderer(404), renderer(200, { "Set-Cookie": "a=b" })]) {
      const cache = new VersionedCache<CachedPage>(liveVersion());
      const first = await sharedPage(cache, get("/detail/gone"), "n", render("n"));
      await sharedPage(cache, get("/detail/gone"), "n", render("n"));
      expect(calls.count).toBe(2);
      expect(first.status === 404 || first.headers.has("set-cookie")).toBe(true);
    }
  });
});

describe("the versioned cache", () => {
  it("keeps nothing while the database's change feed is down", async () => {
    const version = new ChangeVersion();
    const cache = new VersionedCache<string>(version);
    let reads = 0;
    const read = async () => `value ${++reads}`;
    expect(await cache.get("k", read)).toBe("value 1");
    expect(await cache.get("k", read)).toBe("value 2");
    version.setLive(true);
    expect(await cache.get("k", read)).toBe("value 3");
    expect(await cache.get("k", read)).toBe("value 3");
    version.setLive(false);
    expect(await cache.get("k", read)).toBe("value 4");
  });

  it("does not keep a value read while a change was committed", async () => {
    const version = liveVersion();
    const cache = new VersionedCache<string>(version);
    let reads = 0;
    const straddling = cache.get("k", async () => {
      reads++;
      version.bump();
      return "read before the change";
    });
    expect(await straddling).toBe("read before the change");
    expect(await cache.get("k", async () => `fresh ${++reads}`)).toBe("fresh 2");
    expect(await cache.get("k", async () => `fresh ${++reads}`)).toBe("fresh 2");
  });

  it("lets concurrent misses share one read", async () => {
    const cache = new VersionedCache<string>(liveVersion());
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      return "list";
    };
    expect(await Promise.all(Array.from({ length: 10 }, () => cache.get("k", read)))).toEqual(Array(10).fill("list"));
    expect(reads).toBe(1);
  });

  it("forgets the oldest key beyond its size", async () => {
    const cache = new VersionedCache<string>(liveVersion(), 2);
    let reads = 0;
    const read = async () => `v${++reads}`;
    await cache.get("a", read);
    await cache.get("b", read);
    await cache.get("c", read);
    expect(await cache.get("c", read)).toBe("v3");
    expect(await cache.get("a", read)).toBe("v4");
  });
});
