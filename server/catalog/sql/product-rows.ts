import { asc, eq, getTableColumns, not } from "drizzle-orm";
import { M } from "@shared/messages";
import type { PhotoInput, ProductInput, ProductUpdate } from "@shared/schemas/product";
import type { Db } from "../../db/client";
import { insertProducts } from "../../db/new-products";
import { product, productVariant, type ProductRow, type VariantRow } from "../../db/schema";
import { descNullsLast } from "../../db/sort-keys";
import { fieldRefusal, notFound } from "../../errors";
import { isId } from "../../orders";
import { moveStock } from "../../stock";
import { replaceVariants, syncProductWithVariants } from "./variant-edit";
import { lockShelves } from "./variant-rows";

/** A product as the store reads it: every column but the search document, which only the search reads. */
export type Product = Omit<ProductRow, "searchDocument">;

const { searchDocument: _searchDocument, ...columns } = getTableColumns(product);
export const PRODUCT_COLUMNS = columns;

/** How many products the home page shows. */
export const FEATURED_COUNT = 8;

/** The home page's few: those admins marked featured, newest first, then the newest others to make up the count. */
export async function listFeaturedProducts(db: Db, limit = FEATURED_COUNT): Promise<Product[]> {
  const featured = await db
    .select(PRODUCT_COLUMNS)
    .from(product)
    .where(eq(product.featured, true))
    .orderBy(descNullsLast(product.createdAt), asc(product.id))
    .limit(limit);
  if (featured.length === limit) return featured;
  const newest = await db
    .select(PRODUCT_COLUMNS)
    .from(product)
    .where(not(product.featured))
    .orderBy(descNullsLast(product.createdAt), asc(product.id))
    .limit(limit - featured.length);
  return [...featured, ...newest];
}

/** A malformed id names no product, so it is answered like an unknown one. */
export async function selectProduct(db: Db, id: string | null): Promise<Product> {
  if (!isId(id)) throw notFound(M.product.not_found);
  const [row] = await db.select(PRODUCT_COLUMNS).from(product).where(eq(product.id, id));
  if (!row) throw notFound(M.product.not_found);
  return row;
}

/** The footer's popular tags: the first products of the catalog's order. */
export function listPopularProducts(db: Db, limit = 3): Promise<Pick<Product, "id" | "name" | "nameBn">[]> {
  return db
    .select({ id: product.id, name: product.name, nameBn: product.nameBn })
    .from(product)
    .orderBy(descNullsLast(product.createdAt), asc(product.id))
    .limit(limit);
}

/** A new product sold in one form, its stock opening its ledger in the admin's name. */
export async function insertProduct(db: Db, input: ProductInput, adminId: string): Promise<Product> {
  try {
    return await db.transaction(async (tx) => {
      const { products } = await insertProducts(tx, [{ ...input, details: input.details ?? "" }], {
        by: "admin",
        byUserId: adminId,
      });
      const { searchDocument: _, ...row } = products[0]!;
      return row;
    });
  } catch (err) {
    throw refusalOf(err);
  }
}

/**
 * An admin's edit of any of a product's fields (the stock count alone, say), under the row locks of the product and
 * then its variants (decision 0033). Orders keep their own snapshot of name, image and price, so an edit never
 * rewrites them; stock bought since the page was loaded is not lost unless the admin sets the count. The spec's
 * price, minimum and weight speak of the product's first variant, and its stock count of its only one (a product
 * with several has each counted); `variants` replaces the list (server/catalog/sql/variant-edit.ts).
 */
