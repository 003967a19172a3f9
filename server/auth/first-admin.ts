import { eq } from "drizzle-orm";
import { user } from "../db/auth-schema";
import { findUserByEmail } from "../domain/users";
import type { Services } from "../services";

/** Credentials of the demo admin made on the embedded database when ADMIN_EMAIL is not set (see README). */
export const DEMO_ADMIN = { email: "admin@randa.example", password: "randa-admin", name: "Randa Admin" };

/**
 * Makes sure this account exists and is an admin. An existing account keeps its password: start-up never
 * overwrites what its owner has changed.
 */
export async function ensureAdmin(services: Services, account: { email: string; password: string; name?: string }) {
  const email = account.email.trim().toLowerCase();
  let existing = await findUserByEmail(services.db, email);
  if (!existing) {
    await services.auth.api.signUpEmail({
      body: { name: account.name ?? "Store Admin", email, password: account.password },
    });
    existing = await findUserByEmail(services.db, email);
  }
  if (existing && existing.role !== "admin") {
    await services.db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, existing.id));
  }
  return existing;
}
