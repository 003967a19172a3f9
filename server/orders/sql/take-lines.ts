import { sql } from "drizzle-orm";
import type { Language } from "@shared/languages";
import type { Delivery } from "@shared/schemas/delivery";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { cart, cartLine, mailOutbox, order, orderEvent, orderLine, stockEntry } from "../../db/schema";
import { LOW_STOCK, mailRows, mailsOf } from "../../mail/outbox";
import { insertOrderSms } from "../../sms";
import { at, col, cols, EVENT_COLUMNS, ORDER_COLUMNS, LEDGER_COLUMNS, LINE_COLUMNS } from "./statement-parts";
import { takeStock, type StockLine } from "./take-stock";
import { orderFromRow } from "./insert-order";
import type { Order } from "./order-rows";
import type { ReadShelf } from "./shelves-read";

/** A line as read before the statement, and the pieces asked of it. */
export interface LineToTake extends ReadShelf {
  quantity: number;
}

export interface LinesToTake {
  lines: LineToTake[];
  buyer: SessionUser;
  maxOpenOrders: number;
  /** The delivery charge and its zone, reckoned from the lines as read (the statement checks their price and weight). */
  quote: { zone: string; chargePoisha: number };
  delivery: Delivery;
  buyerBin: string | null;
  idempotencyKey: string | null;
  expiresAt: Date;
  now: Date;
  language: Language;
  /** The cart the lines came from, which loses them with the order; null for Buy It Now's one line. */
  cartId: string | null;
}

/**
 * The checkout's order in one statement (decisions 0053, 0054): the stock taken (./take-stock.ts: the gate, every
 * line held to its rules as it is now and to the values read), the order, its lines, the ledger, the "placed" event
 * and its messages, and the lines gone from the cart. All lines or none: answers the order, and how many variants it
 * left below their minimum order, or undefined when a line could not be taken as read (nothing was written).
 */
export async function takeLines(db: Db, t: LinesToTake): Promise<{ order: Order; stockOuts: number } | undefined> {
  const [row] = await TAKE_LINES(db, {
    lines: JSON.stringify(
      t.lines.map((l, position): StockLine => ({
        position,
        product_id: l.shelf.productId,
        variant_id: l.shelf.variantId,
        quantity: l.quantity,
        sku: l.shelf.sku,
        product_options: l.productOptions,
        variant_options: l.variantOptions,
        price_poisha: l.shelf.pricePoisha,
        weight_grams: l.shelf.weightGrams,
      })),
    ),
    count: t.lines.length,
    buyerId: t.buyer.id,
    buyerEmail: t.buyer.email,
    buyerName: t.buyer.name,
    maxOpenOrders: t.maxOpenOrders,
    chargePoisha: t.quote.chargePoisha,
    zone: t.quote.zone,
    delivery: JSON.stringify(t.delivery),
    buyerBin: t.buyerBin,
    idempotencyKey: t.idempotencyKey,
    expiresAt: t.expiresAt.toISOString(),
    now: t.now.toISOString(),
    language: t.language,
    cartId: t.cartId,
  });
  return row && { order: orderFromRow(row), stockOuts: Number(row.stock_outs) };
}

const TAKE_LINES = preparedStatement<Record<string, unknown> & { stock_outs: number }>(
  "randa_checkout_take",
  () => sql`
    with taken as (
      -- The gate, every line held to its rules as it is now and to the values read, and the stock taken: every
      -- line's row, or none (./take-stock.ts).
      ${takeStock(at("buyerId"), at("maxOpenOrders"), at("lines"), at("now"))}
    ),
    placed as (
      insert into ${order} (${cols([
        ...ORDER_COLUMNS,
        order.deliveryChargePoisha,
        order.lineCount,
        order.weightGrams,
        order.deliveryZone,
        order.delivery,
        order.buyerBin,
        order.idempotencyKey,
        order.expiresAt,
        order.language,
        order.createdAt,
        order.updatedAt,
      ])})
      select ${at("buyerId")}::text, ${at("buyerEmail")}::text, ${at("buyerName")}::text, first.product_id,
        first.name, first.name_bn, first.image, first.price_poisha, first.quantity, sums.payable,
        ${at("chargePoisha")}::bigint, ${at("count")}::integer, sums.weight, ${at("zone")}::text,
        ${at("delivery")}::jsonb, ${at("buyerBin")}::text, ${at("idempotencyKey")}::text,
        ${at("expiresAt")}::timestamptz, ${at("language")}::text, ${at("now")}::timestamptz, ${at("now")}::timestamptz
      from (select * from taken order by position limit 1) first,
        (select sum(price_poisha::bigint * quantity) as payable, sum(weight_grams * quantity)::integer as weight
          from taken) sums
      returning *
    ),
    line as (
      insert into ${orderLine} (${LINE_COLUMNS})
      select placed.id, t.position, t.product_id, t.variant_id, t.sku, t.label, t.name, t.name_bn, t.image,
        t.price_poisha, t.weight_grams, t.quantity, t.price_poisha::bigint * t.quantity
      from placed, taken t
    ),
    ledger as (
      insert into ${stockEntry} (${LEDGER_COLUMNS})
      select t.product_id, t.variant_id, -t.quantity, t.availability, 'placed', placed.id, 'buyer',
        ${at("buyerId")}::text, ${at("now")}::timestamptz
      from placed, taken t
    ),
    event as (
      insert into ${orderEvent} (${EVENT_COLUMNS})
      select id, 'placed', 'buyer', ${at("buyerId")}::text, ${at("now")}::timestamptz from placed
      returning ${col(orderEvent.orderId)}
    ),
    mail as (
      -- As server/mail/outbox.ts withQueuedMail: the buyer's message in the order's language, admins' in English;
      -- the low-stock message names each product this order took below its line.
      insert into ${mailOutbox} (kind, audience, order_id, product_id, language)
      select m.kind, m.audience, placed.id, placed.product_id,
        case when m.audience = 'buyer' then placed.language else 'en' end
      from placed
      join event on event.order_id = placed.id
      cross join (values ${mailRows(mailsOf("placed"))}) as m(kind, audience, only_if_ran_low)
      union all
      select ${LOW_STOCK.kind}::text, ${LOW_STOCK.audience}::text, placed.id, low.product_id, 'en'
      from placed, (select distinct product_id from taken where ran_low) low
    ),
    sms as (${insertOrderSms("placed", sql`placed o join event on event.order_id = o.id`)}),
    bought as (
      -- The lines bought leave the cart (lines added meanwhile stay), and the cart is touched (CART_DAYS).
      delete from ${cartLine}
      where ${col(cartLine.cartId)} = ${at("cartId")}::uuid
        and ${col(cartLine.variantId)} in (select variant_id from taken)
    ),
    touched as (
      update ${cart} set ${col(cart.updatedAt)} = ${at("now")}::timestamptz
      where ${col(cart.id)} = ${at("cartId")}::uuid and exists (select 1 from placed)
    )
    select placed.*, (select count(*) from taken where stock_out) as stock_outs from placed`,
);