export async function updateProductRow(
  db: Db,
  id: string | null,
  changes: ProductUpdate,
  adminId: string,
): Promise<Product> {
  if (!isId(id)) throw notFound(M.product.not_found);
  const { availability, pricePoisha, minimumQuantity, weightGrams, options, variants, images, image, ...rest } =
    changes;
  try {
    return await db.transaction(async (tx) => {
      const shelves = await lockShelves(tx, id);
      if (!shelves) throw notFound(M.product.not_found);
      if (variants !== undefined) {
        await replaceVariants(tx, shelves, { options: options ?? [], variants }, adminId);
      } else {
        const first = shelves.variants[0]!;
        if (availability !== undefined) {
          if (shelves.variants.length > 1) throw fieldRefusal("availability", M.variant_edit.count_each);
          await countStock(tx, first, availability, adminId);
        }
        const own = { pricePoisha, minimumQuantity, weightGrams };
        if (Object.values(own).some((v) => v !== undefined)) {
          await tx
            .update(productVariant)
            .set({ ...own, updatedAt: new Date() })
            .where(eq(productVariant.id, first.id));
        }
      }
      // drizzle leaves out the columns that are undefined.
      await tx
        .update(product)
        .set({ ...rest, ...photosChange(shelves.product, images, image), updatedAt: new Date() })
        .where(eq(product.id, id));
      await syncProductWithVariants(tx, id);
      const [row] = await tx.select(PRODUCT_COLUMNS).from(product).where(eq(product.id, id));
      if (variants !== undefined) assertMostNotBelowMinimums(row!, variants);
      return row!;
    });
  } catch (err) {
    throw refusalOf(err);
  }
}

/**
 * The photos from now on, and the spec's `image` (the first of them). A new `image` alone takes the first photo's
 * place, and keeps the others.
 */
function photosChange(
  current: Pick<ProductRow, "images">,
  images: PhotoInput[] | undefined,
  image: string | undefined,
): Partial<Pick<ProductRow, "image" | "images">> {
  if (images !== undefined) {
    const photos = images.map((p) => ({ url: p.url, alt: p.alt ?? null, altBn: p.altBn ?? null }));
    return { images: photos, image: photos[0]!.url };
  }
  if (image === undefined) return {};
  if (current.images.length === 0) return { image };
  return { image, images: current.images.map((p, i) => (i === 0 ? { ...p, url: image } : p)) };
}

/** The most per order is never under a variant's minimum order: that variant could never be bought. */
function assertMostNotBelowMinimums(row: Product, variants: { minimumQuantity: number }[]) {
  if (row.maxPerOrder !== null && variants.some((v) => v.minimumQuantity > row.maxPerOrder!)) {
    throw fieldRefusal("maxPerOrder", M.product.max_per_order_below_minimum);
  }
}

/**
 * The spec's stock count set outright (`PUT /api/product/{id} {Availability}`, Edit Product): a stock-take, so the
 * ledger gets a "counted" row of the difference from the stock as it is under the row's lock.
 */
async function countStock(tx: Db, variant: VariantRow, counted: number, adminId: string): Promise<void> {
  await moveStock(
    tx,
    [{ productId: variant.productId, variantId: variant.id, change: counted - variant.availability }],
    {
      reason: "counted",
      by: "admin",
      byUserId: adminId,
    },
  );
}

/** What the database refused, said about the field at fault; any other failure as it was. */
function refusalOf(err: unknown): unknown {
  // A change of one of the two against the other's stored value: the schema saw only what was sent.
  if (violates(err, CHECK_VIOLATION, "product_max_per_order_at_least_minimum")) {
    return fieldRefusal("maxPerOrder", M.product.max_per_order_below_minimum);
  }
  // A category that never was, or one removed since the form was loaded (its removal waits for, or is waited on by,
  // this write: server/catalog/sql/category-rows.ts).
  if (violates(err, FOREIGN_KEY_VIOLATION, "product_category_id_category_id_fk")) {
    return fieldRefusal("categoryId", M.category.unknown);
  }
  return err;
}

const CHECK_VIOLATION = "23514";
const FOREIGN_KEY_VIOLATION = "23503";

/** PostgreSQL's violation of the named constraint, as node-postgres and PGlite report it (maybe as `cause`). */
function violates(err: unknown, sqlState: string, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === sqlState && name === constraint) return true;
  }
  return false;
}

/** Its orders stay, with their snapshot of it. */
export async function deleteProductRow(db: Db, id: string | null): Promise<Product> {
  if (!isId(id)) throw notFound(M.product.not_found);
  const [row] = await db.delete(product).where(eq(product.id, id)).returning(PRODUCT_COLUMNS);
  if (!row) throw notFound(M.product.not_found);
  return row;
}
