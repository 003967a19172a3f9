import { Hono } from "hono";
import type { Services } from "../services";
import * as categories from "./categories";
import { actorOf } from "../context/session-of";
import { jsonBody } from "../http/json-body";
import { categoryJson } from "../openapi/serialize";

/** The shop's categories: anyone lists them, admins add, rename and remove them. */
export function categoryRoutes(services: Services) {
  const actor = (c: Parameters<typeof actorOf>[1]) => actorOf(services.auth, c);
  return new Hono()
    .get("/", async (c) => c.json((await categories.listCategories(services)).map(categoryJson)))
    .post("/", async (c) => {
      const added = await categories.addCategory(services, await actor(c), await jsonBody(c));
      return c.json({ insertedId: added.id });
    })
    .put("/:id", async (c) => {
      await categories.renameCategory(services, await actor(c), c.req.param("id"), await jsonBody(c));
      return c.json({ acknowledged: true, modifiedCount: 1 });
    })
    .delete("/:id", async (c) => {
      await categories.removeCategory(services, await actor(c), c.req.param("id"));
      return c.json({ deletedCount: 1 });
    });
}
