import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import type { ProductInput, ProductUpdate } from "~/schemas/product";
import { product, type NewProductRow, type ProductRow } from "../db/schema";
import { notFound } from "../errors";
import { tkToPoisha } from "./money";

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

/** Spec §7 POST /product: an admin adds a product. */
export async function addProduct(db: Db, input: ProductInput): Promise<Product> {
  const [row] = await db
    .insert(product)
    .values({
      name: input.name,
      image: input.image,
      pricePoisha: tkToPoisha(input.price),
      availability: input.Availability,
      minimumQuantity: input.minimumQuantity,
      description: input.desc,
      details: input.details ?? "",
    })
    .returning();
  return row!;
}

/**
 * An admin's edit of any of a product's fields (the stock count alone, say). Orders keep their own snapshot of
 * name, image and price, so an edit never rewrites them; stock bought since the page was loaded is not lost
 * unless the admin sets the count.
 */
export async function updateProduct(db: Db, id: string, changes: ProductUpdate): Promise<{ modifiedCount: number }> {
  if (!productId.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const updated = await db
    .update(product)
    .set({ ...changedColumns(changes), updatedAt: new Date() })
    .where(eq(product.id, id))
    .returning({ id: product.id });
  if (updated.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  return { modifiedCount: 1 };
}

/** Spec §7 DELETE /product/{id}. Its orders stay, with their snapshot of it. */
export async function deleteProduct(db: Db, id: string): Promise<{ deletedCount: number }> {
  if (!productId.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const deleted = await db.delete(product).where(eq(product.id, id)).returning({ id: product.id });
  if (deleted.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  return { deletedCount: 1 };
}

/** The columns an update names; drizzle leaves out the ones that are undefined. */
function changedColumns(changes: ProductUpdate): Partial<NewProductRow> {
  return {
    name: changes.name,
    image: changes.image,
    pricePoisha: changes.price === undefined ? undefined : tkToPoisha(changes.price),
    availability: changes.Availability,
    minimumQuantity: changes.minimumQuantity,
    description: changes.desc,
    details: changes.details,
  };
}
