import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm run admin -- promote", () => {
  it("refuses without an email and explains the usage", () => {
    expect(() => execFileSync("npx", ["tsx", "scripts/admin.ts", "promote"], { stdio: "pipe" })).toThrow(
      /Usage: npm run admin -- promote <email>/,
    );
  });
});
