import { Hono } from "hono";
import { paramsOf } from "@shared/list-page";
import { USER_LIST_PARAMS } from "@shared/list-choices";
import type { Services } from "../services";
import * as users from "./users";
import { actorOf, sessionOf } from "../context/session-of";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { userJson } from "../openapi/serialize";

export function userRoutes(services: Services) {
  const actor = (c: Parameters<typeof actorOf>[1]) => actorOf(services.auth, c);
  return new Hono()
    .get("/", async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, USER_LIST_PARAMS);
      const page = await users.listUsers(services, await actor(c), params);
      setPageHeaders(c, page);
      return c.json(page.items.map(userJson));
    })
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
