import { M, type MessageCode } from "./messages";

/**
 * An order's life: placed (`unpaid`) → `paid` online, or chosen for cash on delivery (`cod`) → `shipped` →
 * `delivered`, or `returned` when the parcel comes back to the shop undelivered (the buyer refused it) and an admin
 * receives it: its stock goes back then, once, and money it received becomes refund due. An unpaid order holds its stock for ORDER_HOLD_MINUTES, a cash-on-delivery order until the shop
 * confirms it (by phone) for COD_CONFIRM_HOURS; then `expired`. Its buyer may cancel it
 * before payment, an admin any time before shipping (`cancelled`). Whether money was received is a fact of its own
 * (`paid`): a cash-on-delivery order is paid when an admin collects the cash. Money an order cannot keep (paid
 * after it was cancelled or expired, paid twice, or given up by a cancel) is `refund` due, then refunded.
 * docs/order-states.md draws it.
 */
export const ORDER_STATUSES = [
  "unpaid",
  "paid",
  "cod",
  "shipped",
  "delivered",
  "returned",
  "cancelled",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every change an order's history records (`history: [{status, at, by, reason}]`). */
export const ORDER_EVENTS = [
  "placed",
  "payment_started",
  "paid",
  "held",
  "accepted",
  "cod",
  "confirmed",
  "collected",
  "shipped",
  "delivered",
  "returned",
  "settled",
  "cancelled",
  "expired",
  "refund_due",
  "refunded",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Money received for an order that it cannot keep: due to be given back, then given back. */
export type RefundState = "due" | "refunded";

/** What can be done to an order, by its buyer or by an admin. */
export const ORDER_ACTIONS = [
  "set_delivery",
  "pay",
  "confirm_cod",
  "confirm",
  "cancel",
  "accept_payment",
  "collect_cash",
  "ship",
  "deliver",
  "receive_back",
  "refund",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What the rules need to know about an order. */
export interface OrderFacts {
  status: OrderStatus;
  buyerId: string;
  /** Money was received: a settled payment or collected cash. */
  paid: boolean;
  paymentMethod: string | null;
  hasDelivery: boolean;
  /** A gateway took money for it and holds the payment for an admin's review. */
  heldPayment: boolean;
  refund: RefundState | null;
  /** Its buyer cancelled it and no money is owed back: gone from their list (spec: cancelling deletes it). */
  hiddenFromBuyer: boolean;
  /** A cash-on-delivery order the shop has not yet confirmed (by phone), shipped or taken the cash of. */
  awaitingConfirmation: boolean;
}

export interface OrderActor {
  id: string;
  role: "user" | "admin";
}

/** Why an action is refused, in the kinds a door answers with. */
export interface Refusal {
  kind: "not_found" | "forbidden" | "conflict";
  code: MessageCode;
}

type Who = "buyer" | "buyer or admin" | "admin";

const WHO: Record<OrderAction, Who> = {
  set_delivery: "buyer",
  pay: "buyer",
  confirm_cod: "buyer",
  confirm: "admin",
  cancel: "buyer or admin",
  accept_payment: "admin",
  collect_cash: "admin",
  ship: "admin",
  deliver: "admin",
  receive_back: "admin",
  refund: "admin",
};

const NOT_YOURS: Partial<Record<OrderAction, MessageCode>> = {
  pay: M.order.not_yours_to_pay,
  cancel: M.order.not_yours_to_cancel,
};

const conflict = (code: MessageCode): Refusal => ({ kind: "conflict", code });

/** A cancelled, expired or returned order takes nothing more but a refund. */
function closedRefusal(o: OrderFacts): Refusal | null {
  if (o.status === "cancelled") return conflict(M.order.cancelled);
  if (o.status === "returned") return conflict(M.courier.order_returned);
  return o.status === "expired" ? conflict(M.order.expired) : null;
}

/** Cancelling: the buyer before any money or shipping; an admin any order not yet shipped (money becomes due back). */
function cancelRefusal(o: OrderFacts, byAdmin: boolean): Refusal | null {
  if (o.status !== "unpaid" && o.status !== "cod" && o.status !== "paid")
    return conflict(M.order.shipped_not_cancellable);
  if (byAdmin) return null;
  if (o.paid || o.status === "paid") return conflict(M.order.paid_not_cancellable);
  // Money a gateway took and held for review is the admin's to accept or refund, not lost with the order.
  return o.heldPayment ? conflict(M.order.held_not_cancellable) : null;
}

/** The state rules: why the order, as it is, cannot take the action (who asks is checked before). */
function stateRefusal(o: OrderFacts, action: OrderAction, byAdmin: boolean): Refusal | null {
  const paid = o.paid || o.status === "paid";
  if (action === "refund") return o.refund === "due" ? null : conflict(M.order.no_refund_due);
  const closed = closedRefusal(o);
  if (closed) return action === "pay" ? payRefusal(o) : closed;
  switch (action) {
    case "set_delivery":
      return o.status === "unpaid" ? null : conflict(M.order.delivery_locked);
    case "pay":
      if (paid) return conflict(M.order.already_paid);
      if (o.status !== "unpaid") return conflict(M.order.cash_on_delivery);
      return o.hasDelivery ? null : conflict(M.order.delivery_required);
    case "confirm_cod":
      if (o.status !== "unpaid") return conflict(M.order.not_placed);
      return o.hasDelivery ? null : conflict(M.order.delivery_required);
    case "confirm":
      return o.status === "cod" && o.awaitingConfirmation ? null : conflict(M.order.not_awaiting_confirmation);
    case "cancel":
      return cancelRefusal(o, byAdmin);
    case "accept_payment":
      if (o.paid) return conflict(M.order.already_paid);
      return o.heldPayment ? null : conflict(M.order.no_held_payment);
    case "collect_cash":
      if (o.paymentMethod !== "cod") return conflict(M.order.not_cash_on_delivery);
      return o.paid ? conflict(M.order.cash_already_collected) : null;
    case "ship":
      return o.status === "paid" || o.status === "cod" ? null : conflict(M.order.cannot_ship);
    case "deliver":
      return o.status === "shipped" ? null : conflict(M.order.cannot_deliver);
    case "receive_back":
      return o.status === "shipped" ? null : conflict(M.courier.cannot_receive_back);
  }
}

/**
 * Why `actor` is not the one to do `action` to the order, whatever its state. An order its buyer cancelled is gone
 * to them (unless money is owed back on it); the shop keeps it.
 */
export function actorRefusal(o: OrderFacts, actor: OrderActor, action: OrderAction): Refusal | null {
  const isBuyer = o.buyerId === actor.id;
  const isAdmin = actor.role === "admin";
  if (o.hiddenFromBuyer && !isAdmin) return { kind: "not_found", code: M.order.not_found };
  const who = WHO[action];
  const allowed = who === "buyer" ? isBuyer : who === "admin" ? isAdmin : isBuyer || isAdmin;
  if (!allowed) {
    const code = who === "admin" ? M.auth.admins_only : (NOT_YOURS[action] ?? M.order.not_yours);
    return { kind: "forbidden", code };
  }
  return null;
}

/** Why `actor` may not do `action` to the order now, or null when they may. */
export function refusal(o: OrderFacts, actor: OrderActor, action: OrderAction): Refusal | null {
  return actorRefusal(o, actor, action) ?? stateRefusal(o, action, actor.role === "admin");
}

/** Everything `actor` may do to the order now: what My Orders, Manage Orders and Pay Order offer. */
export function allowedActions(o: OrderFacts, actor: OrderActor): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => refusal(o, actor, action) === null);
}

function payRefusal(o: Pick<OrderFacts, "status" | "paid">): Refusal | null {
  if (o.status === "cancelled") return conflict(M.order.cancelled_not_payable);
  if (o.status === "expired") return conflict(M.order.expired_not_payable);
  if (o.paid || o.status === "paid") return conflict(M.order.already_paid);
  return o.status === "unpaid" ? null : conflict(M.order.cash_on_delivery);
}

/**
 * Whether a payment a provider vouches for can still make the order paid (any actor: the provider speaks). When
 * it cannot, the payment is still recorded, as refund due.
 */
export function paymentRefusal(o: Pick<OrderFacts, "status" | "paid">): Refusal | null {
  return payRefusal(o);
}

/** Why the buyer is owed money back on the order, in words they are shown on it. */
export function refundNote(o: Pick<OrderFacts, "status" | "refund" | "paid">): MessageCode | null {
  if (o.refund === null) return null;
  if (o.refund === "refunded") return M.refund.refunded;
  if (o.status === "cancelled") return o.paid ? M.refund.cancelled_after_payment : M.refund.after_cancel;
  if (o.status === "expired") return M.refund.after_expiry;
  if (o.status === "returned") return M.courier.refund_after_return;
  if (o.paid) return M.refund.paid_twice;
  return o.status === "unpaid" ? M.refund.wrong_amount : M.refund.cash_on_delivery;
}
