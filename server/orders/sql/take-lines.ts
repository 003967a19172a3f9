import { sql } from "drizzle-orm";
import type { Language } from "@shared/languages";
import { QUANTITY_STEP } from "@shared/quantity";
import type { Delivery } from "@shared/schemas/delivery";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import {
  cart,
  cartLine,
  mailOutbox,
  order,
  orderEvent,
  orderLine,
  product,
  productVariant,
  stockEntry,
} from "../../db/schema";
import { LOW_STOCK, mailRows, mailsOf } from "../../mail/outbox";
import { insertOrderSms } from "../../sms";
import { orderGate } from "./order-gate";
import {
  at,
  col,
  cols,
  EVENT_COLUMNS,
  ORDER_COLUMNS,
  LEDGER_COLUMNS,
  LINE_COLUMNS,
  LOW_STOCK_LINE,
} from "./statement-parts";
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
 * The checkout's order in one statement (decision 0053): the gate, every line's variant locked and held to its
 * rules, the stock taken, the order, its lines, the ledger, the "placed" event and its messages, and the lines gone
 * from the cart. All lines or none: answers the order, and how many variants it left below their minimum order, or
 * undefined when a line could not be taken as read (nothing was written).
 */
export async function takeLines(db: Db, t: LinesToTake): Promise<{ order: Order; stockOuts: number } | undefined> {
  const [row] = await TAKE_LINES(db, {
    lines: JSON.stringify(
      t.lines.map((l, position) => ({
        position,
        product_id: l.shelf.productId,
        variant_id: l.shelf.variantId,
        quantity: l.quantity,
        sku: l.shelf.sku,
        label: l.shelf.label,
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
    with wanted as (
      select * from jsonb_to_recordset(${at("lines")}::jsonb) as w(position integer, product_id uuid, variant_id uuid,
        quantity integer, sku text, label text, product_options jsonb, variant_options jsonb, price_poisha integer,
        weight_grams integer)
    ),
    gate as (
      -- The buyer's lock and their open orders counted, the products' locks in id order, and what the buyer's open
      -- orders hold of each line's variant, read after them.
      ${orderGate(
        at("buyerId"),
        at("maxOpenOrders"),
        sql`array(select distinct product_id from wanted)`,
        sql`array(select variant_id from wanted)`,
      )}
    ),
    checked as (
      -- Each line's variant, locked and held to its rules. The one-time filter (it names no row) passes the gate
      -- before any row is read; a row locked here is read as it is now, not as the statement's snapshot (taken
      -- before it waited at the gate) saw it.
      select v.id, v.product_id, w.position, w.quantity, w.sku, w.label, p.name, p.name_bn,
        coalesce(v.image, p.image) as image, v.price_poisha, v.weight_grams
      from wanted w
      join gate g on g.variant_id = w.variant_id
      join ${productVariant} v on v.id = w.variant_id
      join ${product} p on p.id = v.product_id
      where (select count(*) from gate) = ${at("count")}::integer
        and p.id = w.product_id and v.retired_at is null
        -- The line as it was read: the same SKU, values, price and weight (the delivery charge was reckoned from them).
        and v.sku = w.sku and v.options = w.variant_options and p.options = w.product_options
        and v.price_poisha = w.price_poisha and v.weight_grams = w.weight_grams
        -- shared/quantity.ts, as the one-line order's statement (./insert-order.ts) tests it.
        and v.availability >= w.quantity
        and v.minimum_quantity <= w.quantity
        and (w.quantity - v.minimum_quantity) % ${QUANTITY_STEP}::integer = 0
        and w.quantity + g.held <= coalesce(p.max_per_order, greatest(v.minimum_quantity, (v.availability + g.held) / 2))
        and w.quantity <= coalesce(p.max_per_order, greatest(v.minimum_quantity, v.availability / 2))
      for no key update of v, p
    ),
    taken as (
      -- Every line, or none: the stock moves only when every line passed.
      update ${productVariant} v
      set availability = v.availability - c.quantity, updated_at = ${at("now")}::timestamptz
      from checked c
      where v.id = c.id and (select count(*) from checked) = ${at("count")}::integer
      returning v.id, v.product_id, c.quantity, v.availability, v.availability < v.minimum_quantity as stock_out
    ),
    moved as (
      select product_id, sum(quantity)::integer as pieces from taken group by product_id
    ),
    shelf as (
      -- Each product holds the sum of its variants' stock; admins hear once of a product this order took below its
      -- low-stock line.
      update ${product}
      set availability = ${product}.availability - moved.pieces, updated_at = ${at("now")}::timestamptz
      from moved
      where ${product}.id = moved.product_id
      returning ${product}.id,
        ${product}.availability < ${LOW_STOCK_LINE}
          and ${product}.availability + moved.pieces >= ${LOW_STOCK_LINE} as ran_low
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
      from (select * from checked order by position limit 1) first,
        (select sum(price_poisha::bigint * quantity) as payable, sum(weight_grams * quantity)::integer as weight
          from checked) sums
      where (select count(*) from taken) = ${at("count")}::integer
      returning *
    ),
    line as (
      insert into ${orderLine} (${LINE_COLUMNS})
      select placed.id, c.position, c.product_id, c.id, c.sku, c.label, c.name, c.name_bn, c.image, c.price_poisha,
        c.weight_grams, c.quantity, c.price_poisha::bigint * c.quantity
      from placed, checked c
    ),
    ledger as (
      insert into ${stockEntry} (${LEDGER_COLUMNS})
      select t.product_id, t.id, -t.quantity, t.availability, 'placed', placed.id, 'buyer', ${at("buyerId")}::text,
        ${at("now")}::timestamptz
      from placed, taken t
    ),
    event as (
      insert into ${orderEvent} (${EVENT_COLUMNS})
      select id, 'placed', 'buyer', ${at("buyerId")}::text, ${at("now")}::timestamptz from placed
      returning ${col(orderEvent.orderId)}
    ),
    mail as (
      -- As server/mail/outbox.ts withQueuedMail: the buyer's message in the order's language, admins' in English;
      -- the low-stock message names the product that crossed its line.
      insert into ${mailOutbox} (kind, audience, order_id, product_id, language)
      select m.kind, m.audience, placed.id, placed.product_id,
        case when m.audience = 'buyer' then placed.language else 'en' end
      from placed
      join event on event.order_id = placed.id
      cross join (values ${mailRows(mailsOf("placed"))}) as m(kind, audience, only_if_ran_low)
      union all
      select ${LOW_STOCK.kind}::text, ${LOW_STOCK.audience}::text, placed.id, shelf.id, 'en'
      from placed, shelf
      where shelf.ran_low
    ),
    sms as (${insertOrderSms("placed", sql`placed o join event on event.order_id = o.id`)}),
    bought as (
      -- The lines bought leave the cart (lines added meanwhile stay), and the cart is touched (CART_DAYS).
      delete from ${cartLine}
      where ${col(cartLine.cartId)} = ${at("cartId")}::uuid and ${col(cartLine.variantId)} in (select id from taken)
    ),
    touched as (
      update ${cart} set ${col(cart.updatedAt)} = ${at("now")}::timestamptz
      where ${col(cart.id)} = ${at("cartId")}::uuid and exists (select 1 from placed)
    )
    select placed.*, (select count(*) from taken where stock_out) as stock_outs from placed`,
);
