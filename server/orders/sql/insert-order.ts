import { and, eq, getTableColumns, inArray, isNull, or, sql, sum, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Language } from "@shared/languages";
import { M } from "@shared/messages";
import { QUANTITY_STEP, quantityProblem } from "@shared/quantity";
import type { OrderInput } from "@shared/schemas/order";
import type { SessionUser } from "../../auth/session";
import type { ProductRow, VariantRow } from "../../db/schema";
import type { Db } from "../../db/client";
import { mailOutbox, order, orderEvent, orderLine, product, productVariant, stockEntry, user } from "../../db/schema";
import { pickVariant, shelfOf, type Shelf } from "../../catalog";
import { AppError, conflict, invalid, isUniqueViolation, notFound } from "../../errors";
import { afterCommit } from "../../db/after-commit";
import { preparedStatement } from "../../db/prepared";
import { storeMetrics } from "../../metrics/store-metrics";
import { LOW_STOCK, mailRows, mailsOf } from "../../mail/outbox";
import { insertOrderSms } from "../../sms";
import { eventRecorded } from "./order-history";
import { isId, type Order } from "./order-rows";

export interface PlacedOrder {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

export interface PlaceOptions {
  /** How many open orders (unpaid, or cash on delivery the shop has not confirmed) one buyer may hold: MAX_OPEN_ORDERS. */
  maxOpenOrders: number;
  /** How long an unpaid order holds its stock: ORDER_HOLD_MINUTES. */
  holdMinutes: number;
  /** The time now; tests pass a clock. */
  now?: Date | undefined;
  idempotencyKey?: string | undefined;
  /** The language the buyer is reading in: the order's e-mails speak it. */
  language?: Language | undefined;
  /** The buyer's own BIN, for a Mushak-6.3 in their business's name; null without one. */
  buyerBin?: string | null | undefined;
}

/**
 * Buys `quantity` pieces of a product's variant in one statement: a guarded decrement of the variant's stock (never
 * below zero, never under its minimum order, never over what one order may take), the product's sum, and the order
 * row with a snapshot of both. The statement runs after the buyer's row is locked and their open orders counted, so
 * two orders of one buyer at their limit cannot both pass; other buyers never wait on that lock. Then the product's
 * row is locked with its variants read (decision 0033: the product's row is the lock of all its shelves), held for
 * that statement, the order's and the commit, so orders for a popular product queue as briefly as they can.
 * With an idempotency key, a retried request gets the order the first one made instead of buying twice.
 */
export async function insertOrderTakingStock(
  db: Db,
  input: OrderInput,
  buyer: SessionUser,
  { maxOpenOrders, holdMinutes, now = new Date(), idempotencyKey, language = "en", buyerBin = null }: PlaceOptions,
): Promise<PlacedOrder> {
  if (!isId(input.productId)) throw notFound(M.product.not_found);
  const expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
  let placedShelf: Shelf | undefined;
  try {
    const placed = await db.transaction(async (tx) => {
      await holdOpenOrderSlot(tx, buyer.id, maxOpenOrders);
      const shelf = (placedShelf = await lockShelfToBuy(tx, input));
      const placing = { expiresAt, now, idempotencyKey, language, buyerBin };
      const placed = await takeAndRecord(tx, input, shelf, buyer, placing);
      if (!placed) return undefined;
      eventRecorded(tx, "placed", true);
      if (placed.stockOut) afterCommit(tx, () => storeMetrics.stockOuts.inc());
      afterCommit(tx, () => storeMetrics.orderLines.inc({ via: "order" }));
      return placed.order;
    });
    if (!placed) throw await whyNot(db, input.quantity, placedShelf!, buyer.id);
    return { order: placed, replayed: false };
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
const at = (name: string) => sql.placeholder(name);

/** shared/low-stock.ts `lowStockLine`, in SQL over the product row being updated. */
const LOW_STOCK_LINE = sql`coalesce(${product}.low_stock_threshold, 2 * ${product}.minimum_quantity)`;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What makes an order open (decision 0026): it holds stock without money received — unpaid, or cash on delivery
 * the shop has not yet confirmed, shipped or taken the cash of. The SQL twin of shared/order-flow.ts's facts.
 */
export const openOrder = or(eq(order.status, "unpaid"), and(eq(order.status, "cod"), isNull(order.confirmedAt)));

/** What one buyer's open orders hold of a variant, over all their lines: a select of one `pieces` column. */
export const heldByBuyer = (buyerId: string | Placeholder, variantId: SQL) => sql`
  select coalesce(sum(${orderLine.quantity}), 0)::integer as pieces
  from ${orderLine} join ${order} on ${order.id} = ${orderLine.orderId}
  where ${order.buyerId} = ${buyerId}::text and ${orderLine.variantId} = ${variantId} and ${openOrder}`;

/** What one buyer's open orders hold of each of the variants, over all their lines. */
export async function piecesHeldBy(db: Db | Tx, buyerId: string, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: orderLine.variantId, pieces: sum(orderLine.quantity).mapWith(Number) })
    .from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId))
    .where(and(eq(order.buyerId, buyerId), inArray(orderLine.variantId, variantIds), openOrder))
    .groupBy(orderLine.variantId);
  return new Map(rows.map((r) => [r.variantId!, r.pieces]));
}

