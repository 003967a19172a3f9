import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { M } from "@shared/messages";
import type { OrderInput } from "@shared/schemas/order";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, product } from "../db/schema";
import { AppError, conflict, invalid, isUniqueViolation, notFound } from "../errors";
import { isId, type Order } from "./orders";

export interface PlacedOrder {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

/**
 * Buys `quantity` pieces of a product in one statement: a guarded decrement of its stock (never below zero, never
 * under the product's minimum order) and the order row with a snapshot of the product. One statement holds the
 * product's row lock for no longer than it runs, so orders for a popular product queue as briefly as they can.
 * With an idempotency key, a retried request gets the order the first one made instead of buying twice.
 */
export async function placeOrder(
  db: Db,
  input: OrderInput,
  buyer: SessionUser,
  idempotencyKey?: string,
): Promise<PlacedOrder> {
  if (!isId(input.productId)) throw notFound(M.product.not_found);
  try {
    const id = await takeAndRecord(db, input, buyer, idempotencyKey);
    if (!id) throw await whyNot(db, input);
    const [placed] = await db.select().from(order).where(eq(order.id, id));
    return { order: placed!, replayed: false };
  } catch (err) {
    // A retry whose order exists already: the unique index refused a second one (its stock came back with the
    // refused statement), or the first took the last pieces, or the product went since. It answers with the order
    // rather than with a refusal of an order that was placed.
    if (idempotencyKey && (isUniqueViolation(err) || err instanceof AppError)) {
      const earlier = await findByKey(db, buyer.id, idempotencyKey);
      if (earlier) return replay(earlier, input);
    }
    throw err;
  }
}

const col = (column: AnyPgColumn) => sql.identifier(column.name);

/** The order's id, or undefined when the guarded decrement took nothing. */
async function takeAndRecord(db: Db, input: OrderInput, buyer: SessionUser, idempotencyKey?: string) {
  // Both drivers (node-postgres and PGlite) answer with { rows }.
  const result = (await db.execute(sql`
    with taken as (
      update ${product}
      set ${col(product.availability)} = ${col(product.availability)} - ${input.quantity}::integer,
          ${col(product.updatedAt)} = now()
      where ${product.id} = ${input.productId}::uuid
        and ${product.availability} >= ${input.quantity}::integer
        and ${product.minimumQuantity} <= ${input.quantity}::integer
      returning ${col(product.id)}, ${col(product.name)}, ${col(product.image)}, ${col(product.pricePoisha)}
    )
    insert into ${order} (${sql.join(
      [
        order.buyerId,
        order.buyerEmail,
        order.buyerName,
        order.productId,
        order.productName,
        order.image,
        order.pricePoisha,
        order.quantity,
        order.payablePoisha,
        order.idempotencyKey,
        order.delivery,
      ].map(col),
      sql`, `,
    )})
    select ${buyer.id}::text, ${buyer.email}::text, ${buyer.name}::text, id, name, image, price_poisha,
      ${input.quantity}::integer, price_poisha::bigint * ${input.quantity}::bigint, ${idempotencyKey ?? null}::text,
      ${input.delivery ? JSON.stringify(input.delivery) : null}::jsonb
    from taken
    returning ${col(order.id)}`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id;
}

async function findByKey(db: Db, buyerId: string, key: string): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.buyerId, buyerId), eq(order.idempotencyKey, key)));
  return row;
}

function replay(earlier: Order, input: OrderInput): PlacedOrder {
  if (earlier.productId !== input.productId || earlier.quantity !== input.quantity) {
    throw conflict(M.order.idempotency_key_reused);
  }
  return { order: earlier, replayed: true };
}

/** Why the guarded decrement took nothing. */
async function whyNot(db: Db, input: OrderInput) {
  const [current] = await db.select().from(product).where(eq(product.id, input.productId));
  if (!current) return notFound(M.product.not_found);
  if (input.quantity < current.minimumQuantity)
    return invalid(M.quantity.below_minimum, { min: current.minimumQuantity });
  return conflict(M.stock.too_low);
}
