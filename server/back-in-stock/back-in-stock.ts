import { createHash } from "node:crypto";
import { z } from "zod";
import { M, message, type Message } from "@shared/messages";
import { BackInStockSchema } from "@shared/schemas/back-in-stock";
import { isStockOut } from "@shared/stock";
import type { WatchChannel } from "../db/notice-schema";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { AppError, notFound } from "../errors";
import { enforceRules } from "../limits/rules";
import { deleteWatchesBefore, insertWatchOnce, selectShelvesForWatch } from "./sql/watch-rows";

/** How long a watch waits for its tool before it is forgotten. */
export const WATCH_DAYS = 90;

const isId = (id: string) => z.uuid().safeParse(id).success;

export interface BackInStockAsked {
  channel: WatchChannel;
  said: Message;
}

/**
 * `POST /api/back-in-stock`, the product page's "Tell me when it is back": anyone, signed in or not, leaves a
 * Bangladeshi mobile number or an e-mail address for a tool (or one of its variants) that is Stock Out now. Asked
 * again for the same tool and address, the answer is the same and nothing new is kept: they are told once. The
 * contact and the caller's address are counted against one limit (the contact's only as a hash).
 */
export async function askBackInStock(ctx: RequestContext, raw: unknown): Promise<BackInStockAsked> {
  const input = parseInput(BackInStockSchema, raw);
  const productId = input.productId.toLowerCase();
  const variantId = input.variantId?.toLowerCase();
  if (!isId(productId)) throw notFound(M.product.not_found);
  if (variantId !== undefined && !isId(variantId)) throw notFound(M.variant.not_found);
  const { channel, contact } =
    input.email !== undefined
      ? { channel: "email" as const, contact: input.email }
      : { channel: "sms" as const, contact: `880${input.phone!.slice(1)}` };
  const caller = { accountId: contactKey(contact), address: ctx.clientIp, per: "contact" as const };
  await enforceRules(ctx.db, ctx.limits, "watch", caller, ctx.now?.() ?? new Date());
  await ctx.db.transaction(async (tx) => {
    const shelves = await selectShelvesForWatch(tx, productId);
    if (!shelves || shelves.variants.length === 0) throw notFound(M.product.not_found);
    const variant = variantId === undefined ? undefined : shelves.variants.find((v) => v.id === variantId);
    if (variantId !== undefined && !variant) throw notFound(M.variant.not_found);
    const watched = variant ? [variant] : shelves.variants;
    if (!watched.every(isStockOut)) throw inStock(channel === "email" ? "email" : "phone");
    // A tool sold in one form is watched as the tool, however it was named.
    const watchVariant = shelves.hasOptions && variant ? variant.id : null;
    await insertWatchOnce(tx, { productId, variantId: watchVariant, channel, contact, language: ctx.language });
  });
  return { channel, said: message(channel === "email" ? M.back_in_stock.asked_email : M.back_in_stock.asked_sms) };
}

/**
 * Watches older than WATCH_DAYS are forgotten: a step of the store's own clock (server/jobs/order-expiry.ts), which
 * every copy runs; deleting what another copy deleted already deletes nothing. How many went.
 */
export async function forgetStaleWatches(ctx: RequestContext): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  return deleteWatchesBefore(ctx.db, new Date(now.getTime() - WATCH_DAYS * 24 * 60 * 60 * 1000));
}

/** The contact as the rate limits' table holds it: a hash, never the number or address itself. */
function contactKey(contact: string): string {
  return createHash("sha256").update(`watch\n${contact}`).digest("base64url");
}

/** The tool (or the variant asked for) can be ordered now: nothing to wait for, said beside the contact field. */
function inStock(field: "email" | "phone"): AppError {
  const said = message(M.back_in_stock.in_stock);
  return new AppError("conflict", said.code, { issues: [{ field, ...said }] });
}
