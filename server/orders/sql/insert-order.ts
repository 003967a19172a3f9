import { and, eq, getTableColumns, inArray, isNull, or, sql, sum } from "drizzle-orm";
import type { Language } from "@shared/languages";
import { M } from "@shared/messages";
import { quantityProblem } from "@shared/quantity";
import type { OrderInput } from "@shared/schemas/order";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { mailOutbox, order, orderEvent, orderLine, stockEntry } from "../../db/schema";
import { pickVariant } from "../../catalog";
import { AppError, conflict, invalid, isUniqueViolation, notFound } from "../../errors";
import { afterCommit } from "../../db/after-commit";
import { preparedStatement } from "../../db/prepared";
import { storeMetrics } from "../../metrics/store-metrics";
import { LOW_STOCK, mailRows, mailsOf } from "../../mail/outbox";
import { insertOrderSms } from "../../sms";
import { eventRecorded } from "./order-history";
import { gateRefusal, takeStock, type StockLine } from "./take-stock";
import { at, col, cols, EVENT_COLUMNS, ORDER_COLUMNS, LEDGER_COLUMNS, LINE_COLUMNS } from "./statement-parts";
import { isId, type Order } from "./order-rows";
import { readShelfOf, readShelves } from "./shelves-read";

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
 * Buys `quantity` pieces of a product's variant in one statement, which is its own transaction: the stock taken
 * (./take-stock.ts: the gate — the buyer's row locked and their open orders counted, then the product's row locked —
 * and a guarded decrement of the variant's stock, never below zero, never under its minimum order, never over what
 * one order may take, and the product's sum), and the order row with a snapshot of both. The product's row lock
 * is held for that one statement and its commit, so orders for a popular product queue as briefly as they can;
 * other buyers never wait on a buyer's lock. The variant (the one named, or the product's only one), its SKU and its
 * line's label are the statement's own reads; when it takes nothing, the variant is read again to say why (or,
 * nothing in the way now, the order is tried again).
 * With an idempotency key, a retried request gets the order the first one made instead of buying twice.
 */
export async function insertOrderTakingStock(
  db: Db,
  input: OrderInput,
  buyer: SessionUser,
  { maxOpenOrders, holdMinutes, now = new Date(), idempotencyKey, language = "en", buyerBin = null }: PlaceOptions,
): Promise<PlacedOrder> {
  if (!isId(input.productId)) throw notFound(M.product.not_found);
  if (input.variantId !== undefined && !isId(input.variantId)) throw notFound(M.variant.not_found);
  const placing = {
    expiresAt: new Date(now.getTime() + holdMinutes * 60_000),
    now,
    idempotencyKey,
    language,
    buyerBin,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      const placed = await takeAndRecord(db, input, buyer, maxOpenOrders, placing);
      if (placed) {
        // The statement committed on its own (or with the caller's transaction, when given one).
        eventRecorded(db, "placed", true);
        if (placed.stockOut) afterCommit(db, () => storeMetrics.stockOuts.inc());
        afterCommit(db, () => storeMetrics.orderLines.inc({ via: "order" }));
        return { order: placed.order, replayed: false };
      }
      const refusal = await whyNot(db, input, buyer.id);
      if (refusal) throw refusal;
      // Nothing stands in the way now: the shelf changed between the statement and this read (a restock, say).
      // Placed again, a few times at most.
      if (attempt === TRIES) throw conflict(M.stock.too_low);
    }
  } catch (err) {
    const refused = gateRefusal(err, maxOpenOrders) ?? err;
    // A retry whose order exists already: the unique index refused a second one (its stock came back with the
    // refused statement), or the first took the last pieces or the buyer's last open order, or the product went
    // since. It answers with the order rather than with a refusal of an order that was placed.
    if (idempotencyKey && (isUniqueViolation(refused) || refused instanceof AppError)) {
      const earlier = await findByKey(db, buyer.id, idempotencyKey);
      if (earlier) return replay(earlier, input);
    }
    throw refused;
  }
}

const TRIES = 3;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What makes an order open (decision 0026): it holds stock without money received — unpaid, or cash on delivery
 * the shop has not yet confirmed, shipped or taken the cash of. The SQL twin of shared/order-flow.ts's facts; the
 * stock's function (server/db/migrations/0026_take_stock.sql) states it again in PL/pgSQL.
 */
