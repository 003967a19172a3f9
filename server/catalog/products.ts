import { M } from "@shared/messages";
import { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from "@shared/list-page";
import { ProductSchema, ProductUpdateSchema } from "@shared/schemas/product";
import { ProductListQuery } from "@shared/schemas/product-list";
import * as catalog from "./sql/product-rows";
import { categoryBySlug } from "./sql/category-rows";
import { searchProducts } from "./sql/product-search";
import { AppError, fieldRefusal } from "../errors";
import { isForeignUpload } from "../images/image-store";
import type { Product } from "./sql/product-rows";
import { adminOnly, type Actor } from "../context/actor";
import { changingCatalog } from "./catalog-change";
import type { Deps } from "../context/deps";
import { offsetPage } from "../paging/offset-page";
import { key, parseInput } from "../context/parse";

export type { Product } from "./sql/product-rows";

/**
 * A page of the shop's list (`/shop`, `GET /api/product`, Manage Products): searched, filtered by category and
 * stock, sorted; anyone may read it. `defaultLimit`: the screens' 20, the API's 100.
 */
export async function listProducts(
  deps: Deps,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<Product>> {
  const input = parseInput(ProductListQuery, raw);
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  let categoryId: string | undefined;
  if (input.category) {
    const found = await categoryBySlug(deps.db, input.category);
    if (!found) throw new AppError("invalid", M.list.category_unknown);
    categoryId = found.id;
  }
  const sort = input.sort ?? (input.q ? "relevance" : "newest");
  const { items, total } = await searchProducts(deps.db, {
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
export function featuredProducts(deps: Deps) {
  return catalog.listFeaturedProducts(deps.db);
}

export function getProduct(deps: Deps, productId: unknown) {
  return catalog.selectProduct(deps.db, key(productId));
}

/** The footer's few product links. */
export function popularProducts(deps: Deps) {
  return catalog.listPopularProducts(deps.db);
}

/** Manage Products: a page of the catalog, searched as the shop is, for an admin. */
export async function productsToManage(deps: Deps, actor: Actor, raw: unknown = {}) {
  adminOnly(actor);
  return listProducts(deps, raw, PAGE_SIZE);
}

/** Edit Product: one product, for an admin. */
export async function productToEdit(deps: Deps, actor: Actor, productId: unknown) {
  adminOnly(actor);
  return catalog.selectProduct(deps.db, key(productId));
}

/** The shared schema knows an upload's shape; only the store knows which public address is its own. */
function withOwnImage<T extends { image?: string | undefined }>(deps: Deps, input: T): T {
  if (input.image !== undefined && isForeignUpload(deps.images, input.image)) {
    throw fieldRefusal("image", M.product.image_not_ours);
  }
  return input;
}

export async function addProduct(deps: Deps, actor: Actor, raw: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, catalog.insertProduct(deps.db, withOwnImage(deps, parseInput(ProductSchema, raw))));
}

/** Any of a product's fields, the stock count alone say; an admin's word. */
export async function updateProduct(deps: Deps, actor: Actor, productId: unknown, raw: unknown) {
  adminOnly(actor);
  const changes = withOwnImage(deps, parseInput(ProductUpdateSchema, raw));
  return changingCatalog(deps, catalog.updateProductRow(deps.db, key(productId), changes));
}

export async function deleteProduct(deps: Deps, actor: Actor, productId: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, catalog.deleteProductRow(deps.db, key(productId)));
}
