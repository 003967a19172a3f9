import { and, asc, count, desc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import { SKU_PATTERN } from "@shared/variants";
import type { ProductSort } from "@shared/list-choices";
import type { Db } from "../../db/client";
import { product, productVariant } from "../../db/schema";
import { PRODUCT_COLUMNS, type Product } from "./product-rows";
import { descNullsLast } from "../../db/sort-keys";

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

/** Products that hold every word, or words they begin. */
const holding = (words: string) => sql`${product.searchDocument} @@ to_tsquery('simple', ${words})`;

/** Names close to what was typed, in trigrams ("chisle", "chisel"): the name in the search's own script. */
function closeTo(q: string) {
  const name = /[\u0980-\u09ff]/.test(q) ? product.nameBn : product.name;
  return { where: sql`${q} <% ${name}`, closeness: sql`word_similarity(${q}, ${name})` };
}

/** Relevance without a search (`?sort=relevance` alone) ranks nothing: the newest first. */
function ordering(sort: ProductSort, relevance?: SQL): SQL[] {
  // The orders of product_newest_idx, product_price_idx (read backward for price-desc) and product_name_idx.
  const newest = [descNullsLast(product.createdAt), asc(product.id)];
  switch (sort) {
    case "price-asc":
      return [asc(product.pricePoisha), asc(product.id)];
    case "price-desc":
      return [desc(product.pricePoisha), desc(product.id)];
    case "name":
      return [asc(product.name), asc(product.id)];
    case "newest":
      return newest;
    case "relevance":
      return relevance ? [sql`${relevance} desc`, ...newest] : newest;
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One page of a search and the number of matches, from one pass over the matches (a search ranks them all anyway):
 * the count rides on each row. A page past the end has no row to carry it, and counts again.
 */
async function searchPage(tx: Tx, query: ProductQuery, where: SQL | undefined, relevance: SQL) {
  const rows = await tx
    .select({ ...PRODUCT_COLUMNS, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(product)
    .where(where)
    .orderBy(...ordering(query.sort, relevance))
    .limit(query.limit)
    .offset(query.offset);
  const items = rows.map(({ matches: _, ...item }) => item);
  const total = rows[0]?.matches ?? (await countOf(tx, where));
  return { items, total };
}

async function countOf(tx: Tx, where: SQL | undefined) {
  return (await tx.select({ n: count() }).from(product).where(where))[0]?.n ?? 0;
}

/**
 * The shop's list: a page of the catalog, searched, filtered and sorted in PostgreSQL, and how many products the
 * whole list holds. A search that is a variant's SKU finds its tool. Otherwise it matches a product when every word begins a word of its names or descriptions (either
 * language); when no product does, it matches the names close to the search in trigrams (a misspelling), closest
 * first. Only then: the closeness of a name is costly to work out, row by row, and a search that finds words needs
 * none of it.
 */
export async function searchProducts(db: Db, query: ProductQuery): Promise<{ items: Product[]; total: number }> {
  const filters = [
    query.categoryId ? eq(product.categoryId, query.categoryId) : undefined,
    query.inStock ? gte(product.availability, product.minimumQuantity) : undefined,
  ];
  return db.transaction(async (tx) => {
    if (!query.q) {
      const where = and(...filters);
      const items = await tx
        .select(PRODUCT_COLUMNS)
        .from(product)
        .where(where)
        .orderBy(...ordering(query.sort))
        .limit(query.limit)
        .offset(query.offset);
      const total = query.offset === 0 && items.length < query.limit ? items.length : await countOf(tx, where);
      return { items, total };
    }
    // A SKU names one variant: its tool is the answer (an index lookup: `product_variant_sku`).
    const sku = query.q.trim();
    if (SKU_PATTERN.test(sku)) {
      const [named] = await tx
        .select({ productId: productVariant.productId })
        .from(productVariant)
        .where(and(sql`lower(${productVariant.sku}) = lower(${sku})`, isNull(productVariant.retiredAt)));
      if (named) {
        const found = await searchPage(tx, query, and(eq(product.id, named.productId), ...filters), sql`1`);
        if (found.total > 0) return found;
      }
    }
    const words = prefixQuery(query.q);
    if (words) {
      const found = await searchPage(
        tx,
        query,
        and(holding(words), ...filters),
        sql`ts_rank(${product.searchDocument}, to_tsquery('simple', ${words}))`,
      );
      if (found.total > 0) return found;
    }
    // The threshold of `<%`, for this transaction only; the trigram index answers the operator, not a function.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    const close = closeTo(query.q);
    return searchPage(tx, query, and(close.where, ...filters), close.closeness);
  });
}
