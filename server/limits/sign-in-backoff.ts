import { createHash } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { requestLimit } from "../db/schema";
import type { LimitVerdict } from "./request-limit";
import { addressKey } from "./rules";

/**
 * Failed sign-ins in a row under one counter: the first `freeFailures` cost nothing, then the counter refuses for
 * `firstBlockSeconds`, doubling with each further failure up to `maxBlockSeconds`. A success clears it; failures
 * are forgotten after `forgetAfterSeconds` without an attempt.
 */
export interface BackoffRule {
  freeFailures: number;
  firstBlockSeconds: number;
  maxBlockSeconds: number;
  forgetAfterSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SIGN_IN_BACKOFF: BackoffRule = {
  freeFailures: 5,
  firstBlockSeconds: MINUTE,
  maxBlockSeconds: HOUR,
  forgetAfterSeconds: DAY,
};

/**
 * Who is slowed down, and when (docs/configuration.md, "Limits"; OWASP's "Slow Down Online Guessing Attacks with Device Cookies"):
 * - `device`: a sign-in that presents the account's device cookie counts only against that cookie's failures;
 *   after `freeFailures` the cookie is locked out (no longer trusted) for a while, doubling.
 * - `address`: any other sign-in counts against the account from its address (IPv6 by /64).
 * - `account`: and against the account from every address, which refuses such sign-ins only once
 *   `accountAfterAddresses` addresses have failed: one stranger cannot hold the account back.
 */
export interface SignInRules {
  device: BackoffRule;
  address: BackoffRule;
  account: BackoffRule;
  accountAfterAddresses: number;
}

export const SIGN_IN_RULES: SignInRules = {
  device: { freeFailures: 5, firstBlockSeconds: HOUR, maxBlockSeconds: 12 * HOUR, forgetAfterSeconds: DAY },
  address: SIGN_IN_BACKOFF,
  account: SIGN_IN_BACKOFF,
  accountAfterAddresses: 3,
};

/** How long the `failures`th failure in a row blocks (0 while failures are still free). */
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

/** Untrusted failures in a row for the account, from any address (and its account-wide block). */
export const signInKey = (email: string) => emailKey("sign-in:account", email);

/** How many addresses have failed to sign in to the account (the episode ends after a quiet day). */
export const signInAddressesKey = (email: string) => emailKey("sign-in:addresses", email);

/** Untrusted failures for the account from one address: the table holds a hash of both, never the address. */
export const signInAddressKey = (email: string, address: string | null) =>
  `sign-in:address:${createHash("sha256")
    .update(`${email.trim().toLowerCase()}\n${address === null ? "unknown" : addressKey(address)}`)
    .digest("base64url")}`;

/** One device cookie entry's failures (its nonce is random, and useless without the cookie's signature). */
export const signInDeviceKey = (nonce: string) => `sign-in:device:${nonce}`;

/** A sign-in about to check a password: the account, the client's address and the device cookie's nonce for it. */
export interface SignInAttempt {
  email: string;
  address: string | null;
  /** The nonce of the account's entry in the browser's validly signed device cookie, if it has one. */
  device?: string | null;
}

export interface SignInVerdict extends LimitVerdict {
  /** Counted against the device cookie alone (it was valid for the account and not locked out). */
  trusted: boolean;
}

type Row = typeof requestLimit.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 1000));
const waitOf = (row: Row, now: Date) =>
  row.blockedUntil && row.blockedUntil > now ? secondsBetween(now, row.blockedUntil) : 0;
/** The failures a row still holds: none once it has been quiet for the rule's day. */
const heldFailures = (row: Row, rule: BackoffRule, now: Date) =>
  now.getTime() - row.windowStart.getTime() >= rule.forgetAfterSeconds * 1000 ? 0 : row.hits;

/**
 * The rows under `keys`, created when missing, locked until the transaction ends. Always inserted and locked in
 * one order (the account's row sorts first), so attempts on one account queue on it and never wait crosswise.
 */
