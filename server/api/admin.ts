import { Hono } from "hono";
import { assertSelfOrAdmin, requireSession } from "../auth/session";
import { getUserByEmail } from "../domain/users";
import type { Services } from "../services";

/** Spec §7 GET /admin/{email}: whether that account is an admin — asked by the account itself or an admin. */
export function adminRoutes({ auth, db }: Services) {
  return new Hono().get("/:email", async (c) => {
    const { user } = await requireSession(auth, c.req.raw.headers);
    const email = c.req.param("email");
    assertSelfOrAdmin(user, email);
    const target = await getUserByEmail(db, email);
    return c.json({ admin: target.role === "admin" });
  });
}
