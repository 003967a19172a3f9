import { existsSync } from "node:fs";
import path from "node:path";
import { and, asc, gt, inArray, isNull, sql } from "drizzle-orm";
import { UPLOADED_NAME } from "@shared/image-sources";
import type { Db } from "../../db/client";
import { category, product, productVariant, type ProductRow, type VariantRow } from "../../db/schema";
import type { ImageStore } from "../../images/image-store";

/** The store's drawings (the demo catalog's pictures), served from public/ like every public file. */
const DRAWINGS_DIR = path.resolve("public/images/products");
const DRAWING_NAME = /^[\w-]+\.svg$/;
export const DRAWINGS_PATH = "/images/products";

export type ProductWithShelves = ProductRow & { variants: VariantRow[] };

/** The products of the ids with their live variants, by id. */
export async function productsWithVariants(db: Db, ids: string[]): Promise<Map<string, ProductWithShelves>> {
  const found = new Map<string, ProductWithShelves>();
  if (ids.length === 0) return found;
  for (const row of await db.select().from(product).where(inArray(product.id, ids))) {
    found.set(row.id, { ...row, variants: [] });
  }
  const variants = await db
    .select()
    .from(productVariant)
    .where(and(inArray(productVariant.productId, ids), isNull(productVariant.retiredAt)))
    .orderBy(asc(productVariant.productId), asc(productVariant.position), asc(productVariant.id));
  for (const v of variants) found.get(v.productId)?.variants.push(v);
  return found;
}

/** Which product's live variant holds each of the SKUs (lower case), among those given. */
export async function skuHolders(db: Db, skus: string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: productVariant.sku, productId: productVariant.productId })
    .from(productVariant)
    .where(and(inArray(sql`lower(${productVariant.sku})`, skus), isNull(productVariant.retiredAt)));
  return new Map(rows.map((r) => [r.sku.toLowerCase(), r.productId]));
}

/** Categories by slug, and slugs by id. */
export async function categorySlugs(db: Db): Promise<{ idOf: Map<string, string>; slugOf: Map<string, string> }> {
  const rows = await db.select({ id: category.id, slug: category.slug }).from(category);
  return { idOf: new Map(rows.map((r) => [r.slug, r.id])), slugOf: new Map(rows.map((r) => [r.id, r.slug])) };
}

/**
 * The addresses of the images the file names, by file name; null for a name the store has no image of. An image
 * is the store's when a product shows it already, when the image store holds an upload of that name, or when it
 * is one of the store's drawings.
 */
export async function imageAddresses(db: Db, images: ImageStore, names: string[]): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  if (names.length === 0) return found;
  const shown = await imagesShown(db);
  for (const name of new Set(names)) {
    const known = shown.get(name);
    if (known) found.set(name, known);
    else if (UPLOADED_NAME.test(name)) found.set(name, (await images.has(name)) ? images.url(name) : null);
    else if (DRAWING_NAME.test(name) && existsSync(path.join(DRAWINGS_DIR, name))) {
      found.set(name, `${DRAWINGS_PATH}/${name}`);
    } else found.set(name, null);
  }
  return found;
}

/** Every image a product or a variant shows, by its file name. */
async function imagesShown(db: Db): Promise<Map<string, string>> {
  // Both drivers (node-postgres and PGlite) answer with { rows }.
  const { rows } = (await db.execute(sql`
    select image as url from ${product}
    union select jsonb_array_elements(images)->>'url' from ${product}
    union select image from ${productVariant} where image is not null`)) as unknown as {
    rows: { url: string | null }[];
  };
  const shown = new Map<string, string>();
  for (const { url } of rows) if (url) shown.set(url.split("/").pop()!, url);
  return shown;
}

/** The catalog in pages of `size` products by id, each with its live variants: the export reads it so. */
export async function* catalogPages(db: Db, size = 500): AsyncGenerator<ProductWithShelves[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(product)
      .where(after ? gt(product.id, after) : undefined)
      .orderBy(asc(product.id))
      .limit(size);
    if (rows.length === 0) return;
    const withShelves = await productsWithVariants(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => withShelves.get(r.id)!);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
