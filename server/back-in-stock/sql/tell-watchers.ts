import { and, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smsOutbox, stockWatch } from "../../db/notice-schema";
import { mailOutbox } from "../../db/schema";
import { kickAfterCommit } from "../../mail/outbox";
import { kickSmsAfterCommit } from "../../sms";

/** A variant whose stock just came to cover a minimum order again (it could not before the change). */
export interface BackOnShelf {
  productId: string;
  variantId: string;
}

/**
 * In the transaction that brought the stock back: one message to each person waiting (an e-mail to the address, or
 * an SMS to the phone, in the language they asked in) and their watch forgotten. A watch of a variant is told when
 * that variant is back; a watch of the whole tool when any of its variants is, its message naming the first one.
 * The watches are deleted as they are read, so two transactions can never both tell the same watch.
 */
export async function queueBackInStockNews(tx: Db, back: readonly BackOnShelf[]): Promise<void> {
  if (back.length === 0) return;
  const products = [...new Set(back.map((b) => b.productId))];
  const told = await tx
    .delete(stockWatch)
    .where(
      or(
        and(isNull(stockWatch.variantId), inArray(stockWatch.productId, products)),
        inArray(
          stockWatch.variantId,
          back.map((b) => b.variantId),
        ),
      ),
    )
    .returning();
  if (told.length === 0) return;
  const firstBack = new Map<string, string>();
  for (const b of back) if (!firstBack.has(b.productId)) firstBack.set(b.productId, b.variantId);
  const about = (w: (typeof told)[number]) => ({
    kind: "back_in_stock",
    productId: w.productId,
    variantId: w.variantId ?? firstBack.get(w.productId) ?? null,
    language: w.language,
  });
  // Oldest watch first: the first to ask is the first told.
  const inOrder = told.sort((a, b) => a.id - b.id);
  const mails = inOrder.filter((w) => w.channel === "email");
  const texts = inOrder.filter((w) => w.channel === "sms");
  if (mails.length > 0) {
    await tx
      .insert(mailOutbox)
      .values(mails.map((w) => ({ ...about(w), audience: "address" as const, toAddress: w.contact })));
    kickAfterCommit(tx);
  }
  if (texts.length > 0) {
    await tx.insert(smsOutbox).values(texts.map((w) => ({ ...about(w), phone: w.contact })));
    kickSmsAfterCommit(tx);
  }
}
