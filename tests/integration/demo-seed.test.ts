import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product, review } from "@server/db/schema";
import { seedDemoData } from "@server/db/seed";
import { demoProducts } from "@server/db/seed-data";
import { useTestApp } from "../support/test-app";

describe("demo data", () => {
  const t = useTestApp();

  it("fills an empty database once, even when two servers start together", async () => {
    const results = await Promise.all([seedDemoData(t.database.db), seedDemoData(t.database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.database.db.select().from(product)).toHaveLength(demoProducts.length);
    expect(await t.database.db.select().from(review)).toHaveLength(3);
  });

  it("is a real woodworking catalog: at least 12 tools, quantities in steps of 20, one image each", async () => {
    const rows = await t.database.db.select().from(product);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const p of rows) {
      expect(p.minimumQuantity % 20).toBe(0);
      expect(p.image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.details.length).toBeGreaterThan(20);
      // Visitors reading in Bangla see every demo tool in Bangla.
      expect(p.nameBn).toMatch(/[\u0980-\u09FF]/);
      expect(p.descriptionBn).toMatch(/[\u0980-\u09FF]{3}/);
      expect(p.descriptionBn!.length).toBeGreaterThan(20);
    }
    const minimums = new Set(rows.map((p) => p.minimumQuantity));
    expect([...minimums].sort((a, b) => a - b)).toEqual([20, 40, 100]);
  });

  it("does not come back after the shop owner removes every product", async () => {
    await t.database.db.delete(product).where(sql`true`);
    expect(await seedDemoData(t.database.db)).toBe(false);
    expect(await t.database.db.select().from(product)).toHaveLength(0);
  });
});
