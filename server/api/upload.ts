import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { M } from "@shared/messages";
import { tooLarge } from "../errors";
import { MAX_UPLOAD_BYTES } from "../images/process-upload";
import type { Services } from "../services";
import { adminOnly } from "../use-cases/actor";
import { uploadImage } from "../use-cases/uploads";
import { actorOf } from "./actor";

/** Room for the multipart framing around a file of the largest size allowed. */
const FORM_OVERHEAD = 64 * 1024;

/** POST /api/uploads: an admin's product image, answered in the shape the spec's image host used. */
export function uploadRoutes(services: Services) {
  return new Hono().post(
    "/",
    // Who may upload is asked before a byte of the body is read.
    async (c, next) => {
      adminOnly(await actorOf(services.auth, c));
      await next();
    },
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD,
      onError: () => {
        throw tooLarge(M.upload.too_large);
      },
    }),
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.parseBody())["image"];
      } catch {
        file = undefined;
      }
      const { url } = await uploadImage(services, await actorOf(services.auth, c), file);
      return c.json({ success: true, data: { url } });
    },
  );
}
