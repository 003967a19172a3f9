import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { betterAuthHashing, hashPasswordsWith, type PasswordHashing } from "@server/auth/password-hashing";
import { account, user } from "@server/db/auth-schema";
import type { Db } from "@server/db/client";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** Marks a hash made here, so that a hash another process made (Better Auth's own) is still checked as such. */
export const QUICK_HASH_PREFIX = "quick-scrypt$";
/** Better Auth's scrypt with a sixteenth of its work (N 1,024 instead of 16,384): 6 ms of a core instead of 100. */
const QUICK = { N: 1024, r: 16, p: 1 };
const KEY_LENGTH = 64;

/**
 * The hashing of the stores the integration tests run in their own process: a pass hashes some 1,500 passwords,
 * two and a half minutes of a core at Better Auth's cost, which is not what it tests.
 * A store process (npm start, npm run admin, the built store the browser tests and several integration tests
 * start) keeps Better Auth's hashing, and a hash it wrote is checked by Better Auth's verify here.
 */
export const quickHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    const key = await scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, QUICK);
    return `${QUICK_HASH_PREFIX}${salt}:${key.toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(QUICK_HASH_PREFIX)) return betterAuthHashing.verify({ hash, password });
    const [salt, key] = hash.slice(QUICK_HASH_PREFIX.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, QUICK);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

hashPasswordsWith(quickHashing);

/** Runs `run` with this process's stores hashing by `hashing`, and puts the tests' quick hashing back after. */
export async function withPasswordHashing<T>(hashing: PasswordHashing, run: () => Promise<T>): Promise<T> {
  hashPasswordsWith(hashing);
  try {
    return await run();
  } finally {
    hashPasswordsWith(quickHashing);
  }
}

/** Runs `write` hashing as a store process does, for a password another process (a built store) will check. */
export const asStoreProcessHashes = <T>(write: () => Promise<T>) => withPasswordHashing(betterAuthHashing, write);

/** The hash stored for an account's e-mail-and-password login. */
export async function storedPasswordHash(db: Db, email: string): Promise<string> {
  const [login] = await db
    .select({ hash: account.password })
    .from(account)
    .innerJoin(user, eq(account.userId, user.id))
    .where(and(eq(user.email, email), eq(account.providerId, "credential")));
  return login!.hash!;
}
