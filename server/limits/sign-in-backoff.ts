import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { requestLimit } from "../db/schema";
import type { LimitVerdict } from "./request-limit";

/**
 * Failed sign-ins to one account in a row, from whatever addresses: the first `freeFailures` cost nothing, then the
 * account is refused for `firstBlockSeconds`, doubling with each further failure up to `maxBlockSeconds`. A
 * success clears the count; failures are forgotten after `forgetAfterSeconds` without an attempt.
 */
export interface BackoffRule {
  freeFailures: number;
  firstBlockSeconds: number;
  maxBlockSeconds: number;
  forgetAfterSeconds: number;
}

export const SIGN_IN_BACKOFF: BackoffRule = {
  freeFailures: 5,
  firstBlockSeconds: 60,
  maxBlockSeconds: 60 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

/** How long the `failures`th failure in a row blocks the account (0 while failures are still free). */
export function blockSeconds(failures: number, rule: BackoffRule = SIGN_IN_BACKOFF): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.firstBlockSeconds * 2 ** (failures - rule.freeFailures), rule.maxBlockSeconds);
}

/**
 * A counter's key in `request_limit` for something done to one e-mail address. The address is hashed: the table
 * holds no addresses, and any text a client sends (a NUL, a megabyte) makes a key of the same short shape.
 */
export function emailKey(what: string, email: string): string {
  return `${what}:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url")}`;
}

export const signInKey = (email: string) => emailKey("sign-in:account", email);

/**
 * Called before the password is checked. While the account is blocked, the attempt is refused (and changes
 * nothing, so waiting is what ends a block). Otherwise it counts as a failure until `signInSucceeded` says
 * otherwise, and the attempt that reaches a failure limit starts the block itself: concurrent attempts from many
 * addresses cannot slip in while its password is being checked.
 */
export async function startSignIn(
  db: Db,
  email: string,
  rule: BackoffRule = SIGN_IN_BACKOFF,
  now = new Date(),
): Promise<LimitVerdict> {
  const key = signInKey(email);
  return db.transaction(async (tx) => {
    await tx.insert(requestLimit).values({ key, windowStart: now, hits: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(requestLimit).where(eq(requestLimit.key, key)).for("update");
    if (row!.blockedUntil && row!.blockedUntil > now) {
      return { allowed: false, retryAfterSeconds: Math.ceil((row!.blockedUntil.getTime() - now.getTime()) / 1000) };
    }
    const forgotten = now.getTime() - row!.windowStart.getTime() >= rule.forgetAfterSeconds * 1000;
    const failures = (forgotten ? 0 : row!.hits) + 1;
    const block = blockSeconds(failures, rule);
    await tx
      .update(requestLimit)
      .set({
        hits: failures,
        windowStart: now,
        blockedUntil: block > 0 ? new Date(now.getTime() + block * 1000) : null,
      })
      .where(eq(requestLimit.key, key));
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** The right password: the account's failures are cleared. */
export async function signInSucceeded(db: Db, email: string): Promise<void> {
  await db.delete(requestLimit).where(eq(requestLimit.key, signInKey(email)));
}
