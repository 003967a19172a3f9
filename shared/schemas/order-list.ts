import { z } from "zod";
import { M } from "@shared/messages";
import { ORDER_SORTS, ORDER_TABS } from "@shared/list-choices";
import { limitParam, oneOf, pageParam, queryParam } from "./list-query";

/** A calendar day, YYYY-MM-DD, that exists (no 30 February), from 1900 to 2999: years the database's dates hold. */
const dayParam = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, M.list.date_invalid)
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, M.list.date_invalid)
  .optional();

/** A next- or previous-page link's position: opaque to the client (base64url), read back by the server. */
const cursorParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,400}$/, M.list.cursor_invalid)
  .optional();

/**
 * The shop's orders: a tab (a status, or refund due), a search (a whole order id or the start of one, a buyer's
 * e-mail or its beginning, a phone number), a range of days in Dhaka time (both ends included), a sort, and the
 * page, by number or by the cursor a previous page gave (which then takes the number's place).
 */
export const OrderListQuery = z
  .object({
    status: oneOf(ORDER_TABS, M.list.status_unknown),
    q: queryParam,
    from: dayParam,
    to: dayParam,
    sort: oneOf(ORDER_SORTS, M.list.sort_unknown),
    page: pageParam,
    limit: limitParam,
    cursor: cursorParam,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: M.list.dates_reversed,
    path: ["to"],
  });
export type OrderListInput = z.input<typeof OrderListQuery>;

/** One buyer's orders, newest first: the page. */
export const BuyerOrderListQuery = z.object({ page: pageParam, limit: limitParam });
export type BuyerOrderListInput = z.input<typeof BuyerOrderListQuery>;
