import { z } from "zod";
import { ORDER_EVENTS, ORDER_STATUSES } from "@shared/order-flow";
import { poishaToTk } from "@shared/money";
import { basisPointsToPercent, formatMushakSerial, vatIncluded } from "@shared/mushak";
import type { OrderEventRow } from "../db/schema";
import { count, dateTime, uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import { DeliveryJson } from "../delivery";
import type { Order } from "./sql/order-rows";
import type { OrderLine } from "./sql/order-lines";
import type { MushakRecord } from "./sql/mushak-serials";

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

/** One product of an order, as it was bought (money in Tk). */
export const OrderItemJson = named(
  "OrderItemJson",
  z.object({
    productId: uuid().nullable().meta({ description: "Null once the product was deleted." }),
    variantId: uuid().nullable().meta({ description: "The variant bought; null once the product was deleted." }),
    sku: z.string().nullable().meta({ description: "The variant's SKU when it was bought." }),
    variant: z.string().nullable().meta({ description: 'Its option values, "12 mm · 300 mm"; null without options.' }),
    name: z.string(),
    nameBn: z.string().nullable().meta({ description: "The product's Bangla name when it was bought, if it had one." }),
    image: z.string(),
    price: z.number().meta({ description: "Price of one piece in Tk when the order was placed." }),
    quantity: z.number().int(),
    weight: z.number().int().meta({ description: "Grams one piece weighed when the order was placed." }),
  }),
);
export type OrderItemJson = z.output<typeof OrderItemJson>;

/** The Mushak-6.3 (VAT invoice) a VAT-registered shop issued with the order's invoice. */
export const MushakJson = named(
  "MushakJson",
  z.object({
    serial: z.string().meta({
      description: "The financial year (July to June, Bangladesh time) and the serial in it.",
      example: "2026-27/000042",
    }),
    issuedAt: dateTime(),
    rate: z.number().meta({ description: "The VAT rate it was issued at, in percent; the shop's prices include it." }),
    vat: z.number().meta({
      description: "The VAT inside the order's total in Tk: total × rate / (100 + rate), to the poisha.",
    }),
  }),
);

/**
 * Spec §3 Order, with its state (money in Tk). `productName`, `image`, `price` and `quantity` are its first line's;
 * `items` are all of its lines, `paybleAmount` the goods' total, `total` what a payment takes.
 */
export const OrderJson = named(
  "OrderJson",
  z.object({
    _id: uuid(),
    buyerEmail: z.string(),
    buyerName: z.string(),
    productId: uuid().nullable().meta({ description: "The first line's product; null once it was deleted." }),
    productName: z.string().meta({ description: "The first line's product name." }),
    image: z.string().meta({ description: "The first line's image." }),
    price: z.number().meta({ description: "Price of one piece of the first line in Tk when the order was placed." }),
    quantity: z.number().int().meta({ description: "Pieces of the first line." }),
    paybleAmount: z.number().meta({
      description: "What the goods cost in Tk, every line together (the spec's spelling); without the delivery charge.",
    }),
    items: z.array(OrderItemJson).meta({ description: "Every line of the order, the first one first." }),
    deliveryCharge: z.number().meta({ description: "What the delivery costs in Tk, reckoned when it was placed." }),
    total: z.number().meta({ description: "What a payment of the order takes in Tk: the goods and the delivery." }),
    advance: z
      .number()
      .optional()
      .meta({
        description:
          "Only on cash on delivery whose zone asks for the delivery charge in advance: that charge in Tk, paid " +
          "online first. While the order is unpaid, a payment takes this, and the courier collects the rest " +
          "(`total - advance`). Absent on every other order, whose payment takes `total`.",
      }),
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
    buyerBin: z
      .string()
      .nullable()
      .meta({
        description:
          "The buyer's own BIN, given when the order was placed (`POST /api/checkout`, `POST /api/order`) for a " +
          "Mushak-6.3 in their business's name; null without one, or when the shop is not VAT-registered.",
      }),
    mushak: MushakJson.nullable().meta({
      description: "Its Mushak-6.3, issued with the invoice number when the shop is VAT-registered; else null.",
    }),
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
  z.object({
    modifiedCount: count("1 when the choice was recorded."),
    status: z.enum(["cod", "unpaid"]).meta({
      description:
        "`cod`: chosen, waiting for the shop's confirmation. `unpaid`: the zone asks for the delivery charge first; " +
        "pay the order's `advance` online, and the order becomes `cod`, confirmed.",
    }),
  }),
);
export const PaymentRecorded = named(
  "PaymentRecorded",
  z.object({ modifiedCount: count("1 when the payment was recorded."), transactionId: z.string() }),
);

/** The spec's wire names (`_id`, `paybleAmount`) of an order and its history live here. */
export function orderEventJson(e: OrderEventRow): OrderEventJson {
  return { status: e.status, at: e.at.toISOString(), by: e.by, reason: e.reason };
}

export function orderItemJson(line: OrderLine): OrderItemJson {
  return {
    productId: line.productId,
    variantId: line.variantId,
    sku: line.sku,
    variant: line.variantLabel,
    name: line.name,
    nameBn: line.nameBn,
    image: line.image,
    price: poishaToTk(line.pricePoisha),
    quantity: line.quantity,
    weight: line.weightGrams,
  };
}

export function orderJson(
  o: Order,
  history: OrderEventRow[] = [],
  lines: OrderLine[] = [],
  mushak: MushakRecord | null = null,
): OrderJson {
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
    items: lines.map(orderItemJson),
    deliveryCharge: poishaToTk(o.deliveryChargePoisha),
    total: poishaToTk(o.totalPoisha),
    ...(o.advancePoisha > 0 ? { advance: poishaToTk(o.advancePoisha) } : {}),
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
    buyerBin: o.buyerBin,
    mushak: mushak && {
      serial: formatMushakSerial(mushak.fiscalYear, mushak.serial),
      issuedAt: mushak.issuedAt.toISOString(),
      rate: basisPointsToPercent(mushak.rateBasisPoints),
      vat: poishaToTk(vatIncluded(o.totalPoisha, mushak.rateBasisPoints)),
    },
    history: history.map(orderEventJson),
  };
}
