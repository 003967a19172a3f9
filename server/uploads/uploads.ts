import { M } from "@shared/messages";
import { invalid } from "../errors";
import { processUpload } from "../images/process-upload";
import { adminOnly, type Actor } from "../context/actor";
import type { Deps } from "../context/deps";
import { withinLimits } from "../limits/within-limits";

/** An admin's product image: judged by its content, stored as WebP at each width; its address is answered. */
export async function uploadImage(deps: Deps, actor: Actor, file: unknown): Promise<{ url: string }> {
  const admin = adminOnly(actor);
  if (!(file instanceof Blob)) throw invalid(M.upload.image_required);
  await withinLimits(deps, "upload", admin);
  return processUpload(deps.images, Buffer.from(await file.arrayBuffer()));
}
