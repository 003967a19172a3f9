import { and, eq } from "drizzle-orm";
import type { Language } from "@shared/languages";
import { english, M, type MessageCode, type MessageParams } from "@shared/messages";
import { quantityProblem } from "@shared/quantity";
import type { Delivery } from "@shared/schemas/delivery";
import type { SessionUser } from "../../auth/session";
import { afterCommit } from "../../db/after-commit";
import type { Db } from "../../db/client";
import { order } from "../../db/schema";
import { AppError, conflict, isUniqueViolation } from "../../errors";
import { storeMetrics } from "../../metrics/store-metrics";
import { pickVariant } from "../../catalog";
import { piecesHeldBy, type PlacedOrder } from "./insert-order";
import { gateRefusal } from "./take-stock";
import { eventRecorded } from "./order-history";
import { confirmCashOnDelivery, type CashOnDeliveryOptions } from "./order-steps";
import type { Order } from "./order-rows";
import { readShelfOf, readShelves, type ProductShelves, type ReadShelf } from "./shelves-read";
import { takeLines, type LineToTake } from "./take-lines";

/** A line to buy: a product's variant (absent: the product's only one) and its pieces, in the buyer's order. */
export interface WantedLine {
  productId: string;
  variantId?: string | null | undefined;
  quantity: number;
  /** The line as its caller read it just now (the cart does): the first try takes it without reading it again. */
  read?: ReadShelf | undefined;
}

/** What delivering the goods costs, reckoned from their weight and subtotal once the stock is taken. */
export type ChargeOf = (parcel: { weightGrams: number; subtotalPoisha: number }) => {
  zone: string;
  chargePoisha: number;
};

export interface LinesOrderOptions {
  delivery: Delivery;
  charge: ChargeOf;
  maxOpenOrders: number;
  holdMinutes: number;
  now: Date;
  idempotencyKey: string | undefined;
  language: Language;
  /** The buyer's own BIN for a Mushak-6.3, when they gave one at checkout. */
  buyerBin?: string | null | undefined;
  /** The cart the lines come from, which loses them with the order; none for Buy It Now's one line. */
  cartId?: string | null | undefined;
  /** Cash on delivery chosen at checkout: confirmed in the same transaction, or the order is not placed. */
  cashOnDelivery?: CashOnDeliveryOptions | undefined;
}

/** One line that cannot be bought as asked, and why. */
export interface ShortLine {
  productId: string;
  variantId?: string | null | undefined;
  code: MessageCode;
  params?: MessageParams;
}

/**
 * A refusal of a whole checkout: nothing was taken. `issues` name each short line by its variant's id, or its
 * product's when the variant is unknown (`lines.{id}`), so the cart shows the reason beside the line; the API
 * answers them as `lines` with both ids.
 */
function linesShort(short: ShortLine[], names: string): AppError {
  const said = short.map((s) => ({
    code: s.code,
    message: english(s.code, s.params),
    ...(s.params ? { params: s.params } : {}),
  }));
  return new AppError("conflict", M.checkout.lines_short, {
    params: { lines: names },
    issues: short.map((s, i) => ({ field: `lines.${s.variantId ?? s.productId}`, ...said[i]! })),
    extra: {
      lines: short.map((s, i) => ({ productId: s.productId, variantId: s.variantId ?? null, ...said[i]! })),
    },
  });
}

/**
 * Places one order of several lines, all or none (decisions 0053, 0054). The lines' variants are read without a
 * lock and the delivery charge reckoned from them; then one statement takes the stock (./take-stock.ts: the gate —
 * the buyer's lock and open orders, the products' locks in id order — then each line's variant read as it is now
 * and held to its rules with what the buyer's open orders already hold, and to the values read), and, when every
 * line passed, writes the order, its lines, the ledger, the placed event with its messages, and takes the lines out
 * of the cart (./take-lines.ts). Cash on delivery is confirmed in the same transaction. When a line did not pass,
 * the lines are read again and held to the rules: one short line refuses the whole order, naming every short line;
 * none short (a line changed since it was read) places the order again, a few times at most.
 */
