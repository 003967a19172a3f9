import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { ProductSort } from "@shared/schemas/product-list";
import type { Db } from "../db/client";
import { product } from "../db/schema";
import { PRODUCT_COLUMNS, type Product } from "./catalog";

export interface ProductQuery {
  /** Search text, trimmed; undefined lists everything. */
  q?: string;
  categoryId?: string;
  /** Only products a buyer can order now: stock of at least the minimum order. */
  inStock?: boolean;
  /** Relevance ranks only a search; without one it is the newest first. */
  sort: ProductSort;
  offset: number;
  limit: number;
}

/** What a word must share with a name, in trigrams, to count as a misspelling of it ("chisle", "chisel"). */
const WORD_SIMILARITY = 0.4;
/** The words of a search that are looked for; more add nothing a person typed on purpose. */
const MAX_WORDS = 8;

/**
 * The words of a search as a text-search query: each word, or a word it begins ('chis' finds 'chisel'), all of
 * them. Words are letters, marks (Bangla's vowel signs) and digits only, so nothing in them is query syntax.
 */
export function prefixQuery(q: string): string | undefined {
  const words = (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(" & ") : undefined;
}

function matching(q: string): SQL {
  const words = prefixQuery(q);
  const close = sql`(${q} <% ${product.name} or ${q} <% ${product.nameBn})`;
  return words ? sql`(${product.searchDocument} @@ to_tsquery('simple', ${words}) or ${close})` : close;
}

function ordering(query: ProductQuery): SQL[] {
  const newest = [desc(product.createdAt), asc(product.id)];
  switch (query.sort) {
    case "price-asc":
      return [asc(product.pricePoisha), asc(product.id)];
    case "price-desc":
      return [desc(product.pricePoisha), asc(product.id)];
    case "name":
      return [asc(product.name), asc(product.id)];
    case "newest":
      return newest;
    case "relevance": {
      if (!query.q) return newest;
      const words = prefixQuery(query.q);
      const rank = words ? sql`ts_rank(${product.searchDocument}, to_tsquery('simple', ${words}))` : sql`0`;
      const closeness = sql`greatest(word_similarity(${query.q}, ${product.name}), word_similarity(${query.q}, coalesce(${product.nameBn}, '')))`;
      return [sql`${rank} + ${closeness} desc`, ...newest];
    }
  }
}

/**
 * The shop's list: a page of the catalog, searched, filtered and sorted in PostgreSQL, and how many products the
 * whole list holds. A search matches a product when every word begins a word of its names or descriptions (either
 * language), or when the search is close to a name in trigrams (a misspelling).
 */
export async function searchProducts(db: Db, query: ProductQuery): Promise<{ items: Product[]; total: number }> {
  const where = and(
    query.q ? matching(query.q) : undefined,
    query.categoryId ? eq(product.categoryId, query.categoryId) : undefined,
    query.inStock ? gte(product.availability, product.minimumQuantity) : undefined,
  );
  return db.transaction(async (tx) => {
    // The threshold of `<%`, for this transaction only; the trigram index answers the operator, not a function.
    if (query.q)
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    const items = await tx
      .select(PRODUCT_COLUMNS)
      .from(product)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.limit)
      .offset(query.offset);
    const total =
      query.offset === 0 && items.length < query.limit
        ? items.length
        : ((await tx.select({ n: count() }).from(product).where(where))[0]?.n ?? 0);
    return { items, total };
  });
}
