import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { M } from "@shared/messages";
import type { Db } from "../db/client";
import { account, session } from "../db/auth-schema";
import { getUserByEmail, type User } from "../accounts";
import { invalid } from "../errors";
import { passwordHashing } from "./password-hashing";

/** Better Auth's limits for this store (auth.ts): a password outside them could never sign in. */
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;

/** Refuses a password Better Auth would never let sign in: shorter than 6 or longer than 128 characters. */
export function assertPasswordLength(password: string): void {
  if (password.length < PASSWORD_LENGTH.min) throw invalid(M.auth.password_too_short);
  if (password.length > PASSWORD_LENGTH.max) throw invalid(M.auth.password_too_long);
}

/**
 * The operator sets an account's password (`npm run admin -- password`, or start-up with ADMIN_EMAIL and
 * ADMIN_PASSWORD): hashed as sign-up hashes it (server/auth/password-hashing.ts), written to the account's
 * e-mail-and-password login — made if the account only ever signed in with Google — and every session of the
 * account ended, so whoever held it before is signed out.
 */
export async function setPassword(db: Db, email: string, password: string): Promise<User> {
  assertPasswordLength(password);
  const target = await getUserByEmail(db, email);
  const hash = await passwordHashing().hash(password);
  await db.transaction(async (tx) => {
    const credential = and(eq(account.userId, target.id), eq(account.providerId, "credential"));
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(credential)
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({
        id: randomUUID(),
        userId: target.id,
        providerId: "credential",
        accountId: target.id,
        password: hash,
      });
    }
    await tx.delete(session).where(eq(session.userId, target.id));
  });
  return target;
}
