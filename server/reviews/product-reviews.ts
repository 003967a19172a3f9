import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { M } from "@shared/messages";
import { HideReviewSchema, ProductReviewListQuery, ProductReviewSchema } from "@shared/schemas/product-review";
import { changingCatalog, selectProduct } from "../catalog";
import { adminOnly, signedIn } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { forbidden } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { offsetPage } from "../paging/offset-page";
import * as rows from "./sql/product-review-rows";
import type { ProductReview } from "./sql/product-review-rows";

export type { ProductReview } from "./sql/product-review-rows";

/** `GET /api/product/{id}/reviews` and the product page: a page of a tool's shown reviews; anyone may read them. */
export async function productReviews(
  ctx: RequestContext,
  productId: unknown,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<ProductReview>> {
  const input = parseInput(ProductReviewListQuery, raw);
  const tool = await selectProduct(ctx.db, key(productId));
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  const { items, total } = await rows.selectProductReviews(ctx.db, tool.id, {
    sort: input.sort ?? "newest",
    offset,
    limit,
  });
  return { items, total, page, limit };
}

/** What the product page shows of reviews beside the list: the spread of stars, and the visitor's own part. */
export async function reviewCorner(ctx: RequestContext, productId: string) {
  const actor = await ctx.actor();
  const [distribution, own, bought, hidden] = await Promise.all([
    rows.ratingDistribution(ctx.db, productId),
    actor ? rows.ownReview(ctx.db, productId, actor.id) : undefined,
    actor ? rows.deliveredOrderOf(ctx.db, actor.id, productId) : undefined,
    actor?.role === "admin" ? rows.hiddenReviews(ctx.db, productId) : [],
  ]);
  return {
    distribution,
    own: own ?? null,
    /** Signed in, with a delivered order of it and no review yet: may write one. */
    mayWrite: Boolean(actor && bought && !own),
    signedIn: Boolean(actor),
    isAdmin: actor?.role === "admin",
    hidden,
  };
}

/**
 * A buyer reviews a tool once, when an order of it was delivered to them (403 otherwise); a second review is
 * refused (409): they change the first. The tool's stars change with it.
 */
export async function addProductReview(ctx: RequestContext, productId: unknown, raw: unknown): Promise<string> {
  const author = signedIn(await ctx.actor());
  const input = parseInput(ProductReviewSchema, raw);
  const tool = await selectProduct(ctx.db, key(productId));
  await withinLimits(ctx, "review", author);
  const orderId = await rows.deliveredOrderOf(ctx.db, author.id, tool.id);
  if (!orderId) throw forbidden(M.product_review.not_bought);
  return changingCatalog(
    ctx,
    rows.insertProductReview(ctx.db, {
      productId: tool.id,
      authorId: author.id,
      orderId,
      ratingHalves: Math.round(input.rating * 2),
      comment: input.comment,
    }),
  );
}

/** `PUT /api/product-reviews/{id}`: its author changes their review. */
export async function changeProductReview(ctx: RequestContext, reviewId: unknown, raw: unknown): Promise<void> {
  const author = signedIn(await ctx.actor());
  const input = parseInput(ProductReviewSchema, raw);
  await withinLimits(ctx, "review", author);
  await changingCatalog(
    ctx,
    rows.updateProductReview(ctx.db, key(reviewId), author.id, {
      ratingHalves: Math.round(input.rating * 2),
      comment: input.comment,
    }),
  );
}

/** `PUT /api/product-reviews/{id}/hidden`: an admin hides a review; its author sees the reason. */
export async function hideProductReview(ctx: RequestContext, reviewId: unknown, raw: unknown): Promise<void> {
  const admin = adminOnly(await ctx.actor());
  const { reason } = parseInput(HideReviewSchema, raw);
  await changingCatalog(ctx, rows.hideProductReview(ctx.db, key(reviewId), admin.id, reason));
}

/** `DELETE /api/product-reviews/{id}/hidden`: an admin shows a hidden review again. */
export async function showProductReview(ctx: RequestContext, reviewId: unknown): Promise<void> {
  adminOnly(await ctx.actor());
  await changingCatalog(ctx, rows.showProductReview(ctx.db, key(reviewId)));
}

/**
 * `POST /api/product-reviews/{id}/helpful`: another customer found it helpful (once). A vote leaves the catalog's
 * version alone: a signed-out visitor's kept product page may show a count a few votes old until the catalog next
 * changes, rather than every vote emptying every kept page.
 */
export async function markReviewHelpful(ctx: RequestContext, reviewId: unknown): Promise<number> {
  const voter = signedIn(await ctx.actor());
  await withinLimits(ctx, "vote", voter);
  return rows.voteHelpful(ctx.db, key(reviewId), voter.id);
}
