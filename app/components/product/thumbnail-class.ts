/** A gallery thumbnail's look, the photo shown or another: the page draws it, and app/islands/gallery.ts redraws it. */
export const thumbnailClass = (current: boolean) =>
  `block w-16 overflow-hidden rounded-md border-2 ${
    current ? "border-forest-700" : "border-transparent hover:border-stone-300"
  }`;
