import { M } from "@shared/messages";
import { CategorySchema } from "@shared/schemas/category";
import * as categories from "./sql/category-rows";
import { adminOnly } from "../context/actor";
import { changingCatalog } from "./catalog-change";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { notFound } from "../errors";

export type { Category, CategoryWithCount } from "./sql/category-rows";

/** The shop's shelves in its order, each with how many products it holds; anyone may read them. */
export function listCategories(ctx: RequestContext) {
  return categories.selectCategories(ctx.db);
}

/** One category with how many products it holds, by its id or its slug; anyone may read it. */
export async function categoryNamed(ctx: RequestContext, idOrSlug: unknown) {
  const wanted = key(idOrSlug);
  const found = (await categories.selectCategories(ctx.db)).find((c) => c.id === wanted || c.slug === wanted);
  if (!found) throw notFound(M.category.not_found);
  return found;
}

/** Categories: admins add, rename and remove them; the shop's pages show them, so each write is a catalog change. */
export async function addCategory(ctx: RequestContext, raw: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  return changingCatalog(ctx, categories.insertCategory(ctx.db, parseInput(CategorySchema, raw)));
}

/** New names (and position) for a category; its slug, and so its links, stay. */
export async function renameCategory(ctx: RequestContext, categoryId: unknown, raw: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  const input = parseInput(CategorySchema, raw);
  return changingCatalog(ctx, categories.updateCategoryNames(ctx.db, key(categoryId), input));
}

/** Only an empty category goes (409 while it holds products), and never "Other tools". */
export async function removeCategory(ctx: RequestContext, categoryId: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  return changingCatalog(ctx, categories.deleteCategoryRow(ctx.db, key(categoryId)));
}

/** The category a product sits on, as its page names it. */
export function categoryOf(ctx: RequestContext, categoryId: string) {
  return categories.getCategory(ctx.db, categoryId);
}
