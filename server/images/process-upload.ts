import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, uploadedImageName } from "@shared/image-sources";
import { M } from "@shared/messages";
import { AppError, invalid, tooLarge } from "../errors";
import type { ImageStore } from "./image-store";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: larger than any camera photo a shop needs, far below a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

/**
 * Judges an uploaded file by its content (sharp reads it; its name and type are ignored), refuses what is not an
 * image or is too big, and stores it as WebP at each width. Stored under its content hash, so the same image
 * uploaded twice is one set of files and its address never changes.
 */
export async function processUpload(store: ImageStore, data: Buffer): Promise<{ url: string }> {
  if (data.length === 0) throw invalid(M.upload.image_required);
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge(M.upload.too_large);
  const read = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    const meta = await read().metadata();
    format = meta.format;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid(M.upload.too_many_pixels);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(/pixel limit/i.test(String(err)) ? M.upload.too_many_pixels : M.upload.not_an_image);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalid(M.upload.not_an_image);

  const hash = createHash("sha256").update(data).digest("hex").slice(0, 32);
  let largest = "";
  for (const width of IMAGE_WIDTHS) {
    let webp: Buffer;
    try {
      webp = await read().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    } catch (err) {
      throw invalid(/pixel limit/i.test(String(err)) ? M.upload.too_many_pixels : M.upload.not_an_image);
    }
    const name = uploadedImageName(hash, width);
    await store.put(name, webp);
    largest = name;
  }
  return { url: store.url(largest) };
}
