import { MAX_CART_LINES } from "@shared/cart";
import { M, type Coded } from "@shared/messages";
import { perOrderLimit, QUANTITY_STEP, quantityProblem, type StockFacts } from "@shared/quantity";
import { CartItemSchema, CartQuantitySchema } from "@shared/schemas/cart";
import { isStockOut } from "@shared/stock";
import { selectShelf } from "../catalog";
import { isId } from "../orders";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { afterCommit } from "../db/after-commit";
import type { Db } from "../db/client";
import { conflict, invalid, isUniqueViolation, notFound } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { cartCookie, cartTokenHash, CART_COOKIE, clearedCartCookie, newCartToken } from "./cart-cookie";
import { storeMetrics } from "../metrics/store-metrics";
import * as rows from "./sql/cart-rows";
import type { CartLineWithProduct, CartOwner } from "./sql/cart-rows";

/** A line as the cart shows it: today's price and stock, and what changed since the buyer last set it. */
export interface CartLineView extends CartLineWithProduct {
  lineTotalPoisha: number;
  /** What stands between the line and checkout (stock, the quantity rules), or null. */
  problem: Coded | null;
  /** The price when the buyer last set the line, when it has changed since; else null. */
  priceWasPoisha: number | null;
}

export interface CartView {
  lines: CartLineView[];
  subtotalPoisha: number;
  weightGrams: number;
}

const EMPTY: CartView = { lines: [], subtotalPoisha: 0, weightGrams: 0 };

/** What is wrong with a line now, by the product's rules and stock, or null. */
function lineProblem(line: Pick<CartLineWithProduct, "quantity"> & StockFacts): Coded | null {
  if (isStockOut(line)) return { code: M.cart.stock_out };
  if (line.quantity > line.availability) return { code: M.cart.only_left, params: { left: line.availability } };
  return quantityProblem(line.quantity, line);
}

function viewOf(lines: CartLineWithProduct[]): CartView {
  const shown = lines.map((line) => ({
    ...line,
    lineTotalPoisha: line.pricePoisha * line.quantity,
    problem: lineProblem(line),
    priceWasPoisha: line.pricePoishaSeen === line.pricePoisha ? null : line.pricePoishaSeen,
  }));
  return {
    lines: shown,
    subtotalPoisha: shown.reduce((sum, l) => sum + l.lineTotalPoisha, 0),
    weightGrams: shown.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0),
  };
}

/**
 * The caller's cart: a signed-in customer's (bearer or cookie), else the guest's named by the cart cookie. A guest
 * cart that comes with a signed-in request joins the account's cart there and then (sign-in, sign-up or Google),
 * and its cookie is cleared. With `make`, a caller with no cart gets one (a guest, with a new cookie).
 */
async function cartOf(ctx: RequestContext, make: boolean): Promise<{ id: string; owner: CartOwner } | null> {
  const owner = await ownerOf(ctx);
  if (owner) {
    const id =
      make && "userId" in owner ? await rows.ensureCartId(ctx.db, owner) : await rows.findCartId(ctx.db, owner);
    if (id || !make) return id ? { id, owner } : null;
  }
  if (!make) return null;
  const token = newCartToken();
  const guest = { tokenHash: cartTokenHash(token)! };
  ctx.setCookie(cartCookie(token, ctx.cartDays, ctx.secureCookies));
  return { id: await rows.ensureCartId(ctx.db, guest), owner: guest };
}

/** Whose cart the caller's is: their account's (a guest cart they bring joins it now), the guest cookie's, or none. */
async function ownerOf(ctx: RequestContext): Promise<CartOwner | null> {
  const actor = await ctx.actor();
  const guestHash = cartTokenHash(ctx.cookie(CART_COOKIE));
  if (actor) {
    const owner = { userId: actor.id };
    if (guestHash) {
      await mergeGuestCart(ctx.db, { tokenHash: guestHash }, owner);
      ctx.setCookie(clearedCartCookie(ctx.secureCookies));
    }
    return owner;
  }
  return guestHash ? { tokenHash: guestHash } : null;
}

/** The largest quantity at or under `wanted` that the product's rules allow (never under its minimum). */
function withinRules(wanted: number, p: StockFacts): number {
  const most = perOrderLimit(p);
  if (wanted <= most) return wanted;
  const steps = Math.floor((most - p.minimumQuantity) / QUANTITY_STEP);
  return steps >= 0 ? p.minimumQuantity + steps * QUANTITY_STEP : wanted;
}

/**
 * A guest's cart into the account's: a product in both adds up, within the product's rules; lines past the cart's
 * limit are dropped, the account's own first. The guest cart is gone afterwards. One transaction.
 */
async function mergeGuestCart(db: Db, guest: CartOwner, account: CartOwner): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked: two requests that join the same guest cart at once (a page's loaders run side by side) take turns,
    // and the second finds it gone instead of adding its lines again.
    const fromId = await rows.lockCartId(tx, guest);
    if (!fromId) return;
    const incoming = await rows.selectCartLines(tx, fromId);
    if (incoming.length > 0) {
      const intoId = await rows.ensureCartId(tx, account);
      const mine = new Map((await rows.selectCartLines(tx, intoId)).map((l) => [l.variantId, l]));
      let room = MAX_CART_LINES - mine.size;
      for (const line of incoming) {
        const existing = mine.get(line.variantId);
        if (existing) {
          await rows.setLineQuantity(
            tx,
            existing.id,
            withinRules(existing.quantity + line.quantity, line),
            line.pricePoisha,
          );
        } else if (room > 0) {
          // The line keeps when it was first added: the cart's order stays the buyer's.
          await rows.insertLine(tx, intoId, line, line.quantity, line.pricePoishaSeen, line.addedAt);
          room -= 1;
        }
      }
    }
    await rows.deleteCart(tx, fromId);
    if (incoming.length > 0) afterCommit(tx, () => storeMetrics.cartChanges.inc({ change: "merge" }));
  });
}

