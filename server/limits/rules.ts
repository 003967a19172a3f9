import { isIP } from "node:net";
import type { Db } from "../db/client";
import { tooMany } from "../errors";
import { countRequests, type LimitRule } from "./request-limit";

/** The writes a customer (or an admin) could repeat to flood the store: each has a rule per account and per address. */
export type LimitedOperation =
  | "order"
  | "review"
  | "upload"
  | "cart"
  | "address"
  | "stock"
  | "vote"
  | "import"
  | "phone_code"
  | "phone_code_check"
  | "watch"
  | "courier";

export interface OperationRules {
  account: LimitRule;
  address: LimitRule;
}

export type LimitRules = Record<LimitedOperation, OperationRules>;

/**
 * One address may make as many calls as this many accounts: a household, an office or a mobile carrier's NAT puts
 * several customers behind one address, while one client cycling through accounts still meets a limit.
 */
export const SHARED_ADDRESS_ACCOUNTS = 3;

/** How many calls of each operation one account may make in its window (server/config.ts). */
export interface LimitSettings {
  ORDER_LIMIT_PER_MINUTE: number;
  CART_LIMIT_PER_MINUTE: number;
  ADDRESS_LIMIT_PER_HOUR: number;
  STOCK_LIMIT_PER_HOUR: number;
  VOTE_LIMIT_PER_HOUR: number;
  REVIEW_LIMIT_PER_HOUR: number;
  UPLOAD_LIMIT_PER_HOUR: number;
  IMPORT_LIMIT_PER_HOUR: number;
  PHONE_CODE_LIMIT_PER_HOUR: number;
  WATCH_LIMIT_PER_HOUR: number;
  COURIER_LIMIT_PER_HOUR: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

function perAccount(max: number, windowSeconds: number): OperationRules {
  return { account: { max, windowSeconds }, address: { max: max * SHARED_ADDRESS_ACCOUNTS, windowSeconds } };
}

/** The store's rate limits, named in one place; the numbers come from the configuration. */
export function limitRules(settings: LimitSettings): LimitRules {
  return {
    order: perAccount(settings.ORDER_LIMIT_PER_MINUTE, MINUTE),
    review: perAccount(settings.REVIEW_LIMIT_PER_HOUR, HOUR),
    upload: perAccount(settings.UPLOAD_LIMIT_PER_HOUR, HOUR),
    cart: perAccount(settings.CART_LIMIT_PER_MINUTE, MINUTE),
    address: perAccount(settings.ADDRESS_LIMIT_PER_HOUR, HOUR),
    stock: perAccount(settings.STOCK_LIMIT_PER_HOUR, HOUR),
    vote: perAccount(settings.VOTE_LIMIT_PER_HOUR, HOUR),
    import: perAccount(settings.IMPORT_LIMIT_PER_HOUR, HOUR),
    // Counted per order (`Caller.per`): codes sent to one order's phone.
    phone_code: perAccount(settings.PHONE_CODE_LIMIT_PER_HOUR, HOUR),
    // Tries at codes: a code takes five, and an account may try ten times what its codes of an hour allow.
    phone_code_check: perAccount(settings.PHONE_CODE_LIMIT_PER_HOUR * 5 * 10, HOUR),
    // Counted per contact (`Caller.per`): "tell me when it is back" asked for one phone or e-mail address.
    watch: perAccount(settings.WATCH_LIMIT_PER_HOUR, HOUR),
    // Parcels booked, received back and payouts recorded: each call to book may reach the courier's API.
    courier: perAccount(settings.COURIER_LIMIT_PER_HOUR, HOUR),
  };
}

/** Who is calling: the account, and the address the request came from (the request context always has one). */
export interface Caller {
  accountId: string;
  address: string;
  /** What `accountId` names: an account (the default), or an order, for a rule counted per order (phone codes). */
  per?: "account" | "order" | "contact";
}

/**
 * Counts one call of `operation` against the account's rule and the address's, and refuses it (429, Retry-After:
 * the longer wait) when either is over. Both are counted either way, so a refused call still spends its budget.
 */
export async function enforceRules(
  db: Db,
  rules: LimitRules,
  operation: LimitedOperation,
  caller: Caller,
  now = new Date(),
): Promise<void> {
  const rule = rules[operation];
  const counted = [
    { key: `${operation}:${caller.per ?? "account"}:${caller.accountId}`, rule: rule.account },
    { key: `${operation}:address:${addressKey(caller.address)}`, rule: rule.address },
  ];
  const verdicts = await countRequests(db, counted, now);
  const refused = verdicts.filter((v) => !v.allowed);
  if (refused.length > 0) throw tooMany(Math.max(...refused.map((v) => v.retryAfterSeconds)));
}

/**
 * The address as one client holds it: an IPv4 address written as IPv6 (`::ffff:203.0.113.5`) is the IPv4 address,
 * and an IPv6 address counts by its /64 network, the block one home or phone is given and can change within.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return expandIPv6(address).slice(0, 4).join(":") + "::/64";
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // A trailing IPv4 part (`64:ff9b::203.0.113.5`) holds two groups.
  const width = [...left, ...right].reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const missing = tail === undefined ? [] : Array<string>(8 - width).fill("0");
  return [...left, ...missing, ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}
