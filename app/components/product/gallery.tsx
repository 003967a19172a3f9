import { imageSources } from "@shared/image-sources";
import type { PhotoView } from "@shared/photos";
import { useT } from "~/i18n/use-t";
import { thumbnailClass } from "./thumbnail-class";

/**
 * The product page's photos: the one shown, thumbnails of them all and a zoomed view.
 * - Without JavaScript a thumbnail is a link to the page with that photo (`?photo=n`), and the photo itself links to
 *   the full-size image.
 * - With JavaScript (app/islands/gallery.ts) a thumbnail shows its photo at once, and the photo opens the dialog. In
 *   the dialog, the arrow keys, a swipe and a click on the photo go from photo to photo, Escape closes it, and focus
 *   comes back to the photo. Each thumbnail carries what the island needs of its photo, in the page's language.
 */
export function Gallery({ photos, shown: first, name }: { photos: PhotoView[]; shown: number; name: string }) {
  const { t } = useT();
  const shown = Math.min(Math.max(first, 0), photos.length - 1);
  const photo = photos[shown]!;
  const zoomLabel = (p: PhotoView) => t("product.zoom", { alt: p.alt });
  const photoLabel = (p: PhotoView, i: number) => t("product.photoN", { n: i + 1, total: photos.length, alt: p.alt });
  return (
    <div role="group" aria-label={t("product.photos", { name })} data-testid="gallery" data-gallery>
      <a href={photo.url} aria-label={zoomLabel(photo)} className="block cursor-zoom-in" data-zoom-link>
        <img
          {...imageSources(photo.url)}
          sizes="(min-width: 768px) 50vw, 100vw"
          alt={photo.alt}
          width={800}
          height={600}
          fetchPriority="high"
          className="aspect-[4/3] h-auto w-full rounded-xl border border-wood-100 bg-white object-contain"
          data-testid="shown-photo"
        />
      </a>
      {photos.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {photos.map((p, i) => (
            <li key={p.url}>
              <a
                href={`?photo=${i}`}
                aria-current={i === shown ? "true" : undefined}
                aria-label={photoLabel(p, i)}
                className={thumbnailClass(i === shown)}
                data-photo={p.url}
                data-alt={p.alt}
                data-zoom-label={zoomLabel(p)}
              >
                <img
                  {...imageSources(p.url)}
                  sizes="4rem"
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="aspect-[4/3] h-auto w-full bg-white object-contain"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        aria-label={photoLabel(photo, shown)}
        className="m-auto max-h-[95vh] w-[min(95vw,1200px)] rounded-xl bg-white p-3 backdrop:bg-black/70"
        data-testid="zoomed"
      >
        <img
          {...imageSources(photo.url)}
          sizes="95vw"
          alt={photo.alt}
          width={1200}
          height={900}
          loading="lazy"
          className="max-h-[80vh] w-full object-contain"
        />
        <div className="mt-2 flex justify-end">
          <form method="dialog">
            <button type="submit" className="rounded-md bg-forest-700 px-3 py-2 font-semibold text-white" autoFocus>
              {t("product.closeZoom")}
            </button>
          </form>
        </div>
      </dialog>
    </div>
  );
}
