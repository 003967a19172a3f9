import type { z } from "zod";
import { DISTRICT_NAMES } from "@shared/bangladesh";
import { M, type Coded } from "@shared/messages";
import { quantityProblem } from "@shared/quantity";
import { CartItemSchema } from "@shared/schemas/cart";
import { DeliveryChargeQuery } from "@shared/schemas/delivery-zones";
import { CheckoutSchema } from "@shared/schemas/checkout";
import { IdempotencyKeySchema } from "@shared/schemas/order";
import { cartToOrder, viewCart } from "../cart";
import { changingCatalog, selectShelf } from "../catalog";
import type { SessionUser } from "../auth/session";
import { signedIn } from "../context/actor";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import {
  deliveryZones,
  myAddress,
  myAddresses,
  quoteFor,
  rememberAddress,
  type DeliveryQuote,
  type SavedAddress,
} from "../delivery";
import { AppError, conflict, notFound } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { binToKeep, codRules, insertOrderOfLines, isId, type Order } from "../orders";
import { orderPlacedUnder } from "./sql/checkout-rows";

/**
 * Place order: the buyer's cart (or, for Buy It Now, the one line given) becomes one order with one delivery charge,
 * all lines or none (server/orders/sql/insert-lines-order.ts). Cash on delivery is confirmed in the same
 * transaction, where the delivery zone takes it; card and SSLCommerz are paid next, on the Pay Order page, for the
 * order's total — or, for cash on delivery where the zone asks for the delivery charge in advance, for that charge.
 * The cart loses the lines that were ordered, with the order.
 */
export async function checkout(ctx: RequestContext, raw: unknown, idempotencyKey?: unknown): Promise<Order> {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const input = parseInput(CheckoutSchema, raw);
  const keyOfAttempt = parseInput(IdempotencyKeySchema, idempotencyKey);
  await withinLimits(ctx, "order", buyer);
  try {
    return await placeCheckout(ctx, buyer, input, keyOfAttempt);
  } catch (err) {
    // A retry (the same key: the answer was lost, say) answers the order the first one placed rather than a refusal:
    // the cart has lost that order's lines since, or the stock or the buyer's open orders are not what they were. A
    // retry that would place an order again meets the order's unique key instead (insertOrderOfLines).
    const earlier =
      keyOfAttempt && err instanceof AppError ? await orderPlacedUnder(ctx.db, buyer.id, keyOfAttempt) : null;
    if (earlier) return earlier;
    throw err;
  }
}

async function placeCheckout(
  ctx: RequestContext,
  buyer: SessionUser,
  input: z.output<typeof CheckoutSchema>,
  keyOfAttempt: string | undefined,
): Promise<Order> {
  const delivery = input.delivery ?? (await myAddress(ctx, input.addressId)).delivery;
  if (input.paymentMethod === "card" && !ctx.payments) throw conflict(M.checkout.method_not_offered);
  if (input.paymentMethod === "sslcommerz" && !ctx.gateway) throw conflict(M.checkout.method_not_offered);
  // A malformed id names no product (the database would refuse it as a uuid): answered as Add to cart answers it.
  if (input.only && !isId(input.only.productId)) throw notFound(M.product.not_found);
  const cart = input.only ? null : await cartToOrder(ctx);
  const wanted = cart
    ? cart.lines.map(({ productOptions, variantOptions, quantity, ...shelf }) => ({
        productId: shelf.productId,
        variantId: shelf.variantId,
        quantity,
        read: { shelf, productOptions, variantOptions },
      }))
    : [input.only!];
  if (wanted.length === 0) throw conflict(M.checkout.empty_cart);
  const zones = await deliveryZones(ctx);
  const cod = codRules(zones, ctx.payments !== null || ctx.gateway !== null);
  const refusal = input.paymentMethod === "cod" ? cod.refusalFor(delivery.district) : null;
  if (refusal) throw refusal;
  const placed = await changingCatalog(
    ctx,
    insertOrderOfLines(ctx.db, wanted, buyer, {
      delivery,
      charge: (parcel) => {
        const quote = quoteFor(zones, delivery.district, parcel.weightGrams, parcel.subtotalPoisha);
        return { zone: quote.zone.id, chargePoisha: quote.chargePoisha };
      },
      maxOpenOrders: ctx.maxOpenOrders,
      holdMinutes: ctx.holdMinutes,
      now: ctx.now?.() ?? new Date(),
      idempotencyKey: keyOfAttempt,
      language: ctx.language,
      buyerBin: binToKeep(ctx.mushakRate, input.buyerBin),
      cartId: cart?.id,
      cashOnDelivery:
        input.paymentMethod === "cod"
          ? {
              confirmHours: ctx.codConfirmHours,
              now: ctx.now?.(),
              mushakRate: ctx.mushakRate,
              sendPhoneCode: ctx.phoneCodes,
              ...cod,
            }
          : undefined,
    }),
  );
  if (input.saveAddress && input.delivery && !placed.replayed) await rememberAddress(ctx, input.delivery);
  return placed.order;
}

