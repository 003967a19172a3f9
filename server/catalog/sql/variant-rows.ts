import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Product } from "./product-rows";
import { product, productVariant, type ProductRow, type VariantRow } from "../../db/schema";

/** The live variants of the products (retired ones only with `retired`), each product's in its own order. */
export async function selectVariants(
  db: Db,
  productIds: string[],
  { retired = false }: { retired?: boolean } = {},
): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productVariant)
    .where(and(inArray(productVariant.productId, productIds), retired ? undefined : isNull(productVariant.retiredAt)))
    .orderBy(asc(productVariant.productId), asc(productVariant.position), asc(productVariant.id));
}

/** The variants of each product, by its id. */
export async function variantsByProduct(db: Db, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>(productIds.map((id) => [id, []]));
  for (const v of await selectVariants(db, productIds)) byProduct.get(v.productId)?.push(v);
  return byProduct;
}

/**
 * A product's row and its live variants under their row locks, the product's first (decision 0033: the order every
 * stock move takes them in); undefined when there is no such product.
 */
export async function lockShelves(
  tx: Db,
  productId: string,
): Promise<{ product: ProductRow; variants: VariantRow[] } | undefined> {
  const [row] = await tx.select().from(product).where(eq(product.id, productId)).for("no key update");
  if (!row) return undefined;
  const variants = await tx
    .select()
    .from(productVariant)
    .where(and(eq(productVariant.productId, productId), isNull(productVariant.retiredAt)))
    .orderBy(asc(productVariant.id))
    .for("no key update");
  return { product: row, variants: variants.sort((a, b) => a.position - b.position) };
}

/** A product and the variants it sells, each product's in its own order. */
export type ProductWithVariants = Product & { variants: VariantRow[] };

/** Products with their live variants, in one query for the lot. */
export async function withVariants(db: Db, products: Product[]): Promise<ProductWithVariants[]> {
  const variants = await variantsByProduct(
    db,
    products.map((p) => p.id),
  );
  return products.map((p) => ({ ...p, variants: variants.get(p.id) ?? [] }));
}
