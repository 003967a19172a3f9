import { ProductSchema, ProductUpdateSchema } from "@shared/schemas/product";
import * as catalog from "../domain/catalog";
import { adminOnly, type Actor } from "./actor";
import { changingCatalog } from "./catalog-change";
import type { Deps } from "./deps";
import { key, parseInput } from "./parse";

export type { Product } from "../domain/catalog";

/** The catalog, newest first: anyone may read it. */
export function listProducts(deps: Deps) {
  return catalog.listProducts(deps.db);
}

export function getProduct(deps: Deps, productId: unknown) {
  return catalog.getProduct(deps.db, key(productId));
}

/** The footer's few product links. */
export function popularProducts(deps: Deps) {
  return catalog.listPopularProducts(deps.db);
}

/** Manage Products: the catalog, for an admin. */
export async function productsToManage(deps: Deps, actor: Actor) {
  adminOnly(actor);
  return catalog.listProducts(deps.db);
}

/** Edit Product: one product, for an admin. */
export async function productToEdit(deps: Deps, actor: Actor, productId: unknown) {
  adminOnly(actor);
  return catalog.getProduct(deps.db, key(productId));
}

export async function addProduct(deps: Deps, actor: Actor, raw: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, catalog.addProduct(deps.db, parseInput(ProductSchema, raw)));
}

/** Any of a product's fields, the stock count alone say; an admin's word. */
export async function updateProduct(deps: Deps, actor: Actor, productId: unknown, raw: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, catalog.updateProduct(deps.db, key(productId), parseInput(ProductUpdateSchema, raw)));
}

export async function deleteProduct(deps: Deps, actor: Actor, productId: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, catalog.deleteProduct(deps.db, key(productId)));
}
