import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { M } from "@shared/messages";
import { QUANTITY_STEP } from "@shared/quantity";
import { conflict, sqlStateOf, type AppError } from "../../errors";

/**
 * The stock an order takes, as the first step of its statement (decision 0054): the gate (the buyer's row locked
 * and their open orders counted, then the products' rows locked in id order), then every line's variant read as it
 * is now, held to its rules with what the buyer's open orders hold of it, and its stock and its product's taken.
 * One PL/pgSQL function (server/db/migrations/0026_take_stock.sql), so that what it reads and writes is read after
 * the locks even though the order's statement took its snapshot before it waited. Its rows, every line's or none:
 * position, variant_id, product_id, quantity, sku, label, name, name_bn, image, price_poisha, weight_grams,
 * availability (the variant's after), stock_out, ran_low.
 */
export function takeStock(
  buyerId: string | Placeholder,
  maxOpenOrders: number | Placeholder,
  lines: SQL | Placeholder,
  now: SQL | Placeholder,
): SQL {
  return sql`select * from take_stock(${buyerId}::text, ${maxOpenOrders}::integer, ${lines}::jsonb,
    ${QUANTITY_STEP}::integer, ${now}::timestamptz)`;
}

/** A line as take_stock reads it: the values its caller read are held against the line as it is now. */
export interface StockLine {
  position: number;
  product_id: string;
  /** Null: the product's only live variant. */
  variant_id: string | null;
  quantity: number;
  sku?: string;
  product_options?: unknown;
  variant_options?: unknown;
  price_poisha?: number;
  weight_grams?: number;
}

/** The gate's refusals (SQLSTATE RD001 and RD002), as the store answers them; undefined for any other error. */
export function gateRefusal(err: unknown, maxOpenOrders: number): AppError | undefined {
  const state = sqlStateOf(err);
  if (state === "RD001") return conflict(M.order.account_gone);
  if (state === "RD002") return conflict(M.order.too_many_open, { max: maxOpenOrders });
  return undefined;
}
