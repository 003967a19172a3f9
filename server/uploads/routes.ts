import { z } from "zod";
import { adminOnly } from "../context/actor";
import { UPLOAD_LIMIT } from "../http/body-limits";
import { MAX_UPLOAD_BYTES } from "../images/process-upload";
import { ADMINS_ONLY } from "../openapi/common-params";
import { apiCall, json, multipartBody, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { uploadImage } from "./uploads";

/** An admin's product image, as a multipart form's one field. */
const ImageUpload = named(
  "ImageUpload",
  z.object({
    image: z
      .file()
      .max(MAX_UPLOAD_BYTES)
      .mime(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"])
      .meta({ description: "The picture; the store turns it into WebP in several widths." }),
  }),
);

/** The stored image's address, in the shape the spec's image host answered. */
const Uploaded = named("Uploaded", z.object({ success: z.literal(true), data: z.object({ url: z.string() }) }));

/** POST /api/uploads: an admin's product image, answered in the shape the spec's image host used. */
export const uploadCalls = [
  apiCall({
    method: "post",
    path: "/api/uploads",
    operationId: "uploadImage",
    tag: "uploads",
    summary: "Upload a product image",
    description: "Answers in the shape the spec's image host used; put `data.url` in a product's `image`.",
    who: "admin",
    session: "required",
    body: multipartBody(ImageUpload),
    bodyLimit: UPLOAD_LIMIT,
    rate: "upload",
    answers: {
      200: json(
        Uploaded,
        "Stored; `data.url` is the image's address: `/uploads/…`, or under the bucket's public address (S3_PUBLIC_URL).",
      ),
      400: refused("No `image` field, or a file that is not an image the store reads."),
      403: refused(ADMINS_ONLY),
      413: refused("Larger than 5 MB."),
      502: refused("The image bucket (S3_BUCKET) did not answer; no product refers to what may have been stored."),
    },
    handler: async (c) => {
      // Who may upload is asked before a byte of the body is read.
      adminOnly(await c.get("ctx").actor());
      let file: unknown;
      try {
        file = (await c.req.parseBody())["image"];
      } catch {
        file = undefined;
      }
      const { url } = await uploadImage(c.get("ctx"), file);
      return c.json({ success: true, data: { url } });
    },
  }),
];
