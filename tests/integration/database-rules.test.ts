import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { useTestApp } from "../support/test-app";

const base = {
  name: "Test Chisel",
  image: "/images/products/mortise-chisel.svg",
  pricePoisha: 10_000,
  minimumQuantity: 20,
  availability: 40,
  priceFromPoisha: 10_000,
};

describe("the database refuses impossible products", () => {
  const t = useTestApp();

  it("accepts a sound product", async () => {
    const [row] = await t.database.db.insert(product).values(base).returning();
    expect(row!.availability).toBe(40);
  });

  it.each([
    ["negative stock", { availability: -1 }],
    ["a zero price", { pricePoisha: 0 }],
    ["a minimum below one", { minimumQuantity: 0 }],
  ])("rejects %s", async (_label, change) => {
    await expect(t.database.db.insert(product).values({ ...base, ...change })).rejects.toThrow();
  });

  it("never lets stock fall below zero on update", async () => {
    const [row] = await t.database.db.insert(product).values(base).returning();
    await expect(
      t.database.db.update(product).set({ availability: -20 }).where(eq(product.id, row!.id)),
    ).rejects.toThrow();
  });
});
