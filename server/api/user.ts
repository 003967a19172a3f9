import { Hono } from "hono";
import { UserUpdateSchema } from "~/schemas/user";
import { assertAdmin, NOT_YOURS, requireSession, sameEmail } from "../auth/session";
import { DomainError } from "../errors";
import { deleteCustomer, listUsers, promoteToAdmin, renameUser } from "../domain/users";
import type { Services } from "../services";
import { parseJsonBody } from "./body";

export function userRoutes({ auth, db }: Services) {
  return new Hono()
    .get("/", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      const users = await listUsers(db);
      return c.json(users.map((u) => ({ _id: u.id, name: u.name, email: u.email, role: u.role })));
    })
    .put("/admin/:email", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      return c.json(await promoteToAdmin(db, c.req.param("email")));
    })
    .put("/:email", async (c) => {
      // Spec §7 PUT /user/{email}: hands an API client a bearer token — only for the account it signed in as.
      const session = await requireSession(auth, c.req.raw.headers);
      if (!sameEmail(session.user.email, c.req.param("email"))) throw new DomainError("forbidden", NOT_YOURS);
      const input = await parseJsonBody(c, UserUpdateSchema);
      if (input.email !== undefined && !sameEmail(input.email, session.user.email)) {
        throw new DomainError("forbidden", NOT_YOURS);
      }
      if (input.name && input.name !== session.user.name) await renameUser(db, session.user.id, input.name);
      return c.json({ token: session.token });
    })
    .delete("/:email", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      return c.json(await deleteCustomer(db, user, c.req.param("email")));
    });
}
