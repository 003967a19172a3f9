import { M, message, type MessageCode, type MessageParams } from "@shared/messages";
import { PhoneCodeSchema } from "@shared/schemas/phone-code";
import { signedIn } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import type { Db } from "../db/client";
import { AppError, conflict, notFound, type ErrorKind } from "../errors";
import { enforceRules } from "../limits/rules";
import { withinLimits } from "../limits/within-limits";
import { assertActor, confirmLockedOrder, getAnyOrder, lockOrder, orderFacts, type Order } from "../orders";
import {
  CODE_MINUTES,
  CODE_TRIES,
  deletePhoneCode,
  insertPhoneCode,
  sameCode,
  selectPhoneCode,
  spendTry,
} from "./sql/code-rows";

/** What the orders' cash-on-delivery step calls, in its transaction, when the shop confirms orders by phone code. */
export type PhoneCodeSender = (tx: Db, row: Order, now: Date) => Promise<unknown>;

export const sendCodeInTransaction: PhoneCodeSender = (tx, row, now) => insertPhoneCode(tx, row, now);

/** A code on its way: the phone it goes to (as the buyer gave it), until when it works and how many tries it takes. */
export interface CodeSent {
  phone: string;
  expiresAt: Date;
  triesLeft: number;
}

/** Who asks must be the order's buyer, and the order a cash-on-delivery one awaiting confirmation. */
function assertAwaiting(row: Order, buyer: { id: string; role: "user" | "admin" }) {
  const facts = orderFacts(row, false);
  assertActor(facts, buyer, "confirm_cod");
  if (!facts.awaitingConfirmation) throw conflict(M.phone_code.not_awaiting);
}

function offered(ctx: RequestContext) {
  if (!ctx.phoneCodes) throw notFound(M.phone_code.not_offered);
}

/**
 * "Send the code again" and `POST /api/order/{id}/phone-code`: a new code to the buyer's cash-on-delivery order's
 * delivery phone, replacing the one before. Only an order of theirs awaiting confirmation is counted against the
 * rate rule (per order, and per address), so nobody spends another's codes.
 */
export async function sendPhoneCode(ctx: RequestContext, orderId: unknown): Promise<CodeSent> {
  const buyer = signedIn(await ctx.actor());
  offered(ctx);
  const id = key(orderId);
  assertAwaiting(await getAnyOrder(ctx.db, id), buyer);
  const now = ctx.now?.() ?? new Date();
  try {
    await enforceRules(ctx.db, ctx.limits, "phone_code", { accountId: id!, per: "order", address: ctx.clientIp }, now);
  } catch (err) {
    if (!(err instanceof AppError) || err.retryAfterSeconds === undefined) throw err;
    const minutes = Math.ceil(err.retryAfterSeconds / 60);
    throw new AppError("too_many", M.phone_code.too_many, {
      params: { minutes },
      retryAfterSeconds: err.retryAfterSeconds,
    });
  }
  const phone = await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    assertAwaiting(row, buyer);
    return insertPhoneCode(tx, row, now);
  });
  return { phone, expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000), triesLeft: CODE_TRIES };
}

/** Why a code was not taken, said beside the form's field. */
function codeRefusal(kind: ErrorKind, code: MessageCode, params?: MessageParams, triesLeft?: number): AppError {
  const said = message(code, params);
  return new AppError(kind, code, {
    params,
    issues: [{ field: "code", ...said }],
    ...(triesLeft === undefined ? {} : { extra: { triesLeft } }),
  });
}

type Verdict = { order: Order } | { refusal: AppError };

/**
 * The buyer enters the code on the order's page (`POST /api/order/{id}/phone-code/verify`): the right one, within its
 * ten minutes and five tries, confirms the order as the shop's confirmation does, in the buyer's name. A wrong one
 * spends a try (kept though the call is refused) and says how many are left; a dead or expired code is refused until
 * a new one is asked for.
 */
export async function checkPhoneCode(ctx: RequestContext, orderId: unknown, raw: unknown): Promise<Order> {
  const buyer = signedIn(await ctx.actor());
  offered(ctx);
  const { code } = parseInput(PhoneCodeSchema, raw);
  await withinLimits(ctx, "phone_code_check", buyer);
  const now = ctx.now?.() ?? new Date();
  const verdict = await ctx.db.transaction(async (tx): Promise<Verdict> => {
    const row = await lockOrder(tx, key(orderId));
    assertAwaiting(row, buyer);
    const kept = await selectPhoneCode(tx, row.id);
    if (!kept) return { refusal: codeRefusal("conflict", M.phone_code.none) };
    if (kept.tries >= CODE_TRIES) return { refusal: codeRefusal("conflict", M.phone_code.no_tries_left, undefined, 0) };
    if (kept.expiresAt.getTime() <= now.getTime()) return { refusal: codeRefusal("conflict", M.phone_code.expired) };
    if (!sameCode(row.id, code, kept.codeHash)) {
      const left = await spendTry(tx, row.id);
      return {
        refusal:
          left > 0
            ? codeRefusal("invalid", M.phone_code.wrong, { left }, left)
            : codeRefusal("conflict", M.phone_code.no_tries_left, undefined, 0),
      };
    }
    await deletePhoneCode(tx, row.id);
    const by = { by: "buyer" as const, userId: buyer.id };
    return { order: await confirmLockedOrder(tx, row, by, now, M.phone_code.confirmed_by_code) };
  });
  if ("refusal" in verdict) throw verdict.refusal;
  return verdict.order;
}
