import { M } from "@shared/messages";
import { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from "@shared/list-page";
import { ProductSchema, ProductUpdateSchema } from "@shared/schemas/product";
import { ProductListQuery, type ProductListAsk } from "@shared/schemas/product-list";
import * as catalog from "./sql/product-rows";
import { categoryBySlug } from "./sql/category-rows";
import { searchProducts } from "./sql/product-search";
import { AppError, fieldRefusal } from "../errors";
import { isForeignUpload } from "../images/image-store";
import type { Product } from "./sql/product-rows";
import { adminOnly } from "../context/actor";
import { changingCatalog } from "./catalog-change";
import { perVersion } from "../cache/versioned-cache";
import { offsetPage } from "../paging/offset-page";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { withVariants, type ProductWithVariants } from "./sql/variant-rows";

export type { Product } from "./sql/product-rows";

export type { ProductWithVariants } from "./sql/variant-rows";

/**
 * A page of the shop's list (`/shop`, `GET /api/product`, Manage Products): searched, filtered by category and
 * stock, sorted; anyone may read it. `defaultLimit`: the screens' 20, the API's 100.
 */
export async function listProducts(
  ctx: RequestContext,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<Product>> {
  return pageOfProducts(ctx, parseInput(ProductListQuery, raw), defaultLimit);
}

async function pageOfProducts(
  ctx: RequestContext,
  input: ProductListAsk,
  defaultLimit: number,
): Promise<Page<Product>> {
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  let categoryId: string | undefined;
  if (input.category) {
    const found = await categoryBySlug(ctx.db, input.category);
    if (!found) throw new AppError("invalid", M.list.category_unknown);
    categoryId = found.id;
  }
  const sort = input.sort ?? (input.q ? "relevance" : "newest");
  const { items, total } = await searchProducts(ctx.db, {
    q: input.q,
    categoryId,
    inStock: input.inStock,
    sort,
    offset,
    limit,
  });
  return { items, total, page, limit };
}

/** The home page's few: those admins marked featured, then the newest. */
export function featuredProducts(ctx: RequestContext) {
  return catalog.listFeaturedProducts(ctx.db);
}

/** A product with its live variants: the product page, `GET /api/product/{id}`. */
export async function getProduct(ctx: RequestContext, productId: unknown): Promise<ProductWithVariants> {
  const [found] = await withVariants(ctx.db, [await catalog.selectProduct(ctx.db, key(productId))]);
  return found!;
}

const footersOf = perVersion<Awaited<ReturnType<typeof catalog.listPopularProducts>>>(1);

/** The footer's few product links, on every page: kept until the catalog changes. */
export function popularProducts(ctx: RequestContext) {
  return footersOf(ctx.catalogVersion).get("", () => catalog.listPopularProducts(ctx.db));
}

/**
 * Manage Products' and the stock page's pages of the catalog are kept until it changes: a search reads and ranks
 * every product it matches (a fifth of 10,000 for "chisel", 20 ms) to show twenty and their count.
 */
const managedPagesOf = perVersion<Page<Product>>(50);

/** Manage Products: a page of the catalog, searched as the shop is, for an admin. */
export async function productsToManage(ctx: RequestContext, raw: unknown = {}) {
  const actor = await ctx.actor();
  adminOnly(actor);
  // Keyed by the query as read, never by what was sent (which need not even be JSON); a refused one is not kept.
  const input = parseInput(ProductListQuery, raw);
  return managedPagesOf(ctx.catalogVersion).get(JSON.stringify(input), () => pageOfProducts(ctx, input, PAGE_SIZE));
}

/** Edit Product and the stock page: one product with its variants, for an admin. */
export async function productToEdit(ctx: RequestContext, productId: unknown): Promise<ProductWithVariants> {
  const actor = await ctx.actor();
  adminOnly(actor);
  const [found] = await withVariants(ctx.db, [await catalog.selectProduct(ctx.db, key(productId))]);
  return found!;
}

/** The shared schema knows an upload's shape; only the store knows which public address is its own. */
function withOwnImage<
  T extends {
    image?: string | undefined;
    images?: { url: string }[] | undefined;
    variants?: { image?: string | null | undefined }[] | undefined;
  },
>(ctx: RequestContext, input: T): T {
  if (input.image !== undefined && isForeignUpload(ctx.images, input.image)) {
    throw fieldRefusal("image", M.product.image_not_ours);
  }
  for (const [i, photo] of (input.images ?? []).entries()) {
    if (isForeignUpload(ctx.images, photo.url)) throw fieldRefusal(`images.${i}.url`, M.product.image_not_ours);
  }
  for (const [i, variant] of (input.variants ?? []).entries()) {
    if (variant.image && isForeignUpload(ctx.images, variant.image)) {
      throw fieldRefusal(`variants.${i}.image`, M.product.image_not_ours);
    }
  }
  return input;
}

export async function addProduct(ctx: RequestContext, raw: unknown) {
  const admin = adminOnly(await ctx.actor());
  const input = withOwnImage(ctx, parseInput(ProductSchema, raw));
  return changingCatalog(ctx, catalog.insertProduct(ctx.db, input, admin.id));
}

/** Any of a product's fields, the stock count alone say; an admin's word. */
export async function updateProduct(ctx: RequestContext, productId: unknown, raw: unknown) {
  const admin = adminOnly(await ctx.actor());
  const changes = withOwnImage(ctx, parseInput(ProductUpdateSchema, raw));
  return changingCatalog(ctx, catalog.updateProductRow(ctx.db, key(productId), changes, admin.id));
}

export async function deleteProduct(ctx: RequestContext, productId: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  return changingCatalog(ctx, catalog.deleteProductRow(ctx.db, key(productId)));
}
