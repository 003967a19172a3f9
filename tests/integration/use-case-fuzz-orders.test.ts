import { describe } from "vitest";
import * as orders from "@server/orders/orders";
import * as refunds from "@server/payments/refunds";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { body, email, id, idempotencyKey } from "../support/fuzz/use-case-params";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { useActors } from "../support/use-case-actors";
import { aCashOnDeliveryOrderOf, aHeldPaymentOf, anOrderOf, aRefundDueOf } from "../support/use-case-scenes";

/**
 * Every use case that takes raw input, called directly (no door) by someone it lets through, with hostile raw
 * values in each parameter: it resolves, or rejects with an AppError of a 4xx kind (never a TypeError or a
 * database error), and a rejected call changes no row. The use cases that take only an actor (myProfile) or nothing
 * (popularProducts, featuredProducts, testimonials, listCategories) have no raw input to fuzz; the use-case matrix
 * calls the first kind. The lists take their query parameters raw, and are fuzzed with them. This file holds the orders' and refunds'.
 */
describe("fuzzing every use case that takes raw input (orders and refunds): it resolves or refuses with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp();
  const actors = useActors(t);
  const owner = () => actors.owner.email;

  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  const anOrder = () => anOrderOf(t, actors.owner);
  const A_PAGE = { page: "1", limit: "5" };
  const SHOP_ORDERS = {
    status: "unpaid",
    q: "example",
    from: "2020-01-01",
    to: "2099-12-31",
    sort: "oldest",
    limit: "5",
  };

  // The owner's e-mail is fuzzed as the owner (who is refused any other) and as an admin, whose hostile e-mails
  // reach the database.
  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "orders.placeOrder",                as: "owner",    scene: aProduct, params: [body((s) => ({ productId: s.productId, quantity: 20, delivery: TEST_DELIVERY })), idempotencyKey], call: (ctx, [raw, key]) => orders.placeOrder(ctx, raw, key), ignored: CALLS_COUNTED },
    { useCase: "orders.myOrder",                   as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (ctx, [orderId]) => orders.myOrder(ctx, orderId) },
    { useCase: "orders.ordersOf",                  as: "owner",                     params: [email(owner), body(() => A_PAGE)], call: (ctx, [address, raw]) => orders.ordersOf(ctx, address, raw) },
    { useCase: "orders.ordersOf",                  as: "admin",                     params: [email(owner), body(() => A_PAGE)], call: (ctx, [address, raw]) => orders.ordersOf(ctx, address, raw) },
    { useCase: "orders.myOrders",                  as: "owner",    scene: anOrder,  params: [body(() => A_PAGE)],     call: (ctx, [raw]) => orders.myOrders(ctx, raw) },
    { useCase: "orders.listAllOrders",             as: "admin",    scene: anOrder,  params: [body(() => SHOP_ORDERS)], call: (ctx, [raw]) => orders.listAllOrders(ctx, raw) },
    { useCase: "orders.orderOf",                   as: "owner",    scene: anOrder,  params: [email(owner), id((s) => s.orderId!)], call: (ctx, [address, orderId]) => orders.orderOf(ctx, address, orderId) },
    { useCase: "orders.orderOf",                   as: "admin",    scene: anOrder,  params: [email(owner), id((s) => s.orderId!)], call: (ctx, [address, orderId]) => orders.orderOf(ctx, address, orderId) },
    { useCase: "orders.cancelOrder",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (ctx, [orderId]) => orders.cancelOrder(ctx, orderId) },
    { useCase: "orders.cancelOrder",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!), body(() => ({ reason: "Ordered twice." }))], call: (ctx, [orderId, raw]) => orders.cancelOrder(ctx, orderId, raw) },
    { useCase: "orders.cancelByShop",              as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!), body(() => ({ reason: "The tool is discontinued." }))], call: (ctx, [orderId, raw]) => orders.cancelByShop(ctx, orderId, raw) },
    { useCase: "orders.orderDetail",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (ctx, [orderId]) => orders.orderDetail(ctx, orderId) },
    { useCase: "orders.orderDetail",               as: "admin",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (ctx, [orderId]) => orders.orderDetail(ctx, orderId) },
    { useCase: "refunds.refundOrder",              as: "admin",    scene: () => aRefundDueOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (ctx, [orderId]) => refunds.refundOrder(ctx, orderId) },
    { useCase: "orders.setDelivery",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!), body(() => ({ ...TEST_DELIVERY, buyerBin: "004455667-0202" }))], call: (ctx, [orderId, raw]) => orders.setDelivery(ctx, orderId, raw) },
    { useCase: "orders.chooseCashOnDelivery",      as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (ctx, [orderId]) => orders.chooseCashOnDelivery(ctx, orderId) },
    { useCase: "orders.collectCash",               as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (ctx, [orderId]) => orders.collectCash(ctx, orderId) },
    { useCase: "orders.confirmOrder",              as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (ctx, [orderId]) => orders.confirmOrder(ctx, orderId) },
    { useCase: "orders.advance",                   as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!), body(() => ({ status: "shipped" }))], call: (ctx, [orderId, raw]) => orders.advance(ctx, orderId, raw) },
    { useCase: "orders.acceptPayment",             as: "admin",    scene: () => aHeldPaymentOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (ctx, [orderId]) => orders.acceptPayment(ctx, orderId) },
  ], actors);
});