/**
 * GET /api/delivery-charge and the cart's estimate: what delivery to a district costs for a parcel of `weight`
 * grams, or else for the caller's cart (its weight, and its subtotal for free delivery).
 */
export async function quoteDelivery(ctx: RequestContext, raw: unknown): Promise<DeliveryQuote> {
  const { district, weight } = parseInput(DeliveryChargeQuery, raw);
  const parcel =
    weight === undefined
      ? await viewCart(ctx).then((cart) => ({ weightGrams: cart.weightGrams, subtotalPoisha: cart.subtotalPoisha }))
      : { weightGrams: weight, subtotalPoisha: 0 };
  return quoteFor(await deliveryZones(ctx), district, parcel.weightGrams, parcel.subtotalPoisha);
}

const isDistrict = (name: string) => DISTRICT_NAMES.has(name);

/** A line of the checkout page: the variant as it is now, the pieces asked, and what stands in their way. */
export interface CheckoutLine {
  productId: string;
  variantId: string;
  /** The variant's values, "12 mm · 300 mm"; null for a product without options. */
  label: string | null;
  name: string;
  nameBn: string | null;
  image: string;
  pricePoisha: number;
  quantity: number;
  weightGrams: number;
  problem: Coded | null;
}

/** What the checkout page shows before Place order: the goods, the charge for a district, and the ways to pay. */
export interface CheckoutSummary {
  lines: CheckoutLine[];
  subtotalPoisha: number;
  weightGrams: number;
  quote: DeliveryQuote | null;
  /** `codAdvance`: cash on delivery there pays the delivery charge online first, after Place order. */
  methods: { card: boolean; sslcommerz: boolean; cod: boolean; codAdvance: boolean };
  addresses: SavedAddress[];
}

/**
 * The checkout page: the buyer's cart, or with `only` (Buy It Now) that one line; the delivery charge for `district`
 * (else the default address's); whether cash on delivery is taken there; the buyer's saved addresses.
 */
export async function checkoutSummary(
  ctx: RequestContext,
  { district, only }: { district?: string | null | undefined; only?: unknown },
): Promise<CheckoutSummary> {
  const addresses = await myAddresses(ctx);
  let lines: CheckoutLine[];
  if (only === undefined) {
    lines = (await viewCart(ctx)).lines.map((l) => ({ ...l, problem: l.problem }));
  } else {
    const wanted = parseInput(CartItemSchema, only);
    const shelf = await selectShelf(ctx.db, wanted.productId, wanted.variantId);
    lines = [{ ...shelf, quantity: wanted.quantity, problem: quantityProblem(wanted.quantity, shelf) }];
  }
  const subtotalPoisha = lines.reduce((sum, l) => sum + l.pricePoisha * l.quantity, 0);
  const weightGrams = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const where = district || addresses[0]?.delivery.district;
  const zones = await deliveryZones(ctx);
  const quote = where && isDistrict(where) ? quoteFor(zones, where, weightGrams, subtotalPoisha) : null;
  const cod = codRules(zones, ctx.payments !== null || ctx.gateway !== null);
  return {
    lines: lines.map(
      ({ productId, variantId, label, name, nameBn, image, pricePoisha, quantity, weightGrams, problem }) => ({
        productId,
        variantId,
        label,
        name,
        nameBn,
        image,
        pricePoisha,
        quantity,
        weightGrams,
        problem,
      }),
    ),
    subtotalPoisha,
    weightGrams,
    quote,
    methods: {
      card: ctx.payments !== null,
      sslcommerz: ctx.gateway !== null,
      cod: quote && where ? cod.refusalFor(where) === null : true,
      codAdvance: quote !== null && where !== undefined && quote.chargePoisha > 0 && cod.advanceIn(where),
    },
    addresses,
  };
}