export async function insertOrderOfLines(
  db: Db,
  wanted: WantedLine[],
  buyer: SessionUser,
  options: LinesOrderOptions,
): Promise<PlacedOrder> {
  const { maxOpenOrders, idempotencyKey } = options;
  const ids = [...new Set(wanted.map((w) => w.productId.toLowerCase()))];
  try {
    for (let attempt = 1; ; attempt++) {
      const given = attempt === 1 && wanted.every((w) => w.read);
      let read = given ? new Map<string, ProductShelves>() : await readShelves(db, ids);
      let picked = given
        ? { lines: wanted.map((w) => ({ ...w.read!, quantity: w.quantity })), short: [] }
        : pickLines(wanted, read);
      if (picked.short.length === 0) {
        const placed = await place(db, picked.lines, buyer, options);
        if (placed) return { order: placed, replayed: false };
        read = await readShelves(db, ids);
        picked = pickLines(wanted, read);
      }
      const short = [...picked.short, ...(await quantityShort(db, buyer.id, picked.lines))];
      if (short.length > 0) throw linesShort(short, namesOf(short, read, picked.lines, options.language));
      if (attempt === TRIES) throw conflict(M.stock.too_low);
    }
  } catch (err) {
    const refusal = gateRefusal(err, maxOpenOrders);
    if (refusal) throw refusal;
    // A retried checkout whose order exists already answers with that order.
    if (idempotencyKey && isUniqueViolation(err)) {
      const [earlier] = await db
        .select()
        .from(order)
        .where(and(eq(order.buyerId, buyer.id), eq(order.idempotencyKey, idempotencyKey)));
      if (earlier) return { order: earlier, replayed: true };
    }
    throw err;
  }
}

const TRIES = 3;

/** Each wanted line's variant among its product's live ones as read, or why it has none. */
function pickLines(wanted: WantedLine[], read: Map<string, ProductShelves>) {
  const lines: LineToTake[] = [];
  const short: ShortLine[] = [];
  for (const line of wanted) {
    const found = read.get(line.productId.toLowerCase());
    if (!found) {
      short.push({ productId: line.productId, code: M.product.not_found });
      continue;
    }
    try {
      lines.push({ ...readShelfOf(found, pickVariant(found.variants, line.variantId)), quantity: line.quantity });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      short.push({ productId: line.productId, variantId: line.variantId, code: err.code });
    }
  }
  return { lines, short };
}

/** The lines whose pieces the variant's rules and stock refuse now, with what the buyer's open orders hold. */
async function quantityShort(db: Db, buyerId: string, lines: LineToTake[]): Promise<ShortLine[]> {
  const held = await piecesHeldBy(
    db,
    buyerId,
    lines.map((l) => l.shelf.variantId),
  );
  return lines.flatMap(({ shelf, quantity }) => {
    const problem = quantityProblem(quantity, shelf, held.get(shelf.variantId) ?? 0);
    return problem ? [{ productId: shelf.productId, variantId: shelf.variantId, ...problem }] : [];
  });
}

/** The short lines as the refusal names them: the product's name in the buyer's language, with the variant's values. */
function namesOf(short: ShortLine[], read: Map<string, ProductShelves>, lines: LineToTake[], language: Language) {
  return short
    .map((s) => {
      const p = read.get(s.productId.toLowerCase());
      if (!p) return s.productId;
      const name = language === "bn" ? (p.nameBn ?? p.name) : p.name;
      const label = lines.find((l) => l.shelf.variantId === s.variantId)?.shelf.label;
      return label ? `${name} (${label})` : name;
    })
    .join(", ");
}

/** The statement (in a transaction with the cash-on-delivery confirmation, when chosen); undefined when a line did not pass. */
async function place(
  db: Db,
  lines: LineToTake[],
  buyer: SessionUser,
  options: LinesOrderOptions,
): Promise<Order | undefined> {
  const subtotalPoisha = lines.reduce((sum, l) => sum + l.shelf.pricePoisha * l.quantity, 0);
  const weightGrams = lines.reduce((sum, l) => sum + l.shelf.weightGrams * l.quantity, 0);
  const take = async (on: Db) => {
    const taken = await takeLines(on, {
      lines,
      buyer,
      maxOpenOrders: options.maxOpenOrders,
      quote: options.charge({ weightGrams, subtotalPoisha }),
      delivery: options.delivery,
      buyerBin: options.buyerBin ?? null,
      idempotencyKey: options.idempotencyKey ?? null,
      expiresAt: new Date(options.now.getTime() + options.holdMinutes * 60_000),
      now: options.now,
      language: options.language,
      cartId: options.cartId ?? null,
    });
    if (!taken) return undefined;
    eventRecorded(on, "placed", true);
    for (let i = 0; i < taken.stockOuts; i++) afterCommit(on, () => storeMetrics.stockOuts.inc());
    afterCommit(on, () => storeMetrics.orderLines.inc({ via: "checkout" }, lines.length));
    return taken.order;
  };
  const cod = options.cashOnDelivery;
  if (!cod) return take(db);
  return db.transaction(async (tx) => {
    const placed = await take(tx);
    return placed && confirmCashOnDelivery(tx, buyer, placed.id, cod);
  });
}
