import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { Db } from "../../db/client";
import { codPhoneCode, smsOutbox, type OrderRow } from "../../db/schema";
import { conflict } from "../../errors";
import { kickSmsAfterCommit, smsNumberOf } from "../../sms";

/** How long a code may be used: ten minutes. */
export const CODE_MINUTES = 10;
/** Wrong tries a code takes before it is dead. */
export const CODE_TRIES = 5;

/**
 * A code's SHA-256, bound to its order: only this is kept. (Six digits are a million guesses from a stolen hash; what
 * keeps the code is its five tries and ten minutes, not the hash.)
 */
export function codeHash(orderId: string, code: string): string {
  return createHash("sha256").update(`${orderId}:${code}`).digest("hex");
}

/** Whether `code` is the one whose hash was kept, compared in constant time. */
export function sameCode(orderId: string, code: string, kept: string): boolean {
  const given = Buffer.from(codeHash(orderId, code), "hex");
  const stored = Buffer.from(kept, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Sends a new code to the order's delivery phone, in the caller's transaction (the order locked by it): six digits
 * from the CSPRNG, kept only as their hash with five tries and ten minutes, replacing any code before it; the SMS is a
 * `phone_code` row of the outbox in the order's language, and an earlier one not yet on its way is dropped so that
 * no dead code reaches the phone after the new one. Answers the number it goes to.
 */
export async function insertPhoneCode(tx: Db, row: OrderRow, now: Date): Promise<string> {
  const phone = smsNumberOf(row.delivery?.phone);
  if (!phone) throw conflict(M.phone_code.no_phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const kept = {
    codeHash: codeHash(row.id, code),
    tries: 0,
    expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
    sentAt: now,
  };
  await tx
    .insert(codPhoneCode)
    .values({ orderId: row.id, ...kept })
    .onConflictDoUpdate({ target: codPhoneCode.orderId, set: kept });
  await tx
    .delete(smsOutbox)
    .where(
      and(
        eq(smsOutbox.orderId, row.id),
        eq(smsOutbox.kind, "phone_code"),
        eq(smsOutbox.status, "pending"),
        or(isNull(smsOutbox.leaseUntil), lt(smsOutbox.leaseUntil, now)),
      ),
    );
  await tx.insert(smsOutbox).values({
    kind: "phone_code",
    orderId: row.id,
    phone,
    language: row.language,
    params: { code },
    nextAttemptAt: now,
    createdAt: now,
  });
  kickSmsAfterCommit(tx);
  return row.delivery!.phone;
}

/** The order's code, if one was sent (the order is locked by the caller). */
export async function selectPhoneCode(tx: Db, orderId: string) {
  const [kept] = await tx.select().from(codPhoneCode).where(eq(codPhoneCode.orderId, orderId));
  return kept;
}

/** One wrong try spent; answers the tries left. */
export async function spendTry(tx: Db, orderId: string): Promise<number> {
  const [after] = await tx
    .update(codPhoneCode)
    .set({ tries: sql`${codPhoneCode.tries} + 1` })
    .where(eq(codPhoneCode.orderId, orderId))
    .returning({ tries: codPhoneCode.tries });
  return Math.max(0, CODE_TRIES - (after?.tries ?? CODE_TRIES));
}

/** The code has done its work (the order is confirmed): nothing of it is kept. */
export async function deletePhoneCode(tx: Db, orderId: string): Promise<void> {
  await tx.delete(codPhoneCode).where(eq(codPhoneCode.orderId, orderId));
}