/**
 * The product's row under its lock, with its live variants, in one statement (decision 0033: every stock move
 * locks the product's row before its variants', so theirs hold still while it is held), and the variant to buy.
 */
async function lockShelfToBuy(tx: Tx, input: OrderInput): Promise<Shelf> {
  if (input.variantId !== undefined && !isId(input.variantId)) throw notFound(M.variant.not_found);
  const rows = await LOCK_SHELVES(tx, { productId: input.productId });
  if (rows.length === 0) throw notFound(M.product.not_found);
  const variants = rows.map((r) => ({
    id: r.variant_id,
    sku: r.sku,
    options: r.variant_options,
    image: r.variant_image,
    pricePoisha: r.price_poisha,
    availability: r.availability,
    minimumQuantity: r.minimum_quantity,
    weightGrams: r.weight_grams,
  }));
  const p = rows[0]!;
  const shelfProduct = {
    id: p.product_id,
    name: p.name,
    nameBn: p.name_bn,
    image: p.product_image,
    maxPerOrder: p.max_per_order,
    options: p.product_options,
  };
  return shelfOf(shelfProduct, pickVariant(variants, input.variantId));
}

/** A product's live variants under the product's row lock, each with what the order needs of the product. */
const LOCK_SHELVES = preparedStatement<{
  product_id: string;
  name: string;
  name_bn: string | null;
  product_image: string;
  max_per_order: number | null;
  product_options: ProductRow["options"];
  variant_id: string;
  sku: string;
  variant_options: VariantRow["options"];
  variant_image: string | null;
  price_poisha: number;
  availability: number;
  minimum_quantity: number;
  weight_grams: number;
}>(
  "randa_order_lock_shelves",
  () => sql`
    select p.id as product_id, p.name, p.name_bn, p.image as product_image, p.max_per_order,
      p.options as product_options, v.id as variant_id, v.sku, v.options as variant_options, v.image as variant_image,
      v.price_poisha, v.availability, v.minimum_quantity, v.weight_grams
    from ${product} p join ${productVariant} v on v.product_id = p.id and v.retired_at is null
    where p.id = ${at("productId")}
    order by v.position, v.id
    for no key update of p`,
);

/**
 * No hoarding: the buyer's open orders are counted under a lock on the buyer's own row. The lock comes first, in
 * its own statement: under READ COMMITTED the count that follows (and the guarded statement's sum of what they
 * hold) sees every order a buyer's earlier placing committed while this one waited. (A count inside the guarded
 * statement alone would read the statement's snapshot, taken before any wait, and two concurrent orders would both
 * see room.) `FOR NO KEY UPDATE` queues this buyer's orders only: other buyers, and the foreign-key checks of the
 * order rows, are not held up. An account deleted meanwhile has no row to lock: its order is refused, not a 500.
 */
export async function holdOpenOrderSlot(tx: Tx, buyerId: string, maxOpenOrders: number) {
  const [me] = await LOCK_BUYER(tx, { buyerId });
  if (!me) throw conflict(M.order.account_gone);
  const [open] = await COUNT_OPEN(tx, { buyerId });
  if ((open?.n ?? 0) >= maxOpenOrders) throw conflict(M.order.too_many_open, { max: maxOpenOrders });
}

const LOCK_BUYER = preparedStatement<{ id: string }>(
  "randa_order_lock_buyer",
  () => sql`select ${user.id} from ${user} where ${user.id} = ${at("buyerId")} for no key update`,
);

