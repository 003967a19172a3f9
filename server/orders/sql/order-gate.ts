import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { M } from "@shared/messages";
import { conflict, sqlStateOf, type AppError } from "../../errors";

/**
 * The gate an order passes before it takes stock: the buyer's row locked and their open orders counted, then the
 * products' rows locked in id order; answers what the buyer's open orders hold of each variant. One PL/pgSQL
 * function (server/db/migrations/0024_order_gate.sql), so that the count reads a snapshot taken after the locks
 * even when the gate is a part of a larger statement (decision 0049).
 */
export function orderGate(
  buyerId: string | Placeholder,
  maxOpenOrders: number | Placeholder,
  productIds: SQL,
  variantIds: SQL,
): SQL {
  return sql`select variant_id, held from order_gate(${buyerId}::text, ${maxOpenOrders}::integer, ${productIds}, ${variantIds})`;
}

/** A list of ids as one uuid[] value. */
export const uuidArray = (ids: readonly (string | Placeholder)[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The gate's refusals (SQLSTATE RD001 and RD002), as the store answers them; undefined for any other error. */
export function gateRefusal(err: unknown, maxOpenOrders: number): AppError | undefined {
  const state = sqlStateOf(err);
  if (state === "RD001") return conflict(M.order.account_gone);
  if (state === "RD002") return conflict(M.order.too_many_open, { max: maxOpenOrders });
  return undefined;
}
