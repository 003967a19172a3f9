import { asc, count, eq, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { descNullsLast } from "../../db/sort-keys";
import { user, type UserRow } from "../../db/schema";
import { conflict, forbidden, isStillReferredTo, notFound } from "../../errors";
import { hasOrders } from "../../orders";

export type User = UserRow;

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.trim().toLowerCase());

export interface UserQuery {
  /** Any part of a name or e-mail, trimmed; undefined lists everyone. */
  q?: string;
  offset: number;
  limit: number;
}

/** `%`, `_` and `\` typed in a search are looked for as themselves, not as LIKE's wildcards. */
export const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Make Admin's list: a page of accounts, newest first, and how many the whole list holds. The search is the
 * expression `user_search_trgm_idx` holds, so its trigrams answer any part of a name or e-mail.
 */
export async function selectUsers(db: Db, query: UserQuery): Promise<{ items: User[]; total: number }> {
  const where = query.q ? sql`lower(${user.name} || ' ' || ${user.email}) like ${containing(query.q)}` : undefined;
  const items = await db
    .select()
    .from(user)
    .where(where)
    .orderBy(descNullsLast(user.createdAt), asc(user.id))
    .limit(query.limit)
    .offset(query.offset);
  const total =
    query.offset === 0 && items.length < query.limit
      ? items.length
      : ((await db.select({ n: count() }).from(user).where(where))[0]?.n ?? 0);
  return { items, total };
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
export async function setAdminRole(db: Db, email: string | null): Promise<{ user: User; promoted: boolean }> {
  const target = await getUserByEmail(db, email);
  if (target.role === "admin") return { user: target, promoted: false };
  const [row] = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(user.id, target.id))
    .returning();
  return { user: row!, promoted: true };
}

/**
 * An admin's role removed: they keep their account (and their sessions, now as a customer). `by` is the admin
 * asking, who may not remove their own role here; null is the operator's shell, which may remove anyone's. The
 * store never goes without an admin: the admin rows are locked first, so two admins removing each other at once
 * are answered one after the other, and the second finds one admin left (or no longer is one).
 */
export async function demoteAdmin(db: Db, email: string | null, by: SessionUser | null): Promise<User> {
  const target = await getUserByEmail(db, email);
  if (by && target.id === by.id) throw conflict(M.user.cannot_demote_self);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.role, "admin"))
      .orderBy(asc(user.id))
      .for("update");
    const isAdmin = (id: string) => admins.some((a) => a.id === id);
    if (!isAdmin(target.id)) throw conflict(M.user.not_admin);
    if (admins.length < 2) throw conflict(M.user.last_admin);
    // Removed by another admin since this request began.
    if (by && !isAdmin(by.id)) throw forbidden(M.auth.admins_only);
    const [row] = await tx
      .update(user)
      .set({ role: "user", updatedAt: new Date() })
      .where(eq(user.id, target.id))
      .returning();
    return row!;
  });
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
  try {
    await db.delete(user).where(eq(user.id, target.id));
  } catch (err) {
    // An order placed since the check above: its row refers to the account (ON DELETE RESTRICT).
    if (isStillReferredTo(err)) throw conflict(M.user.has_orders);
    throw err;
  }
  return target;
}
