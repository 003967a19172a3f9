import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { product, type ProductRow } from "../db/schema";
import { notFound } from "../errors";

export type Product = ProductRow;

export const PRODUCT_NOT_FOUND = "Product not found";

const productId = z.uuid();

export function listProducts(db: Db): Promise<Product[]> {
  return db.select().from(product).orderBy(desc(product.createdAt), asc(product.id));
}

/** A malformed id names no product, so it is answered like an unknown one. */
export async function getProduct(db: Db, id: string): Promise<Product> {
  if (!productId.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const [row] = await db.select().from(product).where(eq(product.id, id));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** The footer's popular tags: the first products of the catalog's order. */
export function listPopularProducts(db: Db, limit = 3): Promise<Pick<Product, "id" | "name">[]> {
  return db
    .select({ id: product.id, name: product.name })
    .from(product)
    .orderBy(desc(product.createdAt), asc(product.id))
    .limit(limit);
}

/** An admin's stock count. Orders change stock only through their own guarded transactions. */
export async function setAvailability(db: Db, id: string, availability: number): Promise<{ modifiedCount: number }> {
  if (!productId.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const updated = await db
    .update(product)
    .set({ availability, updatedAt: new Date() })
    .where(eq(product.id, id))
    .returning({ id: product.id });
  if (updated.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  return { modifiedCount: 1 };
}
