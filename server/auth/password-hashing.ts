import { hashPassword, verifyPassword } from "better-auth/crypto";

/** How a password is hashed for the database and checked against what is stored there. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Better Auth's own scrypt (N 16,384, r 16: about 100 ms of a core a hash), what every store process uses. */
export const betterAuthHashing: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

let current: PasswordHashing = betterAuthHashing;

/** The hashing sign-up, sign-in, the operator's `npm run admin -- password` and the demo admin's check use. */
export const passwordHashing = (): PasswordHashing => current;

/**
 * Replaces the hashing of this process. Only the integration tests' setup calls it (tests/support/
 * password-hashing.ts), for the stores they run in their own process; no setting reaches it (decision 0048).
 */
export function hashPasswordsWith(hashing: PasswordHashing): void {
  current = hashing;
}
