import { beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "~/door/redirects.server";
import { signUp, type TestAccount } from "../support/accounts";
import { formPost, usePageApp } from "../support/page-app";
import { TEST_ORIGIN } from "../support/test-app";

const STORE = TEST_ORIGIN;

/** Targets a browser would read as another site (or as no page at all), however they are written. */
const ELSEWHERE = [
  "https://evil.example/",
  "https://evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\r\n/evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/x/..//evil.example",
  "/./\\evil.example",
  `${STORE}@evil.example/`,
  "http://127.0.0.1:3001/dashboard",
  "https://127.0.0.1:3000/dashboard",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://[::1",
  `/${"a".repeat(5000)}`,
  "",
  null,
  undefined,
];

describe("after sign-in, only this site's pages are returned to", () => {
  it.each(["/dashboard/profile", "/detail/abc?x=1", "/dashboard/orders#top", "/%09/evil.example"])("keeps %s", (to) => {
    expect(safeRedirect(to, STORE)).toBe(to);
  });

  it.each([
    [`${STORE}/dashboard/orders?x=1#h`, "/dashboard/orders?x=1#h"],
    ["HTTP://127.0.0.1:3000/blogs", "/blogs"],
    ["/dashboard\n", "/dashboard"],
    ["dashboard/orders", "/dashboard/orders"],
    ["/a b", "/a%20b"],
  ])("reads %j as the browser does: %s", (to, path) => {
    expect(safeRedirect(to, STORE)).toBe(path);
  });

  it.each(ELSEWHERE)("sends %j home instead", (to) => {
    expect(safeRedirect(to, STORE)).toBe("/");
  });

  it("gives the fallback it is told to", () => {
    expect(safeRedirect("//evil.example", STORE, "/dashboard")).toBe("/dashboard");
  });
});

describe("the pages that redirect back", () => {
  const t = usePageApp();
  let visitor: TestAccount;

  beforeAll(async () => {
    visitor = await signUp(t);
  });

  const location = (res: Response) => res.headers.get("location");

  it.each([
    ["/%09/evil.example", "the tab written as %09"],
    ["%2F%09%2Fevil.example", "the whole target encoded"],
    ["/%0A/evil.example", "a newline"],
    ["%5C%5Cevil.example", "two backslashes"],
    ["/.//evil.example", "a dot segment"],
    ["https%3A%2F%2Fevil.example", "another site"],
  ])("sends a signed-in visitor at /login?redirectTo=%s (%s) home", async (query) => {
    const res = await t.request(`/login?redirectTo=${query}`, {
      headers: { Cookie: visitor.cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/");
  });

  it("sends a signed-in visitor back to the store's own page, given as an absolute address", async () => {
    const res = await t.request(`/login?redirectTo=${encodeURIComponent(`${STORE}/dashboard/orders?x=1`)}`, {
      headers: { Cookie: visitor.cookie },
      redirect: "manual",
    });
    expect(location(res)).toBe("/dashboard/orders?x=1");
  });

  it("signs in and goes home when the form names another site", async () => {
    const res = await t.postForm("/login", {
      email: visitor.email,
      password: visitor.password,
      redirectTo: "/\t/evil.example",
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/");
  });

  it("switches the language and goes home when the form names another site", async () => {
    for (const redirectTo of ["/\t/evil.example", "/\\evil.example", "/.//evil.example"]) {
      const res = await t.request("/language", formPost({ language: "bn", redirectTo }));
      expect(res.status).toBe(302);
      expect(location(res)).toBe("/");
    }
    const back = await t.request("/language", formPost({ language: "bn", redirectTo: "/blogs?page=2" }));
    expect(location(back)).toBe("/blogs?page=2");
  });
});
