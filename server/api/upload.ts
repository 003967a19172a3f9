import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { assertAdmin, requireSession } from "../auth/session";
import { invalid, tooLarge } from "../errors";
import { IMAGE_REQUIRED, IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES, processUpload } from "../images/process-upload";
import type { Services } from "../services";

/** Room for the multipart framing around a file of the largest size allowed. */
const FORM_OVERHEAD = 64 * 1024;

/** POST /api/uploads: an admin's product image, answered in the shape the spec's image host used. */
export function uploadRoutes({ auth, images }: Services) {
  return new Hono().post(
    "/",
    async (c, next) => {
      assertAdmin((await requireSession(auth, c.req.raw.headers)).user);
      await next();
    },
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + FORM_OVERHEAD,
      onError: () => {
        throw tooLarge(IMAGE_TOO_LARGE);
      },
    }),
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.parseBody())["image"];
      } catch {
        throw invalid(IMAGE_REQUIRED);
      }
      if (!(file instanceof File)) throw invalid(IMAGE_REQUIRED);
      const { url } = await processUpload(images, Buffer.from(await file.arrayBuffer()));
      return c.json({ success: true, data: { url } });
    },
  );
}
