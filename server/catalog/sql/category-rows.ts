import { asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { CategoryInput } from "@shared/schemas/category";
import type { Db } from "../../db/client";
import { category, OTHER_CATEGORY_ID, product, type CategoryRow } from "../../db/schema";
import { conflict, isUniqueViolation, notFound, uniqueConstraintOf } from "../../errors";
import { isId } from "../../orders";

export type Category = CategoryRow;
/** A category with the number of products on it, as the shop's filters and the admin's list show it. */
export type CategoryWithCount = Category & { products: number };

/** Every category in the shop's order (position, then English name), with its product count. */
export async function selectCategories(db: Db): Promise<CategoryWithCount[]> {
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

/** Two categories cannot share a name in either language. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.category.name_taken);
    throw err;
  }
}

/** After the last shelf, counting in tens as the demo's do; "Other tools" (1000) stays last. */
const nextPosition = sql`select least(coalesce(max(${category.position}), 0) + 10, 999) from ${category} where ${category.id} <> ${OTHER_CATEGORY_ID}`;

/** Slugs tried for one new category: its own, then with a number (a renamed category keeps the one it had). */
const SLUG_TRIES = 20;

/**
 * A new category goes last among the shelves (before "Other tools") unless a position is given. Its slug comes
 * from the English name; when another category holds that slug already (it was renamed, or its name differs only
 * in punctuation), a number is added: "saws-2".
 */
export async function insertCategory(db: Db, input: CategoryInput): Promise<Category> {
  const base = slugOf(input.nameEn);
  const position = input.position ?? sql<number>`(${nextPosition})`;
  for (let n = 1; ; n++) {
    try {
      const [row] = await db
        .insert(category)
        .values({ ...input, position, slug: n === 1 ? base : `${base}-${n}` })
        .returning();
      return row!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (uniqueConstraintOf(err) !== "category_slug" || n === SLUG_TRIES) throw conflict(M.category.name_taken);
    }
  }
}

/** A new name keeps the slug, so that links to the category keep working. */
export async function updateCategoryNames(db: Db, id: string | null, input: CategoryInput): Promise<Category> {
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
export async function deleteCategoryRow(db: Db, id: string | null): Promise<Category> {
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
