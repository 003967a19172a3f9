import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { product, productVariant, type ProductRow, type VariantRow } from "../../db/schema";
import { preparedStatement } from "../../db/prepared";
import { shelfOf, type Shelf } from "../../catalog";

/** A product as an order line needs it, with its live variants, read without a lock. */
export interface ProductShelves {
  id: string;
  name: string;
  nameBn: string | null;
  image: string;
  maxPerOrder: number | null;
  options: ProductRow["options"];
  variants: Pick<
    VariantRow,
    "id" | "sku" | "options" | "image" | "pricePoisha" | "availability" | "minimumQuantity" | "weightGrams"
  >[];
}

/**
 * The variant to buy and the values its line shows, as read: the statement that takes it checks they are still the
 * variant's and the product's (decision 0049), so a line's label is never made from values changed meanwhile.
 */
export interface ReadShelf {
  shelf: Shelf;
  productOptions: ProductRow["options"];
  variantOptions: VariantRow["options"];
}

export function readShelfOf(p: ProductShelves, variant: ProductShelves["variants"][number]): ReadShelf {
  return { shelf: shelfOf(p, variant), productOptions: p.options, variantOptions: variant.options };
}

/** The products (by id, as PostgreSQL spells it) with their live variants in the order the shop lists them. */
export async function readShelves(db: Db, productIds: readonly string[]): Promise<Map<string, ProductShelves>> {
  const rows = await SHELVES(db, { productIds: `{${productIds.join(",")}}` });
  const found = new Map<string, ProductShelves>();
  for (const r of rows) {
    let p = found.get(r.product_id);
    if (!p) {
      p = {
        id: r.product_id,
        name: r.name,
        nameBn: r.name_bn,
        image: r.product_image,
        maxPerOrder: r.max_per_order,
        options: r.product_options,
        variants: [],
      };
      found.set(p.id, p);
    }
    p.variants.push({
      id: r.variant_id,
      sku: r.sku,
      options: r.variant_options,
      image: r.variant_image,
      pricePoisha: r.price_poisha,
      availability: r.availability,
      minimumQuantity: r.minimum_quantity,
      weightGrams: r.weight_grams,
    });
  }
  return found;
}

/** The products' live variants, each with what an order needs of its product. */
const SHELVES = preparedStatement<{
  product_id: string;
  name: string;
  name_bn: string | null;
  product_image: string;
  max_per_order: number | null;
  product_options: ProductRow["options"];
  variant_id: string;
  sku: string;
  variant_options: VariantRow["options"];
  variant_image: string | null;
  price_poisha: number;
  availability: number;
  minimum_quantity: number;
  weight_grams: number;
}>(
  "randa_order_shelves",
  () => sql`
    select p.id as product_id, p.name, p.name_bn, p.image as product_image, p.max_per_order,
      p.options as product_options, v.id as variant_id, v.sku, v.options as variant_options, v.image as variant_image,
      v.price_poisha, v.availability, v.minimum_quantity, v.weight_grams
    from ${product} p join ${productVariant} v on v.product_id = p.id and v.retired_at is null
    where p.id = any(${sql.placeholder("productIds")}::uuid[])
    order by p.id, v.position, v.id`,
);
