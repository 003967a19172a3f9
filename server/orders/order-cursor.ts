import { z } from "zod";
import { M } from "@shared/messages";
import { ORDER_SORTS, type OrderSort } from "@shared/list-choices";
import type { OrderPosition } from "./sql/order-lists";
import { AppError } from "../errors";
import { decodeCursor, encodeCursor } from "../paging/list-cursor";

/** A creation time to the microsecond, as order-lists.ts writes it, in years the database's dates hold. */
const MICROSECOND_TIME = /^(19|2\d)\d{2}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
function isTime(text: string): boolean {
  if (!MICROSECOND_TIME.test(text)) return false;
  const time = Date.parse(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === text.slice(0, 19);
}

/**
 * A page of the shop's orders begins just after (`next`) or just before (`prev`) a row's place in a sort: the sort
 * (`s`), the row's sort key (`k`) and id (`i`), and how many orders lie before the page it opens (`o`), for its
 * serial numbers.
 */
const OrderCursor = z
  .object({
    s: z.enum(ORDER_SORTS),
    d: z.enum(["after", "before"]),
    k: z.union([z.string().refine(isTime), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]),
    i: z.uuid(),
    o: z.number().int().min(0).max(1_000_000_000),
  })
  .strict();

export interface OrderCursorPlace {
  direction: "after" | "before";
  position: OrderPosition;
  /** Orders before the page the cursor opens (after) or before the row it names (before). */
  offset: number;
}

export function orderCursor(sort: OrderSort, place: OrderCursorPlace): string {
  const { direction, position, offset } = place;
  return encodeCursor({ s: sort, d: direction, k: position.key, i: position.id, o: offset });
}

/** The cursor's place, for the sort asked: a cursor of another sort, or a key of the wrong kind, is refused. */
export function readOrderCursor(text: string, sort: OrderSort): OrderCursorPlace {
  const cursor = decodeCursor(text, OrderCursor);
  const byTime = sort === "newest" || sort === "oldest";
  if (cursor.s !== sort || typeof cursor.k !== (byTime ? "string" : "number"))
    throw new AppError("invalid", M.list.cursor_invalid);
  return { direction: cursor.d, position: { key: cursor.k, id: cursor.i }, offset: cursor.o };
}
