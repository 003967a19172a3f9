import { defaultSku } from "@shared/variants";
import type { Db } from "./client";
import {
  product,
  productVariant,
  stockEntry,
  type NewProductRow,
  type ProductOption,
  type ProductRow,
  type VariantRow,
} from "./schema";

/** One variant of a new product sold in sizes: its SKU, its value of each option, its own price, stock and rules. */
export interface NewVariant {
  sku: string;
  options: Record<string, string>;
  pricePoisha: number;
  availability: number;
  minimumQuantity: number;
  weightGrams: number;
  /** Its own photo; absent or null: the product's. */
  image?: string | null;
}

/**
 * A new product. Sold in one form, its own price, stock, minimum and weight are its one variant's (under `sku`, or
 * one made of its id: shared/variants.ts `defaultSku`). Sold in sizes (`options` and `variants`), the product row
 * repeats the first variant's and holds the sum of their stock (decision 0033): the columns given are ignored.
 */
export type NewProduct = Omit<NewProductRow, "priceFromPoisha" | "variantCount" | "options"> & {
  sku?: string | null;
  options?: ProductOption[];
  variants?: NewVariant[];
};

/**
 * Products as Add Product, the demo data and the scale seed add them, in the caller's transaction: each with its
 * variants and their stock's opening rows in the ledger (server/stock), so a shelf's stock is the sum of its ledger
 * from its first piece on.
 */
export async function insertProducts(
  tx: Db,
  values: NewProduct[],
  opening: {
    by: "admin" | "store";
    byUserId?: string | null;
    note?: string | null;
    /** The opening rows' reason: `opening`, or `imported` for a spreadsheet's new products. */
    reason?: "opening" | "imported";
  },
): Promise<{ products: ProductRow[]; variants: VariantRow[] }> {
  if (values.length === 0) return { products: [], variants: [] };
  const shelvesOf = values.map((v): NewVariant[] =>
    v.variants && v.variants.length > 0
      ? v.variants
      : [
          {
            sku: v.sku ?? "",
            options: {},
            pricePoisha: v.pricePoisha as number,
            availability: v.availability as number,
            minimumQuantity: v.minimumQuantity as number,
            weightGrams: (v.weightGrams as number | undefined) ?? 0,
          },
        ],
  );
  const products = await tx
    .insert(product)
    .values(
      values.map(({ sku: _sku, variants: _variants, options = [], ...v }, i) => {
        const shelves = shelvesOf[i]!;
        const first = shelves[0]!;
        return {
          ...v,
          options,
          pricePoisha: first.pricePoisha,
          minimumQuantity: first.minimumQuantity,
          weightGrams: first.weightGrams,
          availability: shelves.reduce((sum, s) => sum + s.availability, 0),
          priceFromPoisha: Math.min(...shelves.map((s) => s.pricePoisha)),
          variantCount: shelves.length,
        };
      }),
    )
    .returning();
  const variants = await tx
    .insert(productVariant)
    .values(
      products.flatMap((p, i) =>
        shelvesOf[i]!.map((s, position) => ({
          ...s,
          productId: p.id,
          position,
          sku: s.sku || defaultSku(p.id),
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        })),
      ),
    )
    .returning();
  const opened = variants.filter((v) => v.availability > 0);
  if (opened.length > 0) {
    await tx.insert(stockEntry).values(
      opened.map((v) => ({
        productId: v.productId,
        variantId: v.id,
        change: v.availability,
        after: v.availability,
        reason: opening.reason ?? ("opening" as const),
        by: opening.by,
        byUserId: opening.byUserId ?? null,
        note: opening.note ?? null,
      })),
    );
  }
  return { products, variants };
}
