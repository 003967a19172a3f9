import { and, eq, gte, lte, sql } from "drizzle-orm";
import { QUANTITY_ABOVE_STOCK, quantityBelowMinimum } from "~/lib/quantity";
import type { OrderInput } from "~/schemas/order";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, product } from "../db/schema";
import { conflict, DomainError, invalid, isUniqueViolation, notFound } from "../errors";
import { PRODUCT_NOT_FOUND } from "./catalog";
import { isId, type Order } from "./orders";

export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different order.";

export interface PlacedOrder {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

/**
 * Buys `quantity` pieces of a product in one transaction: a guarded decrement of its stock (never below zero,
 * never under the product's minimum order) and the order row with a snapshot of the product. With an
 * idempotency key, a retried request gets the order the first one made instead of buying twice.
 */
export async function placeOrder(
  db: Db,
  input: OrderInput,
  buyer: SessionUser,
  idempotencyKey?: string,
): Promise<PlacedOrder> {
  if (!isId(input.productId)) throw notFound(PRODUCT_NOT_FOUND);
  if (idempotencyKey) {
    const earlier = await findByKey(db, buyer.id, idempotencyKey);
    if (earlier) return replay(earlier, input);
  }
  try {
    const placed = await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(product)
        .set({ availability: sql`${product.availability} - ${input.quantity}`, updatedAt: new Date() })
        .where(
          and(
            eq(product.id, input.productId),
            gte(product.availability, input.quantity),
            lte(product.minimumQuantity, input.quantity),
          ),
        )
        .returning();
      if (!taken) throw await whyNot(tx, input);
      const [row] = await tx
        .insert(order)
        .values({
          buyerId: buyer.id,
          buyerEmail: buyer.email,
          buyerName: buyer.name,
          productId: taken.id,
          productName: taken.name,
          image: taken.image,
          pricePoisha: taken.pricePoisha,
          quantity: input.quantity,
          payablePoisha: taken.pricePoisha * input.quantity,
          idempotencyKey: idempotencyKey ?? null,
          delivery: input.delivery ?? null,
        })
        .returning();
      return row!;
    });
    return { order: placed, replayed: false };
  } catch (err) {
    // Two requests with the same key raced, and the loser's transaction rolled back (its stock included): it hit
    // the unique index, or (when the winner took the last pieces) found too little stock. Either way it answers
    // with the winner's order rather than a refusal of an order that was placed.
    if (idempotencyKey && (isUniqueViolation(err) || isStockRefusal(err))) {
      const earlier = await findByKey(db, buyer.id, idempotencyKey);
      if (earlier) return replay(earlier, input);
    }
    throw err;
  }
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
    throw conflict(IDEMPOTENCY_KEY_REUSED);
  }
  return { order: earlier, replayed: true };
}

const isStockRefusal = (err: unknown) => err instanceof DomainError && err.message === QUANTITY_ABOVE_STOCK;

/** Why the guarded decrement took nothing, read inside the same transaction. */
async function whyNot(tx: Pick<Db, "select">, input: OrderInput) {
  const [current] = await tx.select().from(product).where(eq(product.id, input.productId));
  if (!current) return notFound(PRODUCT_NOT_FOUND);
  if (input.quantity < current.minimumQuantity) return invalid(quantityBelowMinimum(current.minimumQuantity));
  return conflict(QUANTITY_ABOVE_STOCK);
}
