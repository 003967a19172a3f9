import { wireBuyNow } from "./buy-now";
import { wireGallery } from "./gallery";
import { refreshInPlace, wireInPlace } from "./in-place";
import { showAnswers } from "./toasts";

/**
 * The one script of the product page and the cart (docs/decisions/0041-buyer-pages-as-islands.md): their HTML is the
 * server's, and these islands add what a browser with JavaScript does there. A module script runs once the page is
 * parsed; an answer the page itself is (a form posted without the islands, from the shop, say) shows its toast.
 */
wireInPlace();
wireGallery();
wireBuyNow();
showAnswers(document);
// Back (or Forward) to one of these pages shows the copy the browser kept, whose stock or cart may have changed since
// (bought in the meantime): the page is asked for again and put in place, as React Router's loaders ran again.
window.addEventListener("pageshow", (event) => {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (event.persisted || entry?.type === "back_forward") void refreshInPlace();
});
// The page is ready to use: browser tests wait for this, as they do for a page React hydrated (root.tsx).
document.documentElement.dataset.hydrated = "true";
