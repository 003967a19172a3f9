import { Hono } from "hono";
import type { Services } from "../services";
import * as users from "../use-cases/users";
import { actorOf, sessionOf } from "./actor";
import { jsonBody } from "./body";
import { userJson } from "./serialize";

export function userRoutes(services: Services) {
  const actor = (c: Parameters<typeof actorOf>[1]) => actorOf(services.auth, c);
  return new Hono()
    .get("/", async (c) => c.json((await users.listUsers(services, await actor(c))).map(userJson)))
    .put("/admin/:email", async (c) => {
      const { promoted } = await users.promoteToAdmin(services, await actor(c), c.req.param("email"));
      return c.json({ modifiedCount: promoted ? 1 : 0 });
    })
    .delete("/admin/:email", async (c) => {
      await users.demoteFromAdmin(services, await actor(c), c.req.param("email"));
      return c.json({ modifiedCount: 1 });
    })
    .put("/:email", async (c) => {
      // Spec §7 PUT /user/{email}: hands an API client its bearer token — only for the account it signed in as.
      const session = await sessionOf(services.auth, c);
      await users.confirmAccount(services, session?.user ?? null, c.req.param("email"), await jsonBody(c));
      return c.json({ token: session!.token });
    })
    .delete("/:email", async (c) => {
      await users.deleteUser(services, await actor(c), c.req.param("email"));
      return c.json({ deletedCount: 1 });
    });
}
