import { z } from "zod";
import { ORDER_EVENTS, ORDER_STATUSES } from "@shared/order-flow";
import { poishaToTk } from "@shared/money";
import type { OrderEventRow } from "../db/schema";
import { count, dateTime, uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { Order } from "./sql/order-rows";

/** One change of an order: what it became, when, by whom (`buyer`, `admin`, `store`, or a payment provider), why. */
export const OrderEventJson = z.object({
  status: z.enum(ORDER_EVENTS),
  at: dateTime(),
  by: z.string().meta({
    description: "Who: `buyer`, `admin`, `store` (the clock) or a payment provider (`stripe`, `sslcommerz`, `test`).",
  }),
  reason: z.string().nullable().meta({ description: "Why, when it was said: a person's words or a message code." }),
});
export type OrderEventJson = z.output<typeof OrderEventJson>;

/** Where an order goes (Bangladeshi mobile number, division and district from the real lists). */
export const DeliveryJson = named(
  "DeliveryJson",
  z.object({
    name: z.string(),
    phone: z.string().meta({ description: "Bangladeshi mobile number, 01XXXXXXXXX." }),
    division: z.string(),
    district: z.string(),
    address: z.string(),
  }),
);
export type DeliveryJson = z.output<typeof DeliveryJson>;

/** Spec §3 Order, with the product it was for and its state (money in Tk). */
export const OrderJson = named(
  "OrderJson",
  z.object({
    _id: uuid(),
    buyerEmail: z.string(),
    buyerName: z.string(),
    productId: uuid().nullable().meta({ description: "Null once the product was deleted." }),
    productName: z.string(),
    image: z.string(),
    price: z.number().meta({ description: "Price of one piece in Tk when the order was placed." }),
    quantity: z.number().int(),
    paybleAmount: z.number().meta({ description: "What the order costs in Tk (the spec's spelling)." }),
    paid: z.boolean().meta({ description: "Whether the money was received." }),
    status: z.enum(ORDER_STATUSES),
    transactionId: z.string().nullable(),
    paymentMethod: z.string().nullable().meta({ description: "A payment provider's name, or `cod`." }),
    delivery: DeliveryJson.nullable(),
    createdAt: dateTime(),
    expiresAt: dateTime()
      .nullable()
      .meta({
        description:
          "When an open order's hold on its stock runs out and it expires: unpaid (ORDER_HOLD_MINUTES), or cash on " +
          "delivery awaiting the shop's confirmation (COD_CONFIRM_HOURS).",
      }),
    awaitingConfirmation: z.boolean().meta({
      description: "A cash-on-delivery order the shop has not yet confirmed (by phone), shipped or taken the cash of.",
    }),
    refund: z
      .enum(["due", "refunded"])
      .nullable()
      .meta({ description: "Money the order received and cannot keep: due to be refunded, then refunded." }),
    cancelReason: z.string().nullable().meta({ description: "Why it was cancelled, when the canceller said." }),
    history: z.array(OrderEventJson).meta({ description: "Every change of the order, oldest first." }),
  }),
);
export type OrderJson = z.output<typeof OrderJson>;
export type OrderState = OrderJson["status"];
export const OrderList = named("OrderList", z.array(OrderJson));

/** The small answers of the order calls. */
export const OrderRefunded = named(
  "OrderRefunded",
  z.object({ modifiedCount: count("1 when this call gave money back."), refund: z.literal("refunded") }),
);
export const OrderPaid = named(
  "OrderPaid",
  z.object({
    modifiedCount: count("1 when this call made the order paid, 0 when it already was."),
    paid: z.literal(true),
    transactionId: z.string(),
  }),
);
export const CashOnDelivery = named(
  "CashOnDelivery",
  z.object({ modifiedCount: count("1 when the order was confirmed."), status: z.literal("cod") }),
);
export const PaymentRecorded = named(
  "PaymentRecorded",
  z.object({ modifiedCount: count("1 when the payment was recorded."), transactionId: z.string() }),
);

/** The spec's wire names (`_id`, `paybleAmount`) of an order and its history live here. */
export function orderEventJson(e: OrderEventRow): OrderEventJson {
  return { status: e.status, at: e.at.toISOString(), by: e.by, reason: e.reason };
}

export function orderJson(o: Order, history: OrderEventRow[] = []): OrderJson {
  const awaiting = o.status === "cod" && o.confirmedAt === null;
  return {
    _id: o.id,
    buyerEmail: o.buyerEmail,
    buyerName: o.buyerName,
    productId: o.productId,
    productName: o.productName,
    image: o.image,
    price: poishaToTk(o.pricePoisha),
    quantity: o.quantity,
    paybleAmount: poishaToTk(o.payablePoisha),
    paid: o.transactionId !== null,
    status: o.status,
    transactionId: o.transactionId,
    paymentMethod: o.paymentMethod,
    delivery: o.delivery,
    createdAt: o.createdAt.toISOString(),
    expiresAt:
      o.status === "unpaid" || o.status === "expired" || awaiting ? (o.expiresAt?.toISOString() ?? null) : null,
    awaitingConfirmation: awaiting,
    refund: o.refund,
    cancelReason: o.cancelReason,
    history: history.map(orderEventJson),
  };
}
