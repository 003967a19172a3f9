import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { appMeta, category, product, review } from "./schema";
import { insertProducts } from "./new-products";
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
      // Each tool is sold in one form, its ledger opening with its demo stock, as Add Product's does.
      await insertProducts(
        tx,
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
          ...(p.sizes
            ? {
                options: [{ ...p.sizes.option, values: p.sizes.variants.map((v) => v.value) }],
                variants: p.sizes.variants.map((v) => ({
                  sku: v.sku,
                  options: { [p.sizes!.option.name]: v.value },
                  pricePoisha: tkToPoisha(v.priceTk),
                  availability: v.availability,
                  minimumQuantity: p.minimumQuantity,
                  weightGrams: v.weightGrams,
                })),
              }
            : {}),
          // Newest first on the home page, so the list keeps the order written above.
          createdAt: new Date(now - i * 1000),
        })),
        { by: "store", note: "demo data" },
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
