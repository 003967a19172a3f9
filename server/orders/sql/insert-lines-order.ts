import { and, asc, eq, inArray } from "drizzle-orm";
import type { Language } from "@shared/languages";
import { isRunningLow } from "@shared/low-stock";
import { english, M, type MessageCode, type MessageParams } from "@shared/messages";
import { quantityProblem } from "@shared/quantity";
import type { Delivery } from "@shared/schemas/delivery";
import { isStockOut } from "@shared/stock";
import type { SessionUser } from "../../auth/session";
import { afterCommit } from "../../db/after-commit";
import type { Db } from "../../db/client";
import { mailOutbox, order, orderLine, product, type ProductRow } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../errors";
import { LOW_STOCK } from "../../mail/outbox";
import { storeMetrics } from "../../metrics/store-metrics";
import { pickVariant, shelfOf, variantsByProduct, type Shelf } from "../../catalog";
import { moveStock } from "../../stock";
import { piecesHeldBy } from "./insert-order";
import { gateRefusal, passOrderGate } from "./order-gate";
import { recordEvent } from "./order-history";
import { confirmCashOnDelivery, type CashOnDeliveryOptions } from "./order-steps";
import { isId, type Order } from "./order-rows";

/** A line to buy: a product's variant (absent: the product's only one) and its pieces, in the buyer's order. */
export interface WantedLine {
  productId: string;
  variantId?: string | null | undefined;
  quantity: number;
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
 * Places one order of several lines, all or none, in one transaction: the buyer's row is locked and their open
 * orders counted (as for a one-line order), then every product's row is locked in id order — two checkouts of the
 * same products lock them in the same order and cannot deadlock, and the product's row is the lock of its variants
 * (decision 0033) — and each line's variant is held to its rules with what the buyer's open orders already hold. One short line refuses the whole order, naming every short line; else
 * the order and its lines are written with the delivery charge reckoned now, each product's stock goes down with
 * its ledger row, and the placed event queues its e-mails (admins hear of each product that went below its low-stock line).
 */
export async function insertOrderOfLines(
  db: Db,
  wanted: WantedLine[],
  buyer: SessionUser,
  options: LinesOrderOptions,
): Promise<Order> {
  const { maxOpenOrders, holdMinutes, now, idempotencyKey, language } = options;
  try {
    return await db.transaction(async (tx) => {
      const ids = [...new Set(wanted.map((w) => w.productId))].sort();
      // The gate locks the buyer's row, counts their open orders, and locks the products' rows in id order with FOR
      // NO KEY UPDATE, the lock the decrement takes anyway: FOR UPDATE would also wait for the KEY SHARE locks of
      // rows that refer to a product (an order event's mail, written before a cancel gives the stock back), and a
      // cancel holding one while it waited for a product this checkout locked first was a deadlock.
      // What the buyer's open orders hold of the variants named (a cart's lines always name theirs) comes with it.
      const named = [...new Set(wanted.flatMap((w) => (w.variantId && isId(w.variantId) ? [w.variantId] : [])))];
      const held = await passOrderGate(tx, buyer.id, maxOpenOrders, ids, named);
      const shelves = new Map(
        (await tx.select().from(product).where(inArray(product.id, ids)).orderBy(asc(product.id))).map((p) => [
          p.id,
          p,
        ]),
      );
      const variants = await variantsByProduct(tx, ids);
      const short: ShortLine[] = [];
      const picked: { wanted: WantedLine; shelf: Shelf }[] = [];
      for (const line of wanted) {
        const found = shelves.get(line.productId);
        if (!found) {
          short.push({ productId: line.productId, code: M.product.not_found });
          continue;
        }
        try {
          picked.push({ wanted: line, shelf: shelfOf(found, pickVariant(variants.get(found.id)!, line.variantId)) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          short.push({ productId: line.productId, variantId: line.variantId, code: err.code });
        }
      }
      const unnamed = picked.map((p) => p.shelf.variantId).filter((id) => !held.has(id));
      for (const [id, pieces] of await piecesHeldBy(tx, buyer.id, unnamed)) held.set(id, pieces);
      for (const { wanted: line, shelf } of picked) {
        const problem = quantityProblem(line.quantity, shelf, held.get(shelf.variantId) ?? 0);
        if (problem) short.push({ productId: shelf.productId, variantId: shelf.variantId, ...problem });
      }
      if (short.length > 0) {
        const nameOf = (s: ShortLine) => {
          const p = shelves.get(s.productId);
          if (!p) return s.productId;
          const name = language === "bn" ? (p.nameBn ?? p.name) : p.name;
          const label = picked.find((x) => x.shelf.variantId === s.variantId)?.shelf.label;
          return label ? `${name} (${label})` : name;
        };
        throw linesShort(short, short.map(nameOf).join(", "));
      }
      const lines = picked.map(({ wanted: w, shelf }) => ({ quantity: w.quantity, shelf }));
      const subtotalPoisha = lines.reduce((sum, l) => sum + l.shelf.pricePoisha * l.quantity, 0);
      const weightGrams = lines.reduce((sum, l) => sum + l.shelf.weightGrams * l.quantity, 0);
      const quote = options.charge({ weightGrams, subtotalPoisha });
      const first = lines[0]!;
      const [placed] = await tx
        .insert(order)
        .values({
          buyerId: buyer.id,
          buyerEmail: buyer.email,
          buyerName: buyer.name,
          productId: first.shelf.productId,
          productName: first.shelf.name,
          productNameBn: first.shelf.nameBn,
          image: first.shelf.image,
          pricePoisha: first.shelf.pricePoisha,
          quantity: first.quantity,
          payablePoisha: subtotalPoisha,
          deliveryChargePoisha: quote.chargePoisha,
          lineCount: lines.length,
          weightGrams,
          deliveryZone: quote.zone,
          delivery: options.delivery,
          buyerBin: options.buyerBin ?? null,
          idempotencyKey: idempotencyKey ?? null,
          expiresAt: new Date(now.getTime() + holdMinutes * 60_000),
          language,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderLine).values(
        lines.map((l, position) => ({
          orderId: placed!.id,
          position,
          productId: l.shelf.productId,
          variantId: l.shelf.variantId,
          sku: l.shelf.sku,
          variantLabel: l.shelf.label,
          name: l.shelf.name,
          nameBn: l.shelf.nameBn,
          image: l.shelf.image,
          pricePoisha: l.shelf.pricePoisha,
          weightGrams: l.shelf.weightGrams,
          quantity: l.quantity,
          amountPoisha: l.shelf.pricePoisha * l.quantity,
        })),
      );
      // The rows are locked since the check above, so the stock is taken after the order exists to name it.
      const after = await moveStock(
        tx,
        lines.map((l) => ({
          productId: l.shelf.productId,
          variantId: l.shelf.variantId,
          change: -l.quantity,
          orderId: placed!.id,
        })),
        { reason: "placed", by: "buyer", byUserId: buyer.id, at: now },
      );
      const ranLow: ProductRow[] = [];
      for (const [id, row] of after.products) {
        if (isRunningLow(row) && !isRunningLow(shelves.get(id)!)) ranLow.push(row);
      }
      for (const shelf of after.variants.values()) {
        if (isStockOut(shelf)) afterCommit(tx, () => storeMetrics.stockOuts.inc());
      }
      await recordEvent(tx, placed!.id, "placed", { by: "buyer", userId: buyer.id }, { at: now });
      afterCommit(tx, () => storeMetrics.orderLines.inc({ via: "checkout" }, lines.length));
      if (ranLow.length > 0) {
        await tx
          .insert(mailOutbox)
          .values(ranLow.map((p) => ({ ...LOW_STOCK, orderId: placed!.id, productId: p.id, language: "en" as const })));
      }
      return options.cashOnDelivery ? confirmCashOnDelivery(tx, buyer, placed!.id, options.cashOnDelivery) : placed!;
    });
  } catch (err) {
    const refusal = gateRefusal(err, maxOpenOrders);
    if (refusal) throw refusal;
    // A retried checkout whose order exists already answers with that order.
    if (idempotencyKey && isUniqueViolation(err)) {
      const [earlier] = await db
        .select()
        .from(order)
        .where(and(eq(order.buyerId, buyer.id), eq(order.idempotencyKey, idempotencyKey)));
      if (earlier) return earlier;
    }
    throw err;
  }
}
