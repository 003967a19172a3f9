import { describe, expect, it } from "vitest";
import { loadOnce } from "@server/load-once";

describe("loadOnce: a large SDK loaded when first needed (Stripe's, S3's)", () => {
  it("loads once however many callers ask, at once or later", async () => {
    let loads = 0;
    const sdk = loadOnce(async () => ({ made: ++loads }));
    const [a, b] = await Promise.all([sdk(), sdk()]);
    expect(await sdk()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("keeps no failed load: the next call tries again", async () => {
    let loads = 0;
    const sdk = loadOnce(async () => {
      if (++loads === 1) throw new Error("the module could not be read");
      return "loaded";
    });
    await expect(sdk()).rejects.toThrow("the module could not be read");
    expect(await sdk()).toBe("loaded");
    expect(await sdk()).toBe("loaded");
    expect(loads).toBe(2);
  });
});
