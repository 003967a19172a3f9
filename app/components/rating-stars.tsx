import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";

/** Five stars filled to the rating (halves included), read out as text for screen readers in the page's language. */
export function RatingStars({ rating, size = "lg" }: { rating: number; size?: "sm" | "lg" }) {
  const { t } = useT();
  const format = useFormat();
  const percent = (Math.max(0, Math.min(5, rating)) / 5) * 100;
  return (
    <span
      className={`relative inline-block leading-none ${size === "sm" ? "text-sm" : "text-lg"}`}
      role="img"
      aria-label={t("review.outOf", { n: format.count(rating) })}
    >
      <span className="text-wood-100">★★★★★</span>
      <span
        className="absolute inset-0 overflow-hidden text-wood-500"
        style={{ width: `${percent}%` }}
        aria-hidden="true"
      >
        ★★★★★
      </span>
    </span>
  );
}
