import { beforeAll } from "vitest";
import { getCurrentSession, type SessionUser } from "@server/auth/session";
import { signUp, signUpAdmin, type TestAccount } from "./accounts";
import type { TestContext } from "./test-app";

/** Who calls a use case: the customer who owns what it works on, another customer, an admin. */
export type Role = "owner" | "other" | "admin";
export type Actors = Record<Role, SessionUser>;

/** The user a door hands a use case, read from a real session with the account's bearer token. */
export async function sessionUserOf(t: TestContext, account: TestAccount): Promise<SessionUser> {
  const headers = new Headers({ authorization: `Bearer ${account.token}` });
  const session = await getCurrentSession(t.services.auth, headers, t.services.sessions);
  if (!session) throw new Error(`no session for ${account.email}`);
  return session.user;
}

/** Three accounts signed up through the API (the admin promoted as `signUpAdmin` does), made before the tests. */
export function useActors(t: TestContext): Actors {
  const actors = {} as Actors;
  beforeAll(async () => {
    actors.owner = await sessionUserOf(t, await signUp(t));
    actors.other = await sessionUserOf(t, await signUp(t));
    actors.admin = await sessionUserOf(t, await signUpAdmin(t));
    if (actors.admin.role !== "admin") throw new Error("the admin's session does not say admin");
  });
  return actors;
}
