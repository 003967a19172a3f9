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

  it.each([
    ["a plain answer", "/api/health"],
    ["the sign-in library's answer", "/api/auth/get-session"],
    ["a refusal", "/api/order"],
    ["an unknown call", "/api/nothing-here"],
  ])("sends security headers with %s", async (_, path) => {
    const res = await t.request(path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });
});
