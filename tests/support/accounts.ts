import { eq } from "drizzle-orm";
import { user } from "@server/db/auth-schema";
import { TEST_ORIGIN, type TestContext } from "./test-app";

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  /** The session cookie, ready for a `Cookie` header. */
  cookie: string;
  /** The bearer token Better Auth hands to API clients. */
  token: string;
}

let counter = 0;

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  };
}

export function sessionCookie(res: Response): string {
  const cookies = res.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith("randa.session_token="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(";")[0]!;
}

/** Registers a customer through the real sign-up endpoint. */
export async function signUp(
  t: TestContext,
  overrides: Partial<Pick<TestAccount, "name" | "email" | "password">> = {},
) {
  counter++;
  const account = {
    name: overrides.name ?? `Customer ${counter}`,
    email: overrides.email ?? `customer${counter}-${Date.now()}@example.test`,
    password: overrides.password ?? "sawdust-42",
  };
  const res = await t.request("/api/auth/sign-up/email", jsonInit("POST", account));
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { ...account, cookie: sessionCookie(res), token: res.headers.get("set-auth-token")! } satisfies TestAccount;
}

export async function signUpAdmin(t: TestContext, overrides: Partial<Pick<TestAccount, "name" | "email">> = {}) {
  const account = await signUp(t, { name: "Store Admin", ...overrides });
  await accountsChanged(t, () =>
    t.database.db.update(user).set({ role: "admin" }).where(eq(user.email, account.email)),
  );
  return account;
}

/**
 * A write to accounts made behind the store's back, as another copy of the store or the operator's shell makes
 * one, and the database's announcement of it heard by the test's store: from then on it reads sessions afresh
 * (server/auth/kept-sessions.ts), as every copy does a moment after such a write.
 */
export async function accountsChanged<T>(t: TestContext, write: () => PromiseLike<T>): Promise<T> {
  const before = t.services.sessions.generation;
  const written = await write();
  const until = Date.now() + 10_000;
  while (t.services.sessions.generation === before) {
    if (Date.now() > until) throw new Error("the database did not announce the change to accounts");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return written;
}

/** What a browser on the store's own pages sends: the session cookie and its Origin. */
export const asCookie = (a: TestAccount) => ({ Cookie: a.cookie, Origin: TEST_ORIGIN });
export const asBearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.token}` });
