import { CategorySchema } from "@shared/schemas/category";
import * as categories from "./sql/category-rows";
import { adminOnly, type Actor } from "../context/actor";
import { changingCatalog } from "./catalog-change";
import type { Deps } from "../context/deps";
import { key, parseInput } from "../context/parse";

export type { Category, CategoryWithCount } from "./sql/category-rows";

/** The shop's shelves in its order, each with how many products it holds; anyone may read them. */
export function listCategories(deps: Deps) {
  return categories.selectCategories(deps.db);
}

/** Categories: admins add, rename and remove them; the shop's pages show them, so each write is a catalog change. */
export async function addCategory(deps: Deps, actor: Actor, raw: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, categories.insertCategory(deps.db, parseInput(CategorySchema, raw)));
}

/** New names (and position) for a category; its slug, and so its links, stay. */
export async function renameCategory(deps: Deps, actor: Actor, categoryId: unknown, raw: unknown) {
  adminOnly(actor);
  const input = parseInput(CategorySchema, raw);
  return changingCatalog(deps, categories.updateCategoryNames(deps.db, key(categoryId), input));
}

/** Only an empty category goes (409 while it holds products), and never "Other tools". */
export async function removeCategory(deps: Deps, actor: Actor, categoryId: unknown) {
  adminOnly(actor);
  return changingCatalog(deps, categories.deleteCategoryRow(deps.db, key(categoryId)));
}

/** The category a product sits on, as its page names it. */
export function categoryOf(deps: Deps, categoryId: string) {
  return categories.getCategory(deps.db, categoryId);
}
