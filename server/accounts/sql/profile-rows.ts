import type { ProfileInput } from "@shared/schemas/profile";
import type { Db } from "../../db/client";
import { profile } from "../../db/schema";
import { eq } from "drizzle-orm";

export type Profile = ProfileInput;

const empty: Profile = { education: "", number: "", location: "" };

export async function selectProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select().from(profile).where(eq(profile.userId, userId));
  return row ? { education: row.education, number: row.number, location: row.location } : empty;
}

export async function upsertProfile(db: Db, userId: string, input: ProfileInput): Promise<Profile> {
  await db
    .insert(profile)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: profile.userId, set: { ...input, updatedAt: new Date() } });
  return input;
}
