import { ProfileSchema } from "@shared/schemas/profile";
import * as profiles from "./sql/profile-rows";
import { getUserByEmail } from "./sql/user-rows";
import { selfOrAdmin, signedIn, type Actor } from "../context/actor";
import type { Deps } from "../context/deps";
import { key, parseInput } from "../context/parse";

export type { Profile } from "./sql/profile-rows";

/** An account's name, e-mail and profile: its owner's to read, or an admin's. */
export async function getProfile(deps: Deps, actor: Actor, email: unknown) {
  selfOrAdmin(actor, key(email));
  const owner = await getUserByEmail(deps.db, key(email));
  return { user: owner, profile: await profiles.selectProfile(deps.db, owner.id) };
}

export async function saveProfile(deps: Deps, actor: Actor, email: unknown, raw: unknown) {
  selfOrAdmin(actor, key(email));
  const owner = await getUserByEmail(deps.db, key(email));
  return profiles.upsertProfile(deps.db, owner.id, parseInput(ProfileSchema, raw));
}

/** My Profile: the signed-in customer's own. */
export async function myProfile(deps: Deps, actor: Actor) {
  const user = signedIn(actor);
  return { user, profile: await profiles.selectProfile(deps.db, user.id) };
}

export async function saveMyProfile(deps: Deps, actor: Actor, raw: unknown) {
  const user = signedIn(actor);
  return profiles.upsertProfile(deps.db, user.id, parseInput(ProfileSchema, raw));
}
