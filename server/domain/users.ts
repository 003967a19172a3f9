import { asc, eq, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { user, type UserRow } from "../db/schema";
import { conflict, notFound } from "../errors";
import { hasOrders } from "./orders";

export type User = UserRow;

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.trim().toLowerCase());

export function listUsers(db: Db): Promise<User[]> {
  return db.select().from(user).orderBy(asc(user.createdAt), asc(user.email));
}

/** PostgreSQL text cannot hold NUL, so an address with one (`%00` in a path) names nobody. */
export async function findUserByEmail(db: Db, email: string | null): Promise<User | undefined> {
  if (email === null || email.includes("\u0000")) return undefined;
  const [row] = await db.select().from(user).where(byEmail(email));
  return row;
}

export async function getUserByEmail(db: Db, email: string | null): Promise<User> {
  const row = await findUserByEmail(db, email);
  if (!row) throw notFound(M.user.not_found);
  return row;
}

/** Spec: 'Make Admin'. Promoting someone who is already an admin changes nothing (`promoted` false). */
export async function promoteToAdmin(db: Db, email: string | null): Promise<{ user: User; promoted: boolean }> {
  const target = await getUserByEmail(db, email);
  if (target.role === "admin") return { user: target, promoted: false };
  const [row] = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(user.id, target.id))
    .returning();
  return { user: row!, promoted: true };
}

export async function renameUser(db: Db, id: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, id));
}

/**
 * The spec's Delete User button, given a safe meaning: an admin may remove a customer's account (with its
 * sessions and profile), never their own, never another admin's, and never one with orders.
 */
export async function deleteCustomer(db: Db, actor: SessionUser, email: string | null): Promise<User> {
  const target = await getUserByEmail(db, email);
  if (target.id === actor.id) throw conflict(M.user.cannot_delete_self);
  if (target.role === "admin") throw conflict(M.user.cannot_delete_admin);
  if (await hasOrders(db, target.id)) throw conflict(M.user.has_orders);
  await db.delete(user).where(eq(user.id, target.id));
  return target;
}
