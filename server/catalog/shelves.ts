import { M } from "@shared/messages";
import type { StockFacts } from "@shared/quantity";
import { variantLabel } from "@shared/variants";
import type { Db } from "../db/client";
import type { ProductRow, VariantRow } from "../db/schema";
import { fieldRefusal, notFound } from "../errors";
import { isId } from "../orders";
import { selectProduct, type Product } from "./sql/product-rows";
import { selectVariants } from "./sql/variant-rows";

/**
 * What a buyer takes pieces of: one variant of a product, with what a line shows of it (the product's names, the
 * variant's photo or else the product's, its SKU and values) and what the order rules read (the variant's stock,
 * minimum and price, the product's most per order).
 */
export interface Shelf extends StockFacts {
  productId: string;
  variantId: string;
  sku: string;
  /** "12 mm · 300 mm"; null for a product without options. */
  label: string | null;
  name: string;
  nameBn: string | null;
  image: string;
  pricePoisha: number;
  weightGrams: number;
  maxPerOrder: number | null;
}

export function shelfOf(
  p: Pick<ProductRow, "id" | "name" | "nameBn" | "image" | "maxPerOrder" | "options">,
  v: Pick<
    VariantRow,
    "id" | "sku" | "options" | "image" | "pricePoisha" | "availability" | "minimumQuantity" | "weightGrams"
  >,
): Shelf {
  return {
    productId: p.id,
    variantId: v.id,
    sku: v.sku,
    label: variantLabel(p.options, v.options),
    name: p.name,
    nameBn: p.nameBn,
    image: v.image ?? p.image,
    pricePoisha: v.pricePoisha,
    availability: v.availability,
    minimumQuantity: v.minimumQuantity,
    weightGrams: v.weightGrams,
    maxPerOrder: p.maxPerOrder,
  };
}

/**
 * The variant a buyer asked for among a product's live ones: the one named, or the only one when none is named. A
 * product with several needs the buyer to choose (400); a variant that is not the product's live one is not found.
 */
export function pickVariant<V extends { id: string }>(variants: readonly V[], asked: string | null | undefined): V {
  if (asked === undefined || asked === null || asked === "") {
    if (variants.length === 1) return variants[0]!;
    if (variants.length === 0) throw notFound(M.product.not_found);
    throw fieldRefusal("variantId", M.variant.required);
  }
  const found = variants.find((v) => v.id === asked.toLowerCase());
  if (!found) throw notFound(M.variant.not_found);
  return found;
}

/** One product's variant as a line of the cart or an order shows it and the rules read it. */
export async function selectShelf(db: Db, productId: string | null, variantId?: string | null): Promise<Shelf> {
  const found: Product = await selectProduct(db, productId);
  if (variantId && !isId(variantId.toLowerCase())) throw notFound(M.variant.not_found);
  const variant = pickVariant(await selectVariants(db, [found.id]), variantId);
  return shelfOf(found, variant);
}
