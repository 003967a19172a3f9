import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/door/redirects.server";

describe("after sign-in, only this site's pages are returned to", () => {
  it.each(["/dashboard/profile", "/detail/abc?x=1"])("keeps %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined])(
    "sends %s home instead",
    (to) => {
      expect(safeRedirect(to)).toBe("/");
    },
  );
});
