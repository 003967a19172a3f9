import { M } from "@shared/messages";
import { invalid } from "../errors";
import { processUpload } from "../images/process-upload";
import { adminOnly } from "../context/actor";
import { withinLimits } from "../limits/within-limits";
import type { RequestContext } from "../context/request-context";

/** An admin's product image: judged by its content, stored as WebP at each width; its address is answered. */
export async function uploadImage(ctx: RequestContext, file: unknown): Promise<{ url: string }> {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  if (!(file instanceof Blob)) throw invalid(M.upload.image_required);
  await withinLimits(ctx, "upload", admin);
  return processUpload(ctx.images, Buffer.from(await file.arrayBuffer()));
}
