import { allowedActions, type OrderAction } from "@shared/order-flow";
import { DeliveryChangeSchema } from "@shared/schemas/delivery-change";
import { ReceiveBackSchema } from "@shared/schemas/receive-back";
import { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from "@shared/list-page";
import { BuyerOrderListQuery, OrderListQuery } from "@shared/schemas/order-list";
import type { OrderTabCounts } from "@shared/list-choices";
import { CancelSchema, IdempotencyKeySchema, OrderSchema, OrderStatusSchema } from "@shared/schemas/order";
import { cancelReturningStock } from "./sql/cancel-returning-stock";
import { receiveBackReturningStock } from "./sql/receive-back";
import {
  advanceOrder,
  markCashCollected,
  confirmByShop,
  confirmCashOnDelivery,
  updateDelivery,
} from "./sql/order-steps";
import { selectHistories } from "./sql/order-history";
import { selectLines, type OrderLine } from "./sql/order-lines";
import { noOutcomes, outcomesOf, type Outcomes } from "./sql/order-outcomes";
import { keptTabCounts } from "./kept-tab-counts";
import { buyerOrders, shopOrders, type OrderStart } from "./sql/order-lists";
import * as orders from "./sql/order-rows";
import { acceptHeldPayment } from "../payments";
import { insertOrderTakingStock } from "./sql/insert-order";
import { getUserByEmail } from "../accounts";
import { adminOnly, selfOrAdmin, signedIn, type Actor } from "../context/actor";
import { changingCatalog } from "../catalog";
import type { OrderEventRow } from "../db/schema";
import { withinLimits } from "../limits/within-limits";
import { offsetPage } from "../paging/offset-page";
import { orderCursor, readOrderCursor } from "./order-cursor";
import { key, parseInput } from "../context/parse";
import { cancelAttempts } from "../payments";
import type { RequestContext } from "../context/request-context";
import { deliveryZones, quoteFor } from "../delivery";
import { binToKeep } from "./buyer-bin";
import { codRules } from "./cod-rules";

export type { Order } from "./sql/order-rows";
export type { OrderLine };
export type { OrderAction };

/**
 * Buy It Now and POST /api/order: the buyer is the actor; a repeated idempotency key answers the first order.
 * Orders hold stock until they are paid or cancelled, so each account and each address may place only so many.
 */
export async function placeOrder(ctx: RequestContext, raw: unknown, idempotencyKey?: unknown) {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const input = parseInput(OrderSchema, raw);
  const keyOfAttempt = parseInput(IdempotencyKeySchema, idempotencyKey);
  await withinLimits(ctx, "order", buyer);
  const options = {
    maxOpenOrders: ctx.maxOpenOrders,
    holdMinutes: ctx.holdMinutes,
    now: ctx.now?.(),
    idempotencyKey: keyOfAttempt,
    language: ctx.language,
    buyerBin: binToKeep(ctx.mushakRate, input.buyerBin),
  };
  return changingCatalog(ctx, insertOrderTakingStock(ctx.db, input, buyer, options));
}

/** The histories of orders the actor has been shown, oldest change first (one query for the lot). */
export function historiesOf(ctx: RequestContext, shown: orders.Order[]) {
  return selectHistories(
    ctx.db,
    shown.map((o) => o.id),
  );
}

/** The lines of orders the actor has been shown, each order's first line first (one query for the lot). */
export function linesOf(ctx: RequestContext, shown: orders.Order[]) {
  return selectLines(
    ctx.db,
    shown.map((o) => o.id),
  );
}

/** An order with what the actor may do to it now (shared/order-flow.ts). */
export interface OrderWithActions {
  order: orders.Order;
  actions: OrderAction[];
  heldPayment: boolean;
  /** For an admin, of an order awaiting the shop's confirmation: how its buyer's other orders ended. */
  record?: BuyerRecord;
}

/**
 * What the shop weighs before confirming a cash-on-delivery order: the outcomes of the buyer's other orders (by
 * account) and of the other orders to its delivery phone (any account); `open` leaves out the order itself.
 */
export interface BuyerRecord {
  account: Outcomes;
  phone: Outcomes | null;
}

const awaitingConfirmation = (o: orders.Order) => o.status === "cod" && o.confirmedAt === null;

/** The orders' buyer records, for those of them awaiting the shop's confirmation (one query for the lot). */
async function recordsOf(ctx: RequestContext, shown: orders.Order[]): Promise<Map<string, BuyerRecord>> {
  const awaiting = shown.filter(awaitingConfirmation);
  const records = new Map<string, BuyerRecord>();
  if (awaiting.length === 0) return records;
  const phoneOf = (o: orders.Order) => o.delivery?.phone ?? null;
  const found = await outcomesOf(ctx.db, {
    buyerIds: awaiting.map((o) => o.buyerId),
    phones: awaiting.map(phoneOf).filter((p) => p !== null),
  });
  // The order itself is one of its buyer's and its phone's open orders.
  const others = (n: Outcomes | undefined): Outcomes => {
    const all = n ?? noOutcomes();
    return { ...all, open: Math.max(0, all.open - 1) };
  };
  for (const o of awaiting) {
    const phone = phoneOf(o);
    records.set(o.id, {
      account: others(found.buyers.get(o.buyerId)),
      phone: phone === null ? null : others(found.phones.get(phone)),
    });
  }
  return records;
}

function withActions(order: orders.Order, heldPayment: boolean, actor: NonNullable<Actor>): OrderWithActions {
  const facts = orders.orderFacts(order, heldPayment);
  return { order, actions: allowedActions(facts, actor), heldPayment: facts.heldPayment };
}

/** A page of the shop's orders (Manage Orders, `GET /api/order`), with what it takes to show its tabs and links. */
export interface ShopOrdersPage {
  items: OrderWithActions[];
  /** Orders in the tab for the search and dates: X-Total-Count. */
  total: number;
  /** Every tab's count for the search and dates. */
  counts: OrderTabCounts;
  limit: number;
  /** Orders before this page: its first serial number is offset + 1. */
  offset: number;
  /** Cursors of the pages either side, when there are any. */
  next?: string;
  prev?: string;
}

/** Midnight starting a day in Dhaka (UTC+6 all year): the shop's days, whoever asks. */
const dhakaMidnight = (day: string) => new Date(`${day}T00:00:00+06:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every order, cancelled ones included: the admin's record of the shop, a page at a time. A tab (a status, or
 * refund due), a search, a range of days and a sort narrow it; the page is a number (within MAX_OFFSET_ITEMS) or,
 * past the first, the cursor of the page before it. `defaultLimit`: the screen's 20, the API's 100.
 */
export async function listAllOrders(
  ctx: RequestContext,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<ShopOrdersPage> {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  const input = parseInput(OrderListQuery, raw);
  const sort = input.sort ?? "newest";
  const limit = input.limit ?? defaultLimit;
  const filters = {
    q: input.q,
    from: input.from ? dhakaMidnight(input.from) : undefined,
    until: input.to ? new Date(dhakaMidnight(input.to).getTime() + DAY_MS) : undefined,
  };
  const cursor = input.cursor ? readOrderCursor(input.cursor, sort) : undefined;
  const numbered = cursor ? undefined : offsetPage(input, defaultLimit).offset;
  const start: OrderStart =
    numbered !== undefined
      ? { offset: numbered }
      : cursor!.direction === "after"
        ? { after: cursor!.position }
        : { before: cursor!.position };
  const [slice, counts] = await Promise.all([
    shopOrders(ctx.db, { ...filters, tab: input.status, sort, limit, start }),
    keptTabCounts(ctx.db, filters),
  ]);
  // A page read backward ends where the page after it began, and starts the list when nothing is left before it.
  const backward = cursor?.direction === "before";
  const offset =
    numbered ?? (!backward ? cursor!.offset : slice.more ? Math.max(0, cursor!.offset - slice.items.length) : 0);
  const hasNext = backward ? slice.items.length > 0 : slice.more;
  const hasPrev = backward ? slice.more : offset > 0 || cursor !== undefined;
  const [held, records] = await Promise.all([
    orders.ordersWithHeldPayments(ctx.db, slice.items),
    recordsOf(ctx, slice.items),
  ]);
  return {
    items: slice.items.map((o) => ({ ...withActions(o, held.has(o.id), admin), record: records.get(o.id) })),
    total: input.status ? counts[input.status] : counts.all,
    counts,
    limit,
    offset,
    next:
      hasNext && slice.last
        ? orderCursor(sort, { direction: "after", position: slice.last, offset: offset + slice.items.length })
        : undefined,
    prev:
      hasPrev && slice.first ? orderCursor(sort, { direction: "before", position: slice.first, offset }) : undefined,
  };
}

/** My Orders: the actor's own orders, newest first, 20 a page; those they cancelled no longer listed. */
export async function myOrders(ctx: RequestContext, raw: unknown = {}): Promise<Page<OrderWithActions>> {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const input = parseInput(BuyerOrderListQuery, raw);
  const { page, limit, offset } = offsetPage(input, PAGE_SIZE);
  const { items, total } = await buyerOrders(ctx.db, buyer.id, { offset, limit });
  const held = await orders.ordersWithHeldPayments(ctx.db, items);
  return { items: items.map((o) => withActions(o, held.has(o.id), buyer)), total, page, limit };
}

/** An order with every line of it, the first one first: the pages that show what was bought (Pay Order). */
export interface OrderWithLines extends OrderWithActions {
  lines: OrderLine[];
}

/** An order with its lines and its history: the order view, the invoice. */
export interface OrderDetail extends OrderWithLines {
  history: OrderEventRow[];
}

/**
 * The order view (/dashboard/order/{id}): the buyer's own order (not one they cancelled themselves, unless money
 * is owed back on it), or any order for an admin; with every line of it, what the actor may do to it and its whole
 * history.
 */
export async function orderDetail(ctx: RequestContext, orderId: unknown): Promise<OrderDetail> {
  const actor = await ctx.actor();
  const viewer = signedIn(actor);
  const order =
    viewer.role === "admin"
      ? await orders.getAnyOrder(ctx.db, key(orderId))
      : await orders.getOrderOf(ctx.db, viewer.id, key(orderId));
  const [held, histories, lines, records] = await Promise.all([
    orders.hasHeldPayment(ctx.db, order.id),
    selectHistories(ctx.db, [order.id]),
    selectLines(ctx.db, [order.id]),
    viewer.role === "admin" ? recordsOf(ctx, [order]) : new Map<string, BuyerRecord>(),
  ]);
  const record = records.get(order.id);
  return {
    ...withActions(order, held, viewer),
    lines: lines.get(order.id) ?? [],
    history: histories.get(order.id) ?? [],
    ...(record ? { record } : {}),
  };
}

/** Pay Order: one of the actor's own orders, with every line of it. */
export async function myOrder(ctx: RequestContext, orderId: unknown): Promise<OrderWithLines> {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const order = await orders.getOrderOf(ctx.db, buyer.id, key(orderId));
  const [held, lines] = await Promise.all([orders.hasHeldPayment(ctx.db, order.id), selectLines(ctx.db, [order.id])]);
  return { ...withActions(order, held, buyer), lines: lines.get(order.id) ?? [] };
}

/** GET /api/order/{email}: a page of an account's orders as its owner sees them, for its owner or an admin. */
export async function ordersOf(
  ctx: RequestContext,
  email: unknown,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<orders.Order>> {
  const actor = await ctx.actor();
  selfOrAdmin(actor, key(email));
  const buyer = await getUserByEmail(ctx.db, key(email));
  const input = parseInput(BuyerOrderListQuery, raw);
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  const { items, total } = await buyerOrders(ctx.db, buyer.id, { offset, limit });
  return { items, total, page, limit };
}

export async function orderOf(ctx: RequestContext, email: unknown, orderId: unknown) {
  const actor = await ctx.actor();
  selfOrAdmin(actor, key(email));
  const buyer = await getUserByEmail(ctx.db, key(email));
  return orders.getOrderOf(ctx.db, buyer.id, key(orderId));
}

/**
 * The order's buyer (before payment or shipping) or an admin (before shipping, with an optional reason); its
 * pieces go back to stock, money it took becomes refund due, and payments started for it are cancelled.
 */
export async function cancelOrder(ctx: RequestContext, orderId: unknown, raw?: unknown) {
  const actor = await ctx.actor();
  const canceller = signedIn(actor);
  const { reason } = parseInput(CancelSchema, raw ?? {});
  const cancelled = await changingCatalog(ctx, cancelReturningStock(ctx.db, canceller, key(orderId), reason ?? null));
  // A paid order's payment completed; an unpaid one's may still be open at its provider.
  if (cancelled.transactionId === null) await cancelAttempts(ctx, await orders.attemptsOf(ctx.db, cancelled.id));
  return cancelled;
}

/** Manage Orders' and the order view's Cancel: the shop's own cancel, with a reason the buyer is shown. */
export async function cancelByShop(ctx: RequestContext, orderId: unknown, raw?: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  return cancelOrder(ctx, orderId, raw);
}

/**
 * The Pay Order page's delivery details and PUT /api/order/{id}/delivery. An order placed at checkout is charged
 * for its new district's zone, for the same goods. A `buyerBin` sent is kept as checkout keeps it (binToKeep: not by
 * a shop that is not VAT-registered); an empty one takes the order's away; none sent leaves it as it is.
 */
export async function setDelivery(ctx: RequestContext, orderId: unknown, raw: unknown) {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const { buyerBin: sent, ...delivery } = parseInput(DeliveryChangeSchema, raw);
  const buyerBin = sent === undefined ? undefined : binToKeep(ctx.mushakRate, sent || undefined);
  const zones = await deliveryZones(ctx);
  return updateDelivery(ctx.db, buyer, key(orderId), { delivery, buyerBin }, (district, parcel) => {
    const quote = quoteFor(zones, district, parcel.weightGrams, parcel.subtotalPoisha);
    return { zone: quote.zone.id, chargePoisha: quote.chargePoisha };
  });
}

export async function chooseCashOnDelivery(ctx: RequestContext, orderId: unknown) {
  const actor = await ctx.actor();
  const zones = await deliveryZones(ctx);
  const cod = codRules(zones, ctx.payments !== null || ctx.gateway !== null);
  const options = {
    confirmHours: ctx.codConfirmHours,
    now: ctx.now?.(),
    mushakRate: ctx.mushakRate,
    sendPhoneCode: ctx.phoneCodes,
    ...cod,
  };
  return confirmCashOnDelivery(ctx.db, signedIn(actor), key(orderId), options);
}

/** Manage Orders' Confirm: the shop has called the buyer of a cash-on-delivery order and will send it. */
export async function confirmOrder(ctx: RequestContext, orderId: unknown) {
  const actor = await ctx.actor();
  return confirmByShop(ctx.db, adminOnly(actor), key(orderId), ctx.now?.());
}

/**
 * The order view's "Parcel received back" and `POST /api/order/{id}/returned`: a shipped parcel came back, whole
 * (undelivered: its stock returns once and money it took becomes refund due) or in part (only the pieces back
 * return, and the order is delivered).
 */
export async function receiveBack(ctx: RequestContext, orderId: unknown, raw: unknown = {}) {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  const { piecesBack } = parseInput(ReceiveBackSchema, raw ?? {});
  await withinLimits(ctx, "courier", admin);
  return changingCatalog(ctx, receiveBackReturningStock(ctx.db, admin, key(orderId), piecesBack ?? null, ctx.now?.()));
}

/** Manage Orders' Pay Bill: the cash of a cash-on-delivery order, received. */
export async function collectCash(ctx: RequestContext, orderId: unknown) {
  const actor = await ctx.actor();
  return markCashCollected(ctx.db, adminOnly(actor), key(orderId));
}

/** Manage Orders' next step: shipped, then delivered. */
export async function advance(ctx: RequestContext, orderId: unknown, raw: unknown) {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  const { status } = parseInput(OrderStatusSchema, raw);
  return advanceOrder(ctx.db, admin, key(orderId), status);
}

/** Manage Orders: a payment the gateway held as risky, accepted. */
export async function acceptPayment(ctx: RequestContext, orderId: unknown) {
  const actor = await ctx.actor();
  return acceptHeldPayment(ctx.db, adminOnly(actor), key(orderId), ctx.mushakRate);
}
