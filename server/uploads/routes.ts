import { Hono } from "hono";
import type { Services } from "../services";
import { adminOnly } from "../context/actor";
import { uploadImage } from "./uploads";
import { actorOf } from "../context/session-of";
import { depsOf } from "../context/deps-of";

/** POST /api/uploads: an admin's product image, answered in the shape the spec's image host used. */
export function uploadRoutes(services: Services) {
  return new Hono().post(
    "/",
    // Who may upload is asked before a byte of the body is read (its limit is the app's: http/body-limits.ts).
    async (c, next) => {
      adminOnly(await actorOf(services.auth, c));
      await next();
    },
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.parseBody())["image"];
      } catch {
        file = undefined;
      }
      const { url } = await uploadImage(depsOf(services, c), await actorOf(services.auth, c), file);
      return c.json({ success: true, data: { url } });
    },
  );
}
