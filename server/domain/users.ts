import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { user, type UserRow } from "../db/schema";
import { DomainError } from "../errors";
import type { SessionUser } from "../auth/session";
import { hasOrders } from "./orders";

export const USER_NOT_FOUND = "No user with that email";
export const CUSTOMER_HAS_ORDERS = "This customer has orders; their account is kept with the shop's records.";

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.trim().toLowerCase());

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(user).orderBy(asc(user.createdAt), asc(user.email));
}

/** PostgreSQL text cannot hold NUL, so an address with one (`%00` in a path) names nobody. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  if (email.includes("\u0000")) return undefined;
  const [row] = await db.select().from(user).where(byEmail(email));
  return row;
}

export async function getUserByEmail(db: Db, email: string): Promise<UserRow> {
  const row = await findUserByEmail(db, email);
  if (!row) throw new DomainError("not_found", USER_NOT_FOUND);
  return row;
}

/** Spec: 'Make Admin'. Promoting someone who is already an admin changes nothing. */
export async function promoteToAdmin(db: Db, email: string): Promise<{ modifiedCount: number }> {
  const target = await getUserByEmail(db, email);
  if (target.role === "admin") return { modifiedCount: 0 };
  await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, target.id));
  return { modifiedCount: 1 };
}

export async function renameUser(db: Db, id: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, id));
}

/**
 * The spec's Delete User button, given a safe meaning: an admin may remove a customer's account (with its
 * sessions and profile), never their own, never another admin's, and never one with orders.
 */
export async function deleteCustomer(db: Db, actor: SessionUser, email: string): Promise<{ deletedCount: number }> {
  const target = await getUserByEmail(db, email);
  if (target.id === actor.id) throw new DomainError("conflict", "You cannot delete your own account here.");
  if (target.role === "admin") throw new DomainError("conflict", "Admins cannot be deleted.");
  if (await hasOrders(db, target.id)) throw new DomainError("conflict", CUSTOMER_HAS_ORDERS);
  const deleted = await db.delete(user).where(eq(user.id, target.id)).returning({ id: user.id });
  return { deletedCount: deleted.length };
}
