import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, uploadedImageName } from "~/lib/image-sources";
import { DomainError, invalid, tooLarge } from "../errors";
import type { ImageStore } from "./image-store";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: larger than any camera photo a shop needs, far below a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

export const IMAGE_REQUIRED = "Image Is Required";
export const IMAGE_TOO_LARGE = "The image is larger than 5 MB. Please choose a smaller file.";
export const NOT_AN_IMAGE = "That file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF file.";
export const TOO_MANY_PIXELS = "The image has too many pixels (at most 40 megapixels). Please choose a smaller one.";

/**
 * Judges an uploaded file by its content (sharp reads it; its name and type are ignored), refuses what is not an
 * image or is too big, and stores it as WebP at each width. Stored under its content hash, so the same image
 * uploaded twice is one set of files and its address never changes.
 */
export async function processUpload(store: ImageStore, data: Buffer): Promise<{ url: string }> {
  if (data.length === 0) throw invalid(IMAGE_REQUIRED);
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge(IMAGE_TOO_LARGE);
  const read = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    const meta = await read().metadata();
    format = meta.format;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid(TOO_MANY_PIXELS);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw invalid(/pixel limit/i.test(String(err)) ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalid(NOT_AN_IMAGE);

  const hash = createHash("sha256").update(data).digest("hex").slice(0, 32);
  let largest = "";
  for (const width of IMAGE_WIDTHS) {
    let webp: Buffer;
    try {
      webp = await read().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    } catch (err) {
      throw invalid(/pixel limit/i.test(String(err)) ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
    }
    const name = uploadedImageName(hash, width);
    await store.put(name, webp);
    largest = name;
  }
  return { url: store.url(largest) };
}
