import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { betterAuthHashing, hashPasswordsWith, type PasswordHashing } from "@server/auth/password-hashing";

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

/** Runs `write` hashing as a store process does, for a password another process (a built store) will check. */
export async function asStoreProcessHashes<T>(write: () => Promise<T>): Promise<T> {
  hashPasswordsWith(betterAuthHashing);
  try {
    return await write();
  } finally {
    hashPasswordsWith(quickHashing);
  }
}
