import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { account, user } from "../db/auth-schema";
import { findUserByEmail, setAdminRole } from "../accounts";
import type { Services } from "../services";
import { passwordHashing } from "./password-hashing";
import { setPassword } from "./set-password";

/** The demo admin, made on the demo store only; its password is published in the README. */
export const DEMO_ADMIN = { email: "admin@randa.example", password: "randa-admin", name: "Randa Admin" };

export type Log = (line: string) => void;

/** Whether this password opens the account's e-mail-and-password login. */
async function opens(db: Db, userId: string, password: string): Promise<boolean> {
  const [login] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return Boolean(login?.hash) && (await passwordHashing().verify({ hash: login!.hash!, password }));
}

/**
 * The demo's admin: made when missing. An account of that address keeps its password (its owner may have
 * changed it) and becomes an admin.
 */
export async function ensureDemoAdmin(services: Services, log: Log) {
  const existing = await findUserByEmail(services.db, DEMO_ADMIN.email);
  if (!existing) {
    await services.auth.api.signUpEmail({ body: DEMO_ADMIN });
    log(`Made the demo admin ${DEMO_ADMIN.email} (password in the README; the demo store only).`);
  }
  await setAdminRole(services.db, DEMO_ADMIN.email);
}

/**
 * The operator's admin from ADMIN_EMAIL and ADMIN_PASSWORD. A new account is made with that password. An existing
 * one — which anyone could have registered first — gets the operator's password and loses its sessions unless
 * that password already opens it, so nobody who pre-claimed the address keeps a way in.
 */
export async function ensureOperatorAdmin(
  services: Services,
  credentials: { email: string; password: string },
  log: Log,
) {
  const email = credentials.email.trim().toLowerCase();
  const existing = await findUserByEmail(services.db, email);
  if (!existing) {
    await services.auth.api.signUpEmail({ body: { name: "Store Admin", email, password: credentials.password } });
    log(`Made the admin account ${email} from ADMIN_EMAIL.`);
  } else if (!(await opens(services.db, existing.id, credentials.password))) {
    await setPassword(services.db, email, credentials.password);
    log(`${email} already existed: set its password from ADMIN_PASSWORD and ended its sessions.`);
  }
  const { promoted } = await setAdminRole(services.db, email);
  if (existing && promoted) log(`${email} is now an admin (ADMIN_EMAIL).`);
}

/** The e-mails of the admin accounts this password opens (the published demo password, for a live store). */
export async function adminsOpenedBy(db: Db, password: string): Promise<string[]> {
  const admins = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.role, "admin"));
  const opened: string[] = [];
  for (const admin of admins) if (await opens(db, admin.id, password)) opened.push(admin.email);
  return opened;
}
