import { Hono } from "hono";
import type { Services } from "../services";
import { isAdmin } from "./users";
import { actorOf } from "../context/session-of";

/** Spec §7 GET /admin/{email}: whether that account is an admin. */
export function adminRoutes(services: Services) {
  return new Hono().get("/:email", async (c) =>
    c.json({ admin: await isAdmin(services, await actorOf(services.auth, c), c.req.param("email")) }),
  );
}
