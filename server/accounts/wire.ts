import { z } from "zod";
import { dateTime } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { User } from "./sql/user-rows";

/** An account as the user list answers it, with its role. */
export const UserJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
});
export type UserJson = z.output<typeof UserJson>;
export const UserList = named("UserList", z.array(UserJson));

export const IsAdmin = named("IsAdmin", z.object({ admin: z.boolean() }));
export const BearerToken = named(
  "BearerToken",
  z.object({ token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`." }) }),
);
export const Profile = named(
  "Profile",
  z.object({
    name: z.string(),
    email: z.string(),
    education: z.string(),
    number: z.string(),
    location: z.string(),
  }),
);
export type Profile = z.output<typeof Profile>;

/** Better Auth's user and session as its endpoints answer them (with the store's `role` field). */
export const AuthUser = named(
  "AuthUser",
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    role: z.enum(["user", "admin"]),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);
export const AuthSession = named(
  "AuthSession",
  z.object({
    id: z.string(),
    token: z.string(),
    userId: z.string(),
    expiresAt: dateTime(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  }),
);
export const SignedUp = named("SignedUp", z.object({ token: z.string().nullable(), user: AuthUser }));
export const SignedIn = named(
  "SignedIn",
  z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: AuthUser }),
);
export const CurrentSession = named("CurrentSession", z.object({ session: AuthSession, user: AuthUser }).nullable());
export const SignedOut = named("SignedOut", z.object({ success: z.boolean() }));
export const PasswordChanged = named(
  "PasswordChanged",
  z.object({
    token: z.string().meta({ description: "The caller's renewed session token, for `Authorization: Bearer`." }),
    user: AuthUser,
  }),
);
export const StatusTrue = named("StatusTrue", z.object({ status: z.boolean(), message: z.string().optional() }));
export const SocialRedirect = named("SocialRedirect", z.object({ url: z.string(), redirect: z.boolean() }));

/** The spec's wire names (`_id`) for an account. */
export function userJson(u: User): UserJson {
  return { _id: u.id, name: u.name, email: u.email, role: u.role };
}
