import { createServer, type RequestListener, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createApp, keptFirst, keptWholeAnswers } from "@server/app";
import { contextOf } from "@server/context/request-context";
import type * as RequestContextModule from "@server/context/request-context";
import { product } from "@server/db/schema";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import { catalogChanged, catalogMovedPast, catalogSettled } from "../support/catalog-feed";
import { makeProduct } from "../support/orders";
import { parsePrometheusText, valueOf } from "../support/prometheus-text";
import { loggedApp, loggedLines } from "../support/logged-app";
import { useTestApp, type TestContext } from "../support/test-app";

// Every request that goes the slow way builds its context; one served from the kept answers never does.
vi.mock("@server/context/request-context", async (original) => {
  const actual = await original<typeof RequestContextModule>();
  return { ...actual, contextOf: vi.fn(actual.contextOf) };
});
const slowWays = () => vi.mocked(contextOf).mock.calls.length;

/** An answer as a client receives it: status, headers (but the request's own id) and the bytes. */
async function received(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "x-request-id"));
  return {
    status: res.status,
    headers,
    requestId: res.headers.get("x-request-id"),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** How many product lists the request metric has counted as answered 200. */
async function productListsCounted(t: TestContext) {
  const metrics = parsePrometheusText(await (await t.request("/metrics")).text());
  return valueOf(metrics, "randa_http_request_duration_seconds_count", {
    method: "GET",
    route: "/api/product",
    status: "200",
  });
}

const ENCODINGS = { identity: undefined, gzip: "gzip", br: "gzip, deflate, br" } as const;

describe("answers kept whole until the catalog changes", () => {
  const t = useTestApp();
  let app: ReturnType<typeof loggedApp>;
  const request = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    for (let i = 0; i < 12; i++) await makeProduct(t, { name: `Kept answer chisel ${i}` });
    app = loggedApp(t);
    await catalogSettled(t.services.catalogVersion);
  });

  it("serves the product list a second time without the slow way, byte for byte and header for header", async () => {
    for (const [name, accept] of Object.entries(ENCODINGS)) {
      const path = `/api/product?limit=10&sort=name&kept=${name}`;
      const before = slowWays();
      const slow = await received(await request(path, accept));
      expect(slowWays(), name).toBe(before + 1);
      const fast = await received(await request(path, accept));
      expect(slowWays(), `${name}: the second answer went the slow way`).toBe(before + 1);

      expect(fast.status, name).toBe(200);
      expect(fast.headers, name).toEqual(slow.headers);
      expect(fast.body.equals(slow.body), name).toBe(true);
      expect(fast.requestId, name).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.requestId, name).not.toBe(slow.requestId);
      expect(fast.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(fast.headers["x-content-type-options"]).toBe("nosniff");
      if (name !== "identity") expect(fast.headers["content-encoding"], name).toBe(name);
    }
  });

  it("keeps the categories as well, until one changes", async () => {
    const before = slowWays();
    const first = await received(await request("/api/category", "br"));
    const again = await received(await request("/api/category", "br"));
    expect(slowWays()).toBe(before + 1);
    expect(again.body.equals(first.body)).toBe(true);
    const version = t.services.catalogVersion.current;
    const added = await t.request(
      "/api/category",
      jsonInit("POST", { nameEn: "Kept answer gouges", nameBn: "গজ" }, asBearer(admin)),
    );
    expect(added.status).toBe(200);
    await catalogMovedPast(t.services.catalogVersion, version);
    const changed = slowWays();
    const after = await request("/api/category");
    expect(slowWays()).toBe(changed + 1);
    expect(await after.text()).toContain("Kept answer gouges");
  });

  it("tells encodings and queries apart: each is kept on its own", async () => {
    const plain = await received(await request("/api/product?limit=5&sort=name"));
    const zipped = await received(await request("/api/product?limit=5&sort=name", "gzip"));
    const other = await received(await request("/api/product?limit=6&sort=name"));
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveLength(5);
    expect(JSON.parse(other.body.toString())).toHaveLength(6);
  });

  it("answers the catalog as it is once it changes", async () => {
    const path = "/api/product?limit=50&sort=name&kept=change";
    const first = await received(await request(path));
    const [chisel] = JSON.parse(first.body.toString()) as { _id: string; name: string }[];
    await catalogChanged(t, () =>
      t.database.db.update(product).set({ name: "Kept answer chisel renamed" }).where(eq(product.id, chisel!._id)),
    );
    const before = slowWays();
    const after = await received(await request(path));
    expect(slowWays()).toBe(before + 1);
    const names = (JSON.parse(after.body.toString()) as { name: string }[]).map((p) => p.name);
    expect(names).toContain("Kept answer chisel renamed");
  });

  it("keeps no refusal: a bad query goes the slow way each time", async () => {
    const before = slowWays();
    for (let i = 0; i < 2; i++) expect((await request("/api/product?sort=sideways")).status).toBe(400);
    expect(slowWays()).toBe(before + 2);
  });

  it("still writes the request's log line and its metric", async () => {
    const path = "/api/product?limit=3&kept=log";
    await request(path);
    const res = await request(path);
    const id = res.headers.get("x-request-id");
    const line = app.lines().find((l) => l.reqId === id);
    expect(line).toMatchObject({ msg: "request", method: "GET", route: "/api/product", status: 200 });

    const counted = await productListsCounted(t);
    await request(path);
    expect(await productListsCounted(t)).toBe(counted + 1);
  });
});

