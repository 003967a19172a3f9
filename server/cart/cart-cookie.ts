import { createHash, randomBytes } from "node:crypto";

/** The guest's cart: a random token in an httpOnly cookie; the database keeps its SHA-256 only. */
export const CART_COOKIE = "randa.cart";
const TOKEN = /^[\w-]{32}$/;

export const newCartToken = (): string => randomBytes(24).toString("base64url");

/** The token's hash, or null for a value no cart was ever named by. */
export function cartTokenHash(token: string | null): string | null {
  return token && TOKEN.test(token) ? createHash("sha256").update(token).digest("hex") : null;
}

export function cartCookie(token: string, days: number, secure: boolean): string {
  return `${CART_COOKIE}=${token}; Path=/; Max-Age=${days * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedCartCookie(secure: boolean): string {
  return `${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
