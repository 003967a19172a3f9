/** Widths every uploaded image is stored at, as WebP. */
export const IMAGE_WIDTHS = [400, 800] as const;

const NAME = "([0-9a-f]{32})-(\\d+)\\.webp";

/** An uploaded image's file (or object) name: `{content hash}-{width}.webp`. */
export const UPLOADED_NAME = new RegExp(`^${NAME}$`);

/**
 * An uploaded image's address: `/uploads/{name}` on the store, or `{S3_PUBLIC_URL}/{name}` when a bucket serves
 * them (no commas or spaces, which a srcset cannot hold). The largest width is the product's image. Which public
 * address is the store's own, only the server knows (server/images/image-store.ts).
 */
export const UPLOADED_IMAGE = new RegExp(`^(/uploads|https?://[^/?#\\s,]+(?:/[^?#\\s,]*)?)/${NAME}$`);

export function uploadedImageName(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

/**
 * `src` and `srcSet` for a product image: an uploaded image offers each stored width from where it is kept, so a
 * phone downloads the small one; the store's own drawings are SVG and need none.
 */
export function imageSources(image: string): { src: string; srcSet?: string } {
  const match = UPLOADED_IMAGE.exec(image);
  if (!match) return { src: image };
  const [, base, hash] = match;
  const srcSet = IMAGE_WIDTHS.map((w) => `${base}/${uploadedImageName(hash!, w)} ${w}w`).join(", ");
  return { src: image, srcSet };
}
