import { useRef, useState } from "react";
import { imageSources } from "@shared/image-sources";
import type { PhotoView } from "@shared/photos";
import { useT } from "~/i18n/use-t";

/** A swipe across the zoomed photo at least this long (in CSS pixels) turns to the next or previous one. */
const SWIPE = 40;

/**
 * The product page's photos: the one shown, thumbnails of them all and a zoomed view.
 * - Without JavaScript a thumbnail is a link to the page with that photo (`?photo=n`), and the photo itself links to
 *   the full-size image.
 * - With JavaScript a thumbnail shows its photo at once, and the photo opens a dialog. In the dialog, the arrow keys,
 *   a swipe and a click on the photo go from photo to photo, Escape closes it, and focus comes back to the photo.
 */
export function Gallery({ photos, shown: first, name }: { photos: PhotoView[]; shown: number; name: string }) {
  const { t } = useT();
  const [shown, setShown] = useState(Math.min(Math.max(first, 0), photos.length - 1));
  const dialog = useRef<HTMLDialogElement>(null);
  const touchX = useRef<number | null>(null);
  const photo = photos[shown]!;
  const go = (step: number) => setShown((i) => (i + step + photos.length) % photos.length);

  function keys(event: React.KeyboardEvent) {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  }

  return (
    <div role="group" aria-label={t("product.photos", { name })} data-testid="gallery">
      <a
        href={photo.url}
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
        aria-label={t("product.zoom", { alt: photo.alt })}
        className="block cursor-zoom-in"
      >
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
                onClick={(event) => {
                  event.preventDefault();
                  setShown(i);
                }}
                aria-current={i === shown ? "true" : undefined}
                aria-label={t("product.photoN", { n: i + 1, total: photos.length, alt: p.alt })}
                className={`block w-16 overflow-hidden rounded-md border-2 ${
                  i === shown ? "border-forest-700" : "border-transparent hover:border-stone-300"
                }`}
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
        ref={dialog}
        aria-label={t("product.photoN", { n: shown + 1, total: photos.length, alt: photo.alt })}
        onKeyDown={keys}
        onTouchStart={(event) => (touchX.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={(event) => {
          const from = touchX.current;
          const to = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (from === null || to === undefined || Math.abs(to - from) < SWIPE) return;
          go(to < from ? 1 : -1);
        }}
        className="m-auto max-h-[95vh] w-[min(95vw,1200px)] rounded-xl bg-white p-3 backdrop:bg-black/70"
        data-testid="zoomed"
      >
        <img
          {...imageSources(photo.url)}
          sizes="95vw"
          alt={photo.alt}
          width={1200}
          height={900}
          onClick={() => go(1)}
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
