import { imageSources } from "@shared/image-sources";
import { thumbnailClass } from "~/components/product/thumbnail-class";
import { isPlainClick } from "./in-place";

/** A swipe across the zoomed photo at least this long (in CSS pixels) turns to the next or previous one. */
const SWIPE = 40;

/**
 * The product page's gallery (app/components/product/gallery.tsx): a thumbnail shows its photo where the page is,
 * the photo opens the zoomed view, and there the arrow keys, a swipe and a click go from photo to photo. What each
 * photo is, and its words in the page's language, are on its thumbnail. Listeners on the document serve whatever
 * gallery the page has now, one replaced in place (another size) too.
 */
export function wireGallery() {
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const gallery = target.closest<HTMLElement>("[data-gallery]");
    if (!gallery) return;
    const thumbnail = target.closest<HTMLAnchorElement>("a[data-photo]");
    const zoom = target.closest("a[data-zoom-link]");
    if ((thumbnail || zoom) && !isPlainClick(event)) return;
    if (thumbnail) {
      event.preventDefault();
      show(gallery, thumbnailsOf(gallery).indexOf(thumbnail));
    } else if (zoom) {
      event.preventDefault();
      gallery.querySelector("dialog")?.showModal();
    } else if (target.matches("dialog img")) {
      go(gallery, 1);
    }
  });
  document.addEventListener("keydown", (event) => {
    const gallery = galleryOfOpenDialog(event.target);
    if (!gallery || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    event.preventDefault();
    go(gallery, event.key === "ArrowRight" ? 1 : -1);
  });
  let touchX: number | null = null;
  document.addEventListener("touchstart", (event) => {
    touchX = galleryOfOpenDialog(event.target) ? (event.touches[0]?.clientX ?? null) : null;
  });
  document.addEventListener("touchend", (event) => {
    const gallery = galleryOfOpenDialog(event.target);
    const from = touchX;
    const to = event.changedTouches[0]?.clientX;
    touchX = null;
    if (!gallery || from === null || to === undefined || Math.abs(to - from) < SWIPE) return;
    go(gallery, to < from ? 1 : -1);
  });
}

const galleryOfOpenDialog = (target: EventTarget | null) =>
  target instanceof Element ? target.closest("dialog[open]")?.closest<HTMLElement>("[data-gallery]") : null;

const thumbnailsOf = (gallery: Element) => [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-photo]")];

function go(gallery: Element, step: number) {
  const thumbnails = thumbnailsOf(gallery);
  if (thumbnails.length < 2) return;
  const shown = thumbnails.findIndex((t) => t.getAttribute("aria-current") === "true");
  show(gallery, (shown + step + thumbnails.length) % thumbnails.length);
}

function show(gallery: Element, index: number) {
  const thumbnails = thumbnailsOf(gallery);
  const chosen = thumbnails[index];
  if (!chosen) return;
  thumbnails.forEach((t, i) => {
    if (i === index) t.setAttribute("aria-current", "true");
    else t.removeAttribute("aria-current");
    t.className = thumbnailClass(i === index);
  });
  const { photo = "", alt = "", zoomLabel = "" } = chosen.dataset;
  const zoom = gallery.querySelector<HTMLAnchorElement>("a[data-zoom-link]");
  if (zoom) {
    zoom.href = photo;
    zoom.setAttribute("aria-label", zoomLabel);
  }
  const dialog = gallery.querySelector("dialog");
  dialog?.setAttribute("aria-label", chosen.getAttribute("aria-label") ?? "");
  for (const img of [zoom?.querySelector("img"), dialog?.querySelector("img")]) {
    if (img) picture(img, photo, alt);
  }
}

function picture(img: HTMLImageElement, url: string, alt: string) {
  const { src, srcSet } = imageSources(url);
  if (srcSet) img.srcset = srcSet;
  else img.removeAttribute("srcset");
  img.src = src;
  img.alt = alt;
}
