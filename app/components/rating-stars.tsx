/** Five stars filled to the rating (halves included), read out as text for screen readers. */
export function RatingStars({ rating }: { rating: number }) {
  const percent = (Math.max(0, Math.min(5, rating)) / 5) * 100;
  return (
    <span className="relative inline-block text-lg leading-none" role="img" aria-label={`Rated ${rating} out of 5`}>
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
