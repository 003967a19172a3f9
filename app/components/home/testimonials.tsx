import { usePageT } from "~/i18n/use-page-t";
import { RatingStars } from "~/components/rating-stars";
import type { ReviewView } from "@shared/views";

export function Testimonials({ reviews }: { reviews: ReviewView[] }) {
  const { t } = usePageT();
  return (
    <section aria-labelledby="testimonials-heading" className="below-the-fold bg-wood-100/50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-wood-900">
          {t("home.testimonials")}
        </h2>
        {reviews.length === 0 ? (
          <p className="mt-6 text-center text-stone-600">{t("home.noReviews")}</p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {reviews.map((r) => (
              <li key={r.id} className="flex flex-col rounded-xl bg-white p-6 shadow-sm">
                <RatingStars rating={r.rating} />
                <blockquote className="mt-3 flex-1 leading-relaxed text-stone-700">“{r.comment}”</blockquote>
                <div className="mt-5 flex items-center gap-3">
                  <img src="/images/avatar.svg" alt="" width={48} height={48} loading="lazy" className="rounded-full" />
                  <div>
                    <p className="font-semibold text-wood-900">{r.name}</p>
                    {r.place ? <p className="text-sm text-stone-600">{r.place}</p> : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
