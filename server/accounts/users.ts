import { M } from "@shared/messages";
import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { UserUpdateSchema } from "@shared/schemas/user";
import { UserListQuery } from "@shared/schemas/user-list";
import * as users from "./sql/user-rows";
import type { User } from "./sql/user-rows";
import { forbidden } from "../errors";
import { adminOnly, sameEmail, selfOrAdmin, signedIn } from "../context/actor";
import { offsetPage } from "../paging/offset-page";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";

export type { User } from "./sql/user-rows";

/**
 * Make Admin and `GET /api/user`: a page of accounts, newest first, searched by any part of a name or e-mail; for
 * an admin. `defaultLimit`: the screen's 20, the API's 100.
 */
export async function listUsers(
  ctx: RequestContext,
  raw: unknown = {},
  defaultLimit = MAX_PAGE_SIZE,
): Promise<Page<User>> {
  const actor = await ctx.actor();
  adminOnly(actor);
  const input = parseInput(UserListQuery, raw);
  const { page, limit, offset } = offsetPage(input, defaultLimit);
  const { items, total } = await users.selectUsers(ctx.db, { q: input.q, offset, limit });
  return { items, total, page, limit };
}

/** Spec §7 GET /admin/{email}: whether that account is an admin — asked by the account itself or an admin. */
export async function isAdmin(ctx: RequestContext, email: unknown): Promise<boolean> {
  const actor = await ctx.actor();
  selfOrAdmin(actor, key(email));
  return (await users.getUserByEmail(ctx.db, key(email))).role === "admin";
}

/**
 * Waits for a write to an account (its role, name, or the account itself), then has this process read every
 * session afresh, so the change holds from the next request on, before the database's announcement arrives
 * (server/auth/kept-sessions.ts). A refused write changed nothing and forgets nothing.
 */
async function changingAccounts<T>(ctx: RequestContext, change: Promise<T>): Promise<T> {
  const changed = await change;
  ctx.sessions.forget();
  return changed;
}

/** Make Admin. */
export async function promoteToAdmin(ctx: RequestContext, email: unknown) {
  const actor = await ctx.actor();
  adminOnly(actor);
  return changingAccounts(ctx, users.setAdminRole(ctx.db, key(email)));
}

/**
 * Remove admin (Make Admin): another admin's role, never the caller's own, never the last admin's. Their account
 * and sessions stay; every session is read afresh after it, so they are a customer from their next request.
 */
export async function demoteFromAdmin(ctx: RequestContext, email: unknown) {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  return changingAccounts(ctx, users.demoteAdmin(ctx.db, key(email), admin));
}

/** Delete User: a customer's account without orders, never an admin's. */
export async function deleteUser(ctx: RequestContext, email: unknown) {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  return changingAccounts(ctx, users.deleteCustomer(ctx.db, admin, key(email)));
}

/**
 * Spec §7 PUT /user/{email}: an API client confirms the account it signed in as (and may rename it). Only that
 * account: the e-mail in the path and in the body must be the actor's own.
 */
export async function confirmAccount(ctx: RequestContext, email: unknown, raw: unknown) {
  const actor = await ctx.actor();
  const user = signedIn(actor);
  const named = key(email);
  if (named === null || !sameEmail(user.email, named)) throw forbidden(M.auth.not_yours);
  const input = parseInput(UserUpdateSchema, raw);
  if (input.email !== undefined && !sameEmail(input.email, user.email)) throw forbidden(M.auth.not_yours);
  if (input.name && input.name !== user.name)
    await changingAccounts(ctx, users.renameUser(ctx.db, user.id, input.name));
  return { ...user, name: input.name || user.name };
}
