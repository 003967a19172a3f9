import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { contextOf } from "@server/context/request-context";
import type * as RequestContextModule from "@server/context/request-context";
import { product } from "@server/db/schema";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import { catalogChanged, catalogMovedPast, catalogSettled } from "../support/catalog-feed";
import { makeProduct } from "../support/orders";
import { parsePrometheusText, valueOf } from "../support/prometheus-text";
import { loggedApp } from "../support/logged-app";
import { useTestApp } from "../support/test-app";

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

    const count = async () =>
      valueOf(
        parsePrometheusText(await (await t.request("/metrics")).text()),
        "randa_http_request_duration_seconds_count",
        {
          method: "GET",
          route: "/api/product",
          status: "200",
        },
      );
    const counted = await count();
    await request(path);
    expect(await count()).toBe(counted + 1);
  });
});
