import { demoProducts } from "@server/db/seed-data";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { seedDemoData } from "@server/db/seed";
import { useTestApp } from "../support/test-app";

describe("response compression", () => {
  const t = useTestApp();

  it("sends brotli to clients that accept it, and the body decodes to the same JSON", async () => {
    await seedDemoData(t.database.db);
    const plain = await (await t.request("/api/product")).text();
    const res = await t.request("/api/product", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(body).toString()).toBe(plain);
  });

  it("falls back to gzip", async () => {
    const res = await t.request("/api/product", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const decoded = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(JSON.parse(decoded)).toHaveLength(demoProducts.length);
  });

  it("leaves small answers and clients without compression alone", async () => {
    const small = await t.request("/api/health", { headers: { "Accept-Encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    const none = await t.request("/api/product");
    expect(none.headers.get("content-encoding")).toBeNull();
  });
});
