import { Hono } from "hono";
import type { Services } from "../services";
import * as profiles from "./profiles";
import { actorOf } from "../context/session-of";
import { jsonBody } from "../http/json-body";

export function profileRoutes(services: Services) {
  return new Hono()
    .get("/:email", async (c) => {
      const { user, profile } = await profiles.getProfile(
        services,
        await actorOf(services.auth, c),
        c.req.param("email"),
      );
      return c.json({ name: user.name, email: user.email, ...profile });
    })
    .put("/:email", async (c) => {
      const actor = await actorOf(services.auth, c);
      await profiles.saveProfile(services, actor, c.req.param("email"), await jsonBody(c));
      return c.json({ acknowledged: true });
    });
}
