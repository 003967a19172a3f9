import { Hono } from "hono";
import type { Services } from "../services";
import { isAdmin } from "../use-cases/users";
import { actorOf } from "./actor";

/** Spec §7 GET /admin/{email}: whether that account is an admin. */
export function adminRoutes(services: Services) {
  return new Hono().get("/:email", async (c) =>
    c.json({ admin: await isAdmin(services, await actorOf(services.auth, c), c.req.param("email")) }),
  );
}