/** The cart page, GET /api/cart and checkout: the caller's cart with today's prices and stock. */
export async function viewCart(ctx: RequestContext): Promise<CartView> {
  const owner = await ownerOf(ctx);
  return owner ? viewOf(await rows.selectCartLines(ctx.db, owner)) : EMPTY;
}

/** The navbar's count: how many lines the caller's cart has. */
export async function cartLineCount(ctx: RequestContext): Promise<number> {
  const found = await cartOf(ctx, false);
  return found ? rows.countCartLines(ctx.db, found.id) : 0;
}

/** Cart writes are counted per account, per guest cart (a guest with none yet: per address) and per address. */
const limited = (ctx: RequestContext, owner: CartOwner | null) =>
  withinLimits(ctx, "cart", {
    id: owner ? ("userId" in owner ? owner.userId : `guest:${owner.tokenHash}`) : `guest@${ctx.clientIp}`,
  });

/** Refuses a quantity the product's rules or stock do not allow now (the same words as Buy It Now's). */
function assertQuantity(quantity: number, p: StockFacts) {
  const problem = quantityProblem(quantity, p);
  if (!problem) return;
  if (problem.code === M.quantity.below_minimum || problem.code === M.quantity.off_step) {
    throw invalid(problem.code, problem.params);
  }
  throw conflict(problem.code, problem.params);
}

/**
 * Add to cart: the pieces join the product's line when it has one (the sum held to the product's rules), or make a
 * new line when the cart has room for one.
 */
export async function addToCart(ctx: RequestContext, raw: unknown): Promise<CartView> {
  const input = parseInput(CartItemSchema, raw);
  const current = await cartOf(ctx, false);
  // A customer's first add counts against their account, not against the guests of their address.
  const actor = await ctx.actor();
  await limited(ctx, current?.owner ?? (actor ? { userId: actor.id } : null));
  const found = await selectShelf(ctx.db, input.productId, input.variantId);
  const line = current ? await rows.findLineOfVariant(ctx.db, current.id, found.variantId) : null;
  const quantity = (line?.quantity ?? 0) + input.quantity;
  assertQuantity(quantity, found);
  // A cart (and a guest's cookie) is made only for a line that will go in it: a refused add leaves none behind.
  const { id: cartId } = current ?? (await cartOf(ctx, true))!;
  if (line) {
    await rows.setLineQuantity(ctx.db, line.id, quantity, found.pricePoisha);
  } else {
    if ((await rows.countCartLines(ctx.db, cartId)) >= MAX_CART_LINES) {
      throw conflict(M.cart.full, { max: MAX_CART_LINES });
    }
    try {
      await rows.insertLine(ctx.db, cartId, found, quantity, found.pricePoisha);
    } catch (err) {
      // The same variant added twice at once: the other request made the line.
      if (!isUniqueViolation(err)) throw err;
      throw conflict(M.request.changed_meanwhile);
    }
  }
  storeMetrics.cartChanges.inc({ change: "add" });
  return viewOf(await rows.selectCartLines(ctx.db, cartId));
}

/** The line of the caller's cart, or not found (another's line is not found either). */
async function lineOfMine(ctx: RequestContext, lineId: unknown) {
  const id = key(lineId);
  const found = await cartOf(ctx, false);
  if (!found || !isId(id)) throw notFound(M.cart.line_not_found);
  const line = await rows.findLine(ctx.db, found.id, id);
  if (!line) throw notFound(M.cart.line_not_found);
  return { cart: found, line };
}

/** The cart page's quantity and PATCH /api/cart/items/{id}. */
export async function changeCartLine(ctx: RequestContext, lineId: unknown, raw: unknown): Promise<CartView> {
  const { quantity } = parseInput(CartQuantitySchema, raw);
  const { cart, line } = await lineOfMine(ctx, lineId);
  await limited(ctx, cart.owner);
  const found = await selectShelf(ctx.db, line.productId, line.variantId);
  assertQuantity(quantity, found);
  await rows.setLineQuantity(ctx.db, line.id, quantity, found.pricePoisha);
  storeMetrics.cartChanges.inc({ change: "set" });
  return viewOf(await rows.selectCartLines(ctx.db, cart.id));
}

/** The cart page's Remove and DELETE /api/cart/items/{id}. */
export async function removeCartLine(ctx: RequestContext, lineId: unknown): Promise<CartView> {
  const { cart, line } = await lineOfMine(ctx, lineId);
  await limited(ctx, cart.owner);
  await rows.deleteLine(ctx.db, cart.id, line.id);
  storeMetrics.cartChanges.inc({ change: "remove" });
  return viewOf(await rows.selectCartLines(ctx.db, cart.id));
}

/**
 * Place order's cart: its lines with today's prices and stock, and its id (the order takes the lines it buys out of
 * it, in its own statement); no id when it has no lines.
 */
export async function cartToOrder(ctx: RequestContext): Promise<{ id: string | null; lines: CartLineWithProduct[] }> {
  const owner = await ownerOf(ctx);
  const lines = owner ? await rows.selectCartLines(ctx.db, owner) : [];
  return { id: lines[0]?.cartId ?? null, lines };
}

/** The store's own clock: carts nobody touched for CART_DAYS are dropped. Answers how many. */
export function dropStaleCarts(ctx: RequestContext): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  return rows.deleteCartsUntouchedSince(ctx.db, new Date(now.getTime() - ctx.cartDays * 86_400_000));
}
