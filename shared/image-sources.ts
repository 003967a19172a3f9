/** Widths every uploaded image is stored at, as WebP. */
export const IMAGE_WIDTHS = [400, 800] as const;

/** An uploaded image's address: `/uploads/{content hash}-{width}.webp`. The largest width is the product's image. */
export const UPLOADED_IMAGE = /^\/uploads\/([0-9a-f]{32})-(\d+)\.webp$/;

export function uploadedImageName(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

/**
 * `src` and `srcSet` for a product image: an uploaded image offers each stored width, so a phone downloads the
 * small one; the store's own drawings are SVG and need none.
 */
export function imageSources(image: string): { src: string; srcSet?: string } {
  const match = UPLOADED_IMAGE.exec(image);
  if (!match) return { src: image };
  const srcSet = IMAGE_WIDTHS.map((w) => `/uploads/${uploadedImageName(match[1]!, w)} ${w}w`).join(", ");
  return { src: image, srcSet };
}
