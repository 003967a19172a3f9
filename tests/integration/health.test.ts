import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/test-app";

describe("GET /api/health", () => {
  const t = useTestApp();

  it("reports the database it reached", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
  });

  it("sends security headers", async () => {
    const res = await t.request("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
