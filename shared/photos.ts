/** A tool has at most this many photos: the sole, the iron, the handle, and room for more. */
export const MAX_PHOTOS = 8;
/** The longest alt text of a photo, in either language. */
export const MAX_ALT_LENGTH = 200;

/** A product's photo as stored and as the API answers it. */
export interface Photo {
  url: string;
  alt: string | null;
  altBn: string | null;
}

/** A photo as a page shows it: its address and what it shows, in the page's language. */
export interface PhotoView {
  url: string;
  alt: string;
}

/** A product's photos as stored, first one first: its list, or else its one image (the spec's product has one). */
export function photoList(p: { image: string; images: readonly Photo[] }): Photo[] {
  return p.images.length > 0 ? [...p.images] : [{ url: p.image, alt: null, altBn: null }];
}

/**
 * A product's photos as a page shows them, first one first: its list, or else its one image (the spec's product has one). A photo without
 * alt text in the reader's language is described by the other language's, else by the tool's name.
 */
export function photosOf(
  p: { image: string; images: readonly Photo[] },
  language: "en" | "bn",
  name: string,
): PhotoView[] {
  return photoList(p).map((photo) => ({
    url: photo.url,
    alt: (language === "bn" ? (photo.altBn ?? photo.alt) : (photo.alt ?? photo.altBn)) ?? name,
  }));
}
