import { asc, count, eq, getTableColumns } from "drizzle-orm";
import { M } from "@shared/messages";
import type { CategoryInput } from "@shared/schemas/category";
import type { Db } from "../db/client";
import { category, OTHER_CATEGORY_ID, product, type CategoryRow } from "../db/schema";
import { conflict, isUniqueViolation, notFound } from "../errors";
import { isId } from "./orders";

export type Category = CategoryRow;
/** A category with the number of products on it, as the shop's filters and the admin's list show it. */
export type CategoryWithCount = Category & { products: number };

/** Every category in the shop's order (position, then English name), with its product count. */
export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  return db
    .select({ ...getTableColumns(category), products: count(product.id) })
    .from(category)
    .leftJoin(product, eq(product.categoryId, category.id))
    .groupBy(category.id)
    .orderBy(asc(category.position), asc(category.nameEn));
}

export async function categoryBySlug(db: Db, slug: string): Promise<Category | undefined> {
  const [row] = await db.select().from(category).where(eq(category.slug, slug));
  return row;
}

export async function getCategory(db: Db, id: string | null): Promise<Category> {
  if (!isId(id)) throw notFound(M.category.not_found);
  const [row] = await db.select().from(category).where(eq(category.id, id));
  if (!row) throw notFound(M.category.not_found);
  return row;
}

/** A slug from an English name: lower-case letters and digits joined by hyphens ("Marking & Measuring" → "marking-measuring"). */
export function slugOf(nameEn: string): string {
  return (
    nameEn
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "category"
  );
}

/** Two categories cannot share a name in either language, nor a slug. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.category.name_taken);
    throw err;
  }
}

export async function addCategory(db: Db, input: CategoryInput): Promise<Category> {
  const [row] = await unique(
    db
      .insert(category)
      .values({ ...input, slug: slugOf(input.nameEn) })
      .returning(),
  );
  return row!;
}

/** A new name keeps the slug, so that links to the category keep working. */
export async function renameCategory(db: Db, id: string | null, input: CategoryInput): Promise<Category> {
  if (!isId(id)) throw notFound(M.category.not_found);
  const [row] = await unique(
    db
      .update(category)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(category.id, id))
      .returning(),
  );
  if (!row) throw notFound(M.category.not_found);
  return row;
}

/** Only an empty category goes, and never "Other tools", where products without one sit. */
export async function removeCategory(db: Db, id: string | null): Promise<Category> {
  if (!isId(id)) throw notFound(M.category.not_found);
  if (id === OTHER_CATEGORY_ID) throw conflict(M.category.keeps_other);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(category).where(eq(category.id, id)).for("update");
    if (!row) throw notFound(M.category.not_found);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(product).where(eq(product.categoryId, id));
    if (n > 0) throw conflict(M.category.not_empty, { count: n });
    await tx.delete(category).where(eq(category.id, id));
    return row;
  });
}
