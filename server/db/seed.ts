import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { appMeta, category, product, review, stockEntry } from "./schema";
import { demoCategories, demoProducts, demoReviews } from "./seed-data";
import { tkToPoisha } from "@shared/money";

const SEED_KEY = "demo_data_seeded_at";
const SEED_LOCK_ID = 727_002;

/**
 * Fills a database that has never held data with the demo categories, catalog and reviews.
 * It runs at most once per database: deleting every product later does not bring the demo back.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const seeded = await tx
      .select()
      .from(appMeta)
      .where(sql`${appMeta.key} = ${SEED_KEY}`);
    if (seeded.length > 0) return false;
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(product);
    if (count === 0) {
      const now = Date.now();
      const categories = await tx
        .insert(category)
        .values(demoCategories)
        .onConflictDoNothing()
        .returning({ id: category.id, slug: category.slug });
      const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
      const stocked = await tx
        .insert(product)
        .values(
          demoProducts.map((p, i) => ({
            categoryId: categoryId.get(p.category),
            name: p.name,
            nameBn: p.nameBn,
            descriptionBn: p.descriptionBn,
            image: `/images/products/${p.slug}.svg`,
            pricePoisha: tkToPoisha(p.priceTk),
            weightGrams: p.weightGrams,
            minimumQuantity: p.minimumQuantity,
            availability: p.availability,
            description: p.description,
            details: p.details,
            // Newest first on the home page, so the list keeps the order written above.
            createdAt: new Date(now - i * 1000),
          })),
        )
        .returning({ productId: product.id, availability: product.availability });
      // Each tool's ledger opens with its demo stock (server/stock), as Add Product's does.
      await tx.insert(stockEntry).values(
        stocked.map(({ productId, availability }) => ({
          productId,
          change: availability,
          after: availability,
          reason: "opening" as const,
          by: "store" as const,
          note: "demo data",
        })),
      );
      await tx.insert(review).values(
        demoReviews.map((r) => ({
          authorName: r.authorName,
          authorPlace: r.authorPlace,
          ratingHalves: r.rating * 2,
          comment: r.comment,
        })),
      );
    }
    await tx.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() });
    return count === 0;
  });
}
