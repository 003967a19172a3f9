import { M } from "@shared/messages";
import { DeliveryChargeQuery } from "@shared/schemas/delivery-zones";
import { CheckoutSchema } from "@shared/schemas/checkout";
import { IdempotencyKeySchema } from "@shared/schemas/order";
import { forgetCartLines, viewCart } from "../cart";
import { changingCatalog } from "../catalog";
import { signedIn } from "../context/actor";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { deliveryZones, myAddress, quoteFor, rememberAddress, type DeliveryQuote } from "../delivery";
import { conflict } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { codRefusal, insertOrderOfLines, type Order } from "../orders";

/**
 * Place order: the buyer's cart (or, for Buy It Now, the one line given) becomes one order with one delivery charge,
 * all lines or none (server/orders/sql/insert-lines-order.ts). Cash on delivery is confirmed in the same
 * transaction, where the delivery zone takes it; card and SSLCommerz are paid next, on the Pay Order page, for the
 * order's total. The cart loses the lines that were ordered.
 */
export async function checkout(ctx: RequestContext, raw: unknown, idempotencyKey?: unknown): Promise<Order> {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const input = parseInput(CheckoutSchema, raw);
  const keyOfAttempt = parseInput(IdempotencyKeySchema, idempotencyKey);
  await withinLimits(ctx, "order", buyer);
  const delivery = input.delivery ?? (await myAddress(ctx, input.addressId)).delivery;
  if (input.paymentMethod === "card" && !ctx.payments) throw conflict(M.checkout.method_not_offered);
  if (input.paymentMethod === "sslcommerz" && !ctx.gateway) throw conflict(M.checkout.method_not_offered);
  const wanted = input.only
    ? [input.only]
    : (await viewCart(ctx)).lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
  if (wanted.length === 0) throw conflict(M.checkout.empty_cart);
  const zones = await deliveryZones(ctx);
  const refusal = input.paymentMethod === "cod" ? codRefusal(zones)(delivery.district) : null;
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
      cashOnDelivery:
        input.paymentMethod === "cod"
          ? { confirmHours: ctx.codConfirmHours, now: ctx.now?.(), refusalFor: codRefusal(zones) }
          : undefined,
    }),
  );
  if (!input.only)
    await forgetCartLines(
      ctx,
      wanted.map((w) => w.productId),
    );
  if (input.saveAddress && input.delivery) await rememberAddress(ctx, input.delivery);
  return placed;
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