export const openOrder = or(eq(order.status, "unpaid"), and(eq(order.status, "cod"), isNull(order.confirmedAt)));

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

/** The variant asked for, read without a lock to say why the statement took nothing. */
async function readShelf(db: Db, input: OrderInput) {
  const found = (await readShelves(db, [input.productId.toLowerCase()])).values().next().value;
  if (!found) throw notFound(M.product.not_found);
  return readShelfOf(found, pickVariant(found.variants, input.variantId)).shelf;
}

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
    with taken as (
      -- The gate, the variant (the one named, or the product's only live one) held to its rules as it is now, and
      -- the stock taken (./take-stock.ts).
      ${takeStock(at("buyerId"), at("maxOpenOrders"), at("lines"), at("now"))}
    ),
    placed as (
      insert into ${order} (${cols([
        ...ORDER_COLUMNS,
        order.idempotencyKey,
        order.delivery,
        order.expiresAt,
        order.language,
        order.weightGrams,
        order.buyerBin,
      ])})
      select ${at("buyerId")}::text, ${at("buyerEmail")}::text, ${at("buyerName")}::text, product_id, name, name_bn,
        image, price_poisha, quantity, price_poisha::bigint * quantity, ${at("idempotencyKey")}::text,
        ${at("delivery")}::jsonb, ${at("expiresAt")}::timestamptz, ${at("language")}::text, weight_grams * quantity,
        ${at("buyerBin")}::text
      from taken
      returning *
    ),
    line as (
      insert into ${orderLine} (${LINE_COLUMNS})
      select placed.id, 0, taken.product_id, taken.variant_id, taken.sku, taken.label, taken.name, taken.name_bn,
        taken.image, taken.price_poisha, taken.weight_grams, taken.quantity, placed.payable_poisha
      from placed, taken
    ),
    ledger as (
      -- The stock ledger's row of this take (server/stock): the pieces, the order, the buyer, the stock after.
      insert into ${stockEntry} (${LEDGER_COLUMNS})
      select taken.product_id, taken.variant_id, -taken.quantity, taken.availability, 'placed', placed.id, 'buyer',
        ${at("buyerId")}::text, ${at("now")}::timestamptz
      from placed, taken
    ),
    event as (
      insert into ${orderEvent} (${EVENT_COLUMNS})
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
      cross join taken
      cross join (values ${mailRows(mailsOf("placed"), [LOW_STOCK])}) as m(kind, audience, only_if_ran_low)
      where not m.only_if_ran_low or taken.ran_low
    ),
    sms as (${insertOrderSms("placed", sql`placed o join event on event.order_id = o.id`)})
    select placed.*, taken.stock_out from placed, taken`,
);

/**
 * The gate, the guarded decrement and what the order writes, in one statement (TAKE_AND_RECORD). Answers the order as
 * written and whether it left the variant below its minimum order (Stock Out), or undefined when it took nothing.
 */
async function takeAndRecord(
  db: Db,
  input: OrderInput,
  buyer: SessionUser,
  maxOpenOrders: number,
  { expiresAt, now, idempotencyKey, language, buyerBin }: Placing,
) {
  const line: StockLine = {
    position: 0,
    product_id: input.productId,
    variant_id: input.variantId ?? null,
    quantity: input.quantity,
  };
  const rows = await TAKE_AND_RECORD(db, {
    maxOpenOrders,
    lines: JSON.stringify([line]),
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
export function orderFromRow(row: Record<string, unknown>): Order {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(order))) {
    const value = row[column.name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as Order;
}

/**
 * Why the guarded decrement took nothing: the detail page's own question (shared/quantity.ts), asked again of the
 * variant as it is now with what the buyer's open orders hold; undefined when nothing stands in the way now (the
 * order is placed again).
 */
async function whyNot(db: Db, input: OrderInput, buyerId: string): Promise<AppError | undefined> {
  const shelf = await readShelf(db, input);
  const held = await piecesHeldBy(db, buyerId, [shelf.variantId]);
  const problem = quantityProblem(input.quantity, shelf, held.get(shelf.variantId) ?? 0);
  if (problem?.code === M.quantity.below_minimum || problem?.code === M.quantity.off_step) {
    return invalid(problem.code, problem.params);
  }
  return problem ? conflict(problem.code, problem.params) : undefined;
}
