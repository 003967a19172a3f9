import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { order, type OrderRow } from "../db/schema";
import { notFound } from "../errors";

export type Order = OrderRow;

export const ORDER_NOT_FOUND = "Order not found";

export const isId = (id: string) => z.uuid().safeParse(id).success;

const listed = ne(order.status, "cancelled");

/** A customer's own orders, newest first; cancelled ones are no longer listed. */
export function listOrdersOf(db: Db, buyerId: string): Promise<Order[]> {
  return db
    .select()
    .from(order)
    .where(and(eq(order.buyerId, buyerId), listed))
    .orderBy(desc(order.createdAt), desc(order.id));
}

/** Every order, cancelled ones included: the admin's record of the shop. */
export function listAllOrders(db: Db): Promise<Order[]> {
  return db.select().from(order).orderBy(desc(order.createdAt), desc(order.id));
}

/** One of a buyer's listed orders; anything else (unknown, malformed, cancelled, someone else's) is not found. */
export async function getOrderOf(db: Db, buyerId: string, orderId: string): Promise<Order> {
  if (!isId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.buyerId, buyerId), listed));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export async function hasOrders(db: Db, buyerId: string): Promise<boolean> {
  const rows = await db.select({ id: order.id }).from(order).where(eq(order.buyerId, buyerId)).limit(1);
  return rows.length > 0;
}
