import { z } from "zod";
import { ORDER_STATUSES } from "@shared/order-flow";
import { poishaToTk } from "@shared/money";
import { SALES_RATE_DAYS } from "@shared/stock-ledger";
import { PAYMENT_PROVIDERS } from "../db/schema";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { Overview } from "./overview";

const day = () => z.string().meta({ format: "date", description: "A shop's day (Dhaka time), YYYY-MM-DD." });
const tk = (description: string) => z.number().meta({ description: `${description}, in Tk.` });
const countAndAmount = (what: string) =>
  z.object({ count: z.number().int().min(0), amount: tk(`What the ${what} come to`) });

/** The admins' overview as the API answers it: the page's figures, money in Tk. */
export const OverviewJson = named(
  "OverviewJson",
  z.object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    period: z.object({ first: day(), last: day() }),
    revenue: z.array(z.object({ day: day(), amount: tk("Money kept that day") })),
    orders: z.array(
      z.object({
        day: day(),
        byStatus: z.record(z.enum(ORDER_STATUSES), z.number().int().min(0)),
      }),
    ),
    top: z.array(
      z.object({
        productId: uuid().nullable().meta({ description: "Null once the product was deleted." }),
        name: z.string(),
        amount: tk("Money kept for it in the period"),
        pieces: z.number().int().min(0),
      }),
    ),
    methods: z.array(
      z.object({ provider: z.enum(PAYMENT_PROVIDERS), payments: z.number().int().min(0), amount: tk("Their sum") }),
    ),
    lowStock: z.object({
      items: z.array(
        z.object({
          _id: uuid(),
          name: z.string(),
          nameBn: z.string().nullable(),
          Availability: z.number().int(),
          line: z.number().int().meta({ description: "Below this many pieces a product is running low." }),
          sold: z
            .number()
            .int()
            .min(0)
            .meta({
              description: `Pieces orders took of it in the last ${SALES_RATE_DAYS} days, less those given back.`,
            }),
          daysLeft: z
            .number()
            .int()
            .min(0)
            .nullable()
            .meta({ description: "Days its stock lasts at that rate, rounded down; null when none sold." }),
        }),
      ),
      total: z.number().int().min(0),
      page: z.number().int().min(1),
      limit: z.number().int().min(1),
    }),
    cashToCollect: countAndAmount("cash-on-delivery orders out for delivery"),
    refundsDue: countAndAmount("refunds owed"),
    stockValue: z.object({
      pieces: z.number().int().min(0).meta({ description: "Every piece on the shelves." }),
      amount: tk("What they are worth at today's prices"),
    }),
    couriers: z.object({
      held: countAndAmount("parcels whose cash on delivery a courier collected and has not paid out"),
      fees: countAndAmount("courier payouts recorded in the period (their fees)"),
    }),
  }),
);
export type OverviewJson = z.output<typeof OverviewJson>;

export function overviewJson(o: Overview): OverviewJson {
  return {
    days: o.days,
    period: o.period,
    revenue: o.revenue.map((r) => ({ day: r.day, amount: poishaToTk(r.poisha) })),
    orders: o.orders,
    top: o.top.map((p) => ({ productId: p.productId, name: p.name, amount: poishaToTk(p.poisha), pieces: p.pieces })),
    methods: o.methods.map((m) => ({ provider: m.provider, payments: m.payments, amount: poishaToTk(m.poisha) })),
    lowStock: {
      items: o.lowStock.items.map((p) => ({
        _id: p.id,
        name: p.name,
        nameBn: p.nameBn,
        Availability: p.availability,
        line: p.line,
        sold: p.sold,
        daysLeft: p.daysLeft,
      })),
      total: o.lowStock.total,
      page: o.lowStock.page,
      limit: o.lowStock.limit,
    },
    cashToCollect: { count: o.cashToCollect.count, amount: poishaToTk(o.cashToCollect.poisha) },
    refundsDue: { count: o.refundsDue.count, amount: poishaToTk(o.refundsDue.poisha) },
    stockValue: { pieces: o.stockValue.pieces, amount: poishaToTk(o.stockValue.poisha) },
    couriers: {
      held: { count: o.couriers.held.count, amount: poishaToTk(o.couriers.held.poisha) },
      fees: { count: o.couriers.fees.count, amount: poishaToTk(o.couriers.fees.poisha) },
    },
  };
}
