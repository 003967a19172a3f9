import { createHmac, randomBytes } from "node:crypto";

/**
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to
 * an account holds, for that account, a random nonce, signed with the server's secret. A sign-in that presents
 * it is counted against that nonce's own failures instead of the account's (server/limits/sign-in-backoff.ts),
 * so strangers failing elsewhere never delay the account's owner. It outlives sign-out, holds a few accounts (a
 * shop's shared computer) and names none of them: each entry carries a keyed hash of the e-mail address.
 */
export const DEVICE_COOKIE = "device";

/** How long a browser is remembered after its last sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Accounts one browser is remembered for; the one signed in to longest ago is dropped first. */
export const DEVICE_COOKIE_ACCOUNTS = 5;

/** One account the browser signed in to: which (a keyed hash of its e-mail) and its nonce. */
export interface DeviceEntry {
  account: string;
  nonce: string;
}

/**
 * The cookie's signed text: a version (so no other value signed with the same secret, a session token say,
 * reads as one) and the entries, newest first.
 */
const VERSION = "d1";
const TOKEN = /^[\w-]{22}$/;

/** The account's tag in a device cookie: an HMAC of the e-mail address as typed in any case, with the secret. */
export function deviceAccount(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`randa-device-account\0${email.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 22);
}

export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function writeDeviceEntries(entries: DeviceEntry[]): string {
  return [VERSION, ...entries.map((e) => `${e.account}:${e.nonce}`)].join("|");
}

/** The entries of a cookie whose signature held; anything malformed is no entry at all. */
export function readDeviceEntries(signed: string | null | false): DeviceEntry[] {
  if (!signed) return [];
  const [version, ...parts] = signed.split("|");
  if (version !== VERSION) return [];
  const entries: DeviceEntry[] = [];
  for (const part of parts.slice(0, DEVICE_COOKIE_ACCOUNTS)) {
    const [account = "", nonce = "", ...rest] = part.split(":");
    if (rest.length === 0 && TOKEN.test(account) && TOKEN.test(nonce)) entries.push({ account, nonce });
  }
  return entries;
}

/** The cookie after a sign-in to `account`: a new nonce for it, first; the oldest others past the limit dropped. */
export function remember(entries: DeviceEntry[], account: string, nonce = newNonce()): DeviceEntry[] {
  return [{ account, nonce }, ...entries.filter((e) => e.account !== account)].slice(0, DEVICE_COOKIE_ACCOUNTS);
}