const COUNT_OPEN = preparedStatement<{ n: number }>(
  "randa_order_count_open",
  () => sql`select count(*)::integer as n from ${order} where ${order.buyerId} = ${at("buyerId")} and ${openOrder}`,
);

interface Placing {
  expiresAt: Date;
  now: Date;
  idempotencyKey: string | undefined;
  language: Language;
  buyerBin: string | null;
}

/**
 * The guarded decrement with its stock ledger row, the order row, its lines, its "placed" event and the messages it
 * sends (the buyer's e-mail and SMS, and the admins' low-stock e-mail when this order crossed the line), in one
 * statement, prepared once (server/db/prepared.ts).
 */
const TAKE_AND_RECORD = preparedStatement<Record<string, unknown> & { stock_out: boolean }>(
  "randa_order_take",
  () => sql`
    with held as (
      -- What this buyer's open orders hold of the variant already (their row lock makes this count final).
      ${heldByBuyer(at("buyerId"), sql`${at("variantId")}::uuid`)}
    ),
    taken as (
      update ${productVariant} v
      set availability = v.availability - ${at("quantity")}::integer, updated_at = now()
      from ${product} p
      where v.id = ${at("variantId")}::uuid and p.id = v.product_id and v.retired_at is null
        and v.availability >= ${at("quantity")}::integer
        and v.minimum_quantity <= ${at("quantity")}::integer
        -- Spec §9's step, as shared/quantity.ts onStep: the minimum plus whole steps of 20.
        and (${at("quantity")}::integer - v.minimum_quantity) % ${QUANTITY_STEP}::integer = 0
        -- No hoarding, as shared/quantity.ts perOrderLimit and holdingLimit, per variant: this order and the buyer's
        -- open ones together at most the product's own most per order, or half of the stock they would leave
        -- (integer division rounds down) but never under the minimum order.
        and ${at("quantity")}::integer + (select pieces from held) <= coalesce(
          p.max_per_order,
          greatest(v.minimum_quantity, (v.availability + (select pieces from held)) / 2)
        )
        and ${at("quantity")}::integer <= coalesce(p.max_per_order, greatest(v.minimum_quantity, v.availability / 2))
      returning v.id as variant_id, v.product_id as id, p.name, p.name_bn, coalesce(v.image, p.image) as image,
        v.price_poisha, v.weight_grams, v.availability, v.availability < v.minimum_quantity as stock_out
    ),
    shelf as (
      -- The product holds the sum of its variants' stock, moved in the same statement.
      update ${product}
      set availability = ${product}.availability - ${at("quantity")}::integer, updated_at = now()
      from taken
      where ${product}.id = taken.id
      returning
        -- This order took the product below its low-stock line (shared/low-stock.ts): admins are told once.
        ${product}.availability < ${LOW_STOCK_LINE}
          and ${product}.availability + ${at("quantity")}::integer >= ${LOW_STOCK_LINE} as ran_low
    ),
    placed as (
      insert into ${order} (${sql.join(
        [
          order.buyerId,
          order.buyerEmail,
          order.buyerName,
          order.productId,
          order.productName,
          order.productNameBn,
          order.image,
          order.pricePoisha,
          order.quantity,
          order.payablePoisha,
          order.idempotencyKey,
          order.delivery,
          order.expiresAt,
          order.language,
          order.weightGrams,
          order.buyerBin,
        ].map(col),
        sql`, `,
      )})
      select ${at("buyerId")}::text, ${at("buyerEmail")}::text, ${at("buyerName")}::text, id, name, name_bn, image, price_poisha,
        ${at("quantity")}::integer, price_poisha::bigint * ${at("quantity")}::bigint, ${at("idempotencyKey")}::text,
        ${at("delivery")}::jsonb, ${at("expiresAt")}::timestamptz,
        ${at("language")}::text, weight_grams * ${at("quantity")}::integer, ${at("buyerBin")}::text
      from taken
      returning *
    ),
    line as (
      insert into ${orderLine} (${sql.join(
        [
          orderLine.orderId,
          orderLine.position,
          orderLine.productId,
          orderLine.variantId,
          orderLine.sku,
          orderLine.variantLabel,
          orderLine.name,
          orderLine.nameBn,
          orderLine.image,
          orderLine.pricePoisha,
          orderLine.weightGrams,
          orderLine.quantity,
          orderLine.amountPoisha,
        ].map(col),
        sql`, `,
      )})
      select placed.id, 0, taken.id, taken.variant_id, ${at("sku")}::text, ${at("label")}::text, taken.name, taken.name_bn, taken.image, taken.price_poisha, taken.weight_grams,
        ${at("quantity")}::integer, placed.payable_poisha
      from placed, taken
    ),
    ledger as (
      -- The stock ledger's row of this take (server/stock): the pieces, the order, the buyer, the stock after.
      insert into ${stockEntry} (${sql.join(
        [
          stockEntry.productId,
          stockEntry.variantId,
          stockEntry.change,
          stockEntry.after,
          stockEntry.reason,
          stockEntry.orderId,
          stockEntry.by,
          stockEntry.byUserId,
          stockEntry.at,
        ].map(col),
        sql`, `,
      )})
      select taken.id, taken.variant_id, -${at("quantity")}::integer, taken.availability, 'placed', placed.id, 'buyer', ${at("buyerId")}::text,
        ${at("now")}::timestamptz
      from placed, taken
    ),
    event as (
      insert into ${orderEvent} (${sql.join(
        [orderEvent.orderId, orderEvent.status, orderEvent.by, orderEvent.byUserId, orderEvent.at].map(col),
        sql`, `,
      )})
      select id, 'placed', 'buyer', ${at("buyerId")}::text, ${at("now")}::timestamptz from placed
      returning ${col(orderEvent.orderId)}
    ),
    mail as (
      -- As server/mail/outbox.ts withQueuedMail: the buyer's message in the order's language, admins' in English.
      insert into ${mailOutbox} (kind, audience, order_id, product_id, language)
      select m.kind, m.audience, placed.id, placed.product_id,
        case when m.audience = 'buyer' then placed.language else 'en' end
      from placed
      join event on event.order_id = placed.id
      cross join shelf
      cross join (values ${mailRows(mailsOf("placed"), [LOW_STOCK])}) as m(kind, audience, only_if_ran_low)
      where not m.only_if_ran_low or shelf.ran_low
    ),
    sms as (${insertOrderSms("placed", sql`placed o join event on event.order_id = o.id`)})
    select placed.*, taken.stock_out from placed, taken`,
);

