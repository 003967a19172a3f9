import { ProfileSchema } from "@shared/schemas/profile";
import * as profiles from "./sql/profile-rows";
import { getUserByEmail } from "./sql/user-rows";
import { selfOrAdmin, signedIn } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";

export type { Profile } from "./sql/profile-rows";

/** An account's name, e-mail and profile: its owner's to read, or an admin's. */
export async function getProfile(ctx: RequestContext, email: unknown) {
  const actor = await ctx.actor();
  selfOrAdmin(actor, key(email));
  const owner = await getUserByEmail(ctx.db, key(email));
  return { user: owner, profile: await profiles.selectProfile(ctx.db, owner.id) };
}

export async function saveProfile(ctx: RequestContext, email: unknown, raw: unknown) {
  const actor = await ctx.actor();
  selfOrAdmin(actor, key(email));
  const owner = await getUserByEmail(ctx.db, key(email));
  return profiles.upsertProfile(ctx.db, owner.id, parseInput(ProfileSchema, raw));
}

/** My Profile: the signed-in customer's own. */
export async function myProfile(ctx: RequestContext) {
  const actor = await ctx.actor();
  const user = signedIn(actor);
  return { user, profile: await profiles.selectProfile(ctx.db, user.id) };
}

export async function saveMyProfile(ctx: RequestContext, raw: unknown) {
  const actor = await ctx.actor();
  const user = signedIn(actor);
  return profiles.upsertProfile(ctx.db, user.id, parseInput(ProfileSchema, raw));
}
