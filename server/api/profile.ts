import { Hono } from "hono";
import { ProfileSchema } from "~/schemas/profile";
import { assertSelfOrAdmin, requireSession } from "../auth/session";
import { getProfile, saveProfile } from "../domain/profiles";
import { getUserByEmail } from "../domain/users";
import type { Services } from "../services";
import { parseJsonBody } from "./body";

export function profileRoutes({ auth, db }: Services) {
  return new Hono()
    .get("/:email", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertSelfOrAdmin(user, c.req.param("email"));
      const owner = await getUserByEmail(db, c.req.param("email"));
      return c.json({ name: owner.name, email: owner.email, ...(await getProfile(db, owner.id)) });
    })
    .put("/:email", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertSelfOrAdmin(user, c.req.param("email"));
      const owner = await getUserByEmail(db, c.req.param("email"));
      await saveProfile(db, owner.id, await parseJsonBody(c, ProfileSchema));
      return c.json({ acknowledged: true });
    });
}