/**
 * The guarded decrement with its stock ledger row, the order row, its "placed" event and the e-mails it sends (the buyer's, and the admins'
 * low-stock message when this order crossed the line), in one statement, under the product's row lock. Answers the order as written and whether it left the product below its minimum
 * order (Stock Out), or undefined when the guarded decrement took nothing.
 */
async function takeAndRecord(
  db: Db | Tx,
  input: OrderInput,
  shelf: Shelf,
  buyer: SessionUser,
  { expiresAt, now, idempotencyKey, language, buyerBin }: Placing,
) {
  const rows = await TAKE_AND_RECORD(db, {
    quantity: input.quantity,
    variantId: shelf.variantId,
    sku: shelf.sku,
    label: shelf.label,
    buyerId: buyer.id,
    buyerEmail: buyer.email,
    buyerName: buyer.name,
    idempotencyKey: idempotencyKey ?? null,
    delivery: input.delivery ? JSON.stringify(input.delivery) : null,
    expiresAt: expiresAt.toISOString(),
    now: now.toISOString(),
    language,
    buyerBin,
  });
  const [row] = rows;
  return row && { order: orderFromRow(row), stockOut: row.stock_out };
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

/** An order row as the statement answered it (columns by their database names), as drizzle would map it. */
function orderFromRow(row: Record<string, unknown>): Order {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(order))) {
    const value = row[column.name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as Order;
}

/**
 * Why the guarded decrement took nothing: the detail page's own question (shared/quantity.ts), asked again of the
 * variant with what the buyer's open orders hold.
 */
async function whyNot(db: Db, quantity: number, shelf: Shelf, buyerId: string) {
  const [current] = await db.select().from(productVariant).where(eq(productVariant.id, shelf.variantId));
  if (!current) return notFound(M.variant.not_found);
  const held = await piecesHeldBy(db, buyerId, [shelf.variantId]);
  const problem = quantityProblem(
    quantity,
    { ...current, maxPerOrder: shelf.maxPerOrder },
    held.get(shelf.variantId) ?? 0,
  );
  if (problem?.code === M.quantity.below_minimum || problem?.code === M.quantity.off_step) {
    return invalid(problem.code, problem.params);
  }
  if (problem && problem.code !== M.stock.too_low) return conflict(problem.code, problem.params);
  return conflict(M.stock.too_low);
}