/** A whole HTTP answer as the bytes on the wire, with its Date and request id named apart. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  const head = [`GET ${path} HTTP/1.1`, "Connection: close"]
    .concat(Object.entries({ Host: "127.0.0.1", ...headers }).map(([name, value]) => `${name}: ${value}`))
    .join("\r\n");
  return new Promise<{ bytes: Buffer; requestId: string }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const whole = Buffer.concat(chunks);
      const end = whole.indexOf("\r\n\r\n");
      const requestId = /\r\nx-request-id: ([^\r]+)/i.exec(whole.subarray(0, end).toString())?.[1] ?? "";
      const headText = whole
        .subarray(0, end)
        .toString()
        .replace(/\r\nDate: [^\r]+/, "\r\nDate: (now)")
        .replace(/(\r\nx-request-id: )[^\r]+/i, "$1(id)");
      resolve({ bytes: Buffer.concat([Buffer.from(headText), whole.subarray(end)]), requestId });
    });
  });
}

describe("kept answers served before the framework, from Node's request", () => {
  const t = useTestApp();
  const { logger, lines } = loggedLines();
  let slowPort: number;
  let fastPort: number;
  let throughTheApp = 0;
  const servers: Server[] = [];

  const listen = (listener: RequestListener) =>
    new Promise<number>((resolve) => {
      const server = createServer(listener);
      servers.push(server);
      server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });

  beforeAll(async () => {
    for (let i = 0; i < 6; i++) await makeProduct(t, { name: `Fast path plane ${i}` });
    const services = { ...t.services, log: logger };
    const kept = keptWholeAnswers(services);
    const app = getRequestListener(createApp({ services, kept }).fetch);
    slowPort = await listen(app);
    fastPort = await listen(
      keptFirst(services, kept, (req, res) => {
        throughTheApp++;
        return app(req, res);
      }),
    );
    await catalogSettled(t.services.catalogVersion);
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it("answers byte for byte what the app answers, the Date and the request's own id aside", async () => {
    const cases = [
      ["/api/product?limit=4&sort=name&fast=1", {}],
      ["/api/product?limit=4&sort=name&fast=1", { "Accept-Encoding": "gzip" }],
      ["/api/product?limit=4&sort=name&fast=1", { "Accept-Encoding": "gzip, deflate, br" }],
      ["/api/product", { "Accept-Encoding": "br" }],
      ["/api/category", {}],
    ] as const;
    for (const [path, headers] of cases) {
      await rawGet(fastPort, path, headers);
      const before = throughTheApp;
      const fast = await rawGet(fastPort, path, headers);
      expect(throughTheApp, `${path} ${JSON.stringify(headers)} went through the app`).toBe(before);
      const slow = await rawGet(slowPort, path, headers);
      expect(fast.bytes.toString("latin1"), path).toBe(slow.bytes.toString("latin1"));
      expect(fast.bytes.toString("latin1")).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(fast.bytes.toString("latin1")).toContain("\r\ncontent-security-policy: default-src 'none'");
      expect(fast.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.requestId).not.toBe(slow.requestId);
    }
  });

  it("writes the request's log line and its metric", async () => {
    const path = "/api/product?limit=2&fast=log";
    await rawGet(fastPort, path);
    const before = await productListsCounted(t);
    const { requestId } = await rawGet(fastPort, path);
    expect(await productListsCounted(t)).toBe(before + 1);
    const line = lines().find((l) => l.reqId === requestId);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/api/product", status: 200 });
    expect(Object.keys(line!).sort()).toEqual(["level", "method", "ms", "msg", "reqId", "route", "status", "time"]);
  });

  it("leaves to the app what it cannot answer as the app would: another method, another path, an unusual URL or Host", async () => {
    const path = "/api/product?limit=3&fast=odd";
    await rawGet(fastPort, path);
    const odd = [
      `/api/product?limit=3&fast='odd'`,
      "/api/product/",
      "//api/product",
      `/api/product?${"a".repeat(600)}`,
    ];
    for (const url of odd) {
      const before = throughTheApp;
      await rawGet(fastPort, url);
      expect(throughTheApp, url).toBe(before + 1);
    }
    const before = throughTheApp;
    const refused = await rawGet(fastPort, path, { Host: "bad host" });
    expect(throughTheApp).toBe(before + 1);
    expect(refused.bytes.toString("latin1")).toMatch(/^HTTP\/1\.1 400 /);
  });
});