async function lockRows(tx: Tx, keys: string[], now: Date): Promise<Map<string, Row>> {
  const sorted = [...new Set(keys)].sort();
  await tx
    .insert(requestLimit)
    .values(sorted.map((key) => ({ key, windowStart: now, hits: 0 })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(requestLimit)
    .where(inArray(requestLimit.key, sorted))
    .orderBy(asc(requestLimit.key))
    .for("update");
  return new Map(rows.map((row) => [row.key, row]));
}

async function setRow(tx: Tx, key: string, hits: number, now: Date, blockSeconds: number) {
  await tx
    .update(requestLimit)
    .set({
      hits,
      windowStart: now,
      blockedUntil: blockSeconds > 0 ? new Date(now.getTime() + blockSeconds * 1000) : null,
    })
    .where(eq(requestLimit.key, key));
}

/**
 * Called before the password is checked. A refused attempt changes nothing (waiting is what ends a block). An
 * allowed one counts as a failure until `signInSucceeded` says otherwise, and the attempt that reaches a limit
 * starts the block itself: concurrent attempts cannot slip in while its password is being checked.
 *
 * With a device cookie entry that is not locked out, only that entry's failures count, and it is never refused
 * (a locked-out entry is simply not trusted). Otherwise the attempt is refused while the account is blocked from
 * its address, or for every untrusted sign-in; the account-wide block starts only once enough addresses failed.
 */
export async function startSignIn(
  db: Db,
  attempt: SignInAttempt,
  rules: SignInRules = SIGN_IN_RULES,
  now = new Date(),
): Promise<SignInVerdict> {
  return db.transaction(async (tx) => {
    if (attempt.device) {
      const key = signInDeviceKey(attempt.device);
      const device = (await lockRows(tx, [key], now)).get(key)!;
      if (waitOf(device, now) === 0) {
        const failures = heldFailures(device, rules.device, now) + 1;
        await setRow(tx, key, failures, now, blockSeconds(failures, rules.device));
        return { allowed: true, retryAfterSeconds: 0, trusted: true };
      }
    }
    const keys = {
      account: signInKey(attempt.email),
      addresses: signInAddressesKey(attempt.email),
      address: signInAddressKey(attempt.email, attempt.address),
    };
    const rows = await lockRows(tx, Object.values(keys), now);
    const account = rows.get(keys.account)!;
    const addresses = rows.get(keys.addresses)!;
    const address = rows.get(keys.address)!;
    const wait = Math.max(waitOf(account, now), waitOf(address, now));
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait, trusted: false };

    const addressFailures = heldFailures(address, rules.address, now) + 1;
    // An address counts once while its failures are held; one whose failures were cleared or forgotten, again.
    const failedAddresses = heldFailures(addresses, rules.account, now) + (addressFailures === 1 ? 1 : 0);
    const accountFailures = heldFailures(account, rules.account, now) + 1;
    const accountBlock =
      failedAddresses >= rules.accountAfterAddresses ? blockSeconds(accountFailures, rules.account) : 0;
    await setRow(tx, keys.address, addressFailures, now, blockSeconds(addressFailures, rules.address));
    await setRow(tx, keys.addresses, failedAddresses, now, 0);
    await setRow(tx, keys.account, accountFailures, now, accountBlock);
    return { allowed: true, retryAfterSeconds: 0, trusted: false };
  });
}

/**
 * The right password. Trusted: the device entry's failures are cleared, and nothing else (strangers stay
 * blocked). Untrusted: the failures from its address and the account's failures in a row are cleared; the
 * count of failed addresses stays until a quiet day, so the next stranger still meets the account-wide block.
 */
export async function signInSucceeded(db: Db, attempt: SignInAttempt, trusted: boolean): Promise<void> {
  const keys = attempt.device ? [signInDeviceKey(attempt.device)] : [];
  if (!trusted) keys.push(signInKey(attempt.email), signInAddressKey(attempt.email, attempt.address));
  if (keys.length > 0) await db.delete(requestLimit).where(inArray(requestLimit.key, keys));
}
