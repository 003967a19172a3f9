import { Link, useLocation } from "react-router";
import type { ProductReviewSort } from "@shared/list-choices";
import type { ProductReviewView, ReviewCornerView } from "@shared/views";
import { useT } from "~/i18n/use-t";
import type { ActionResult } from "~/lib/use-action-toast";
import ToolReviewsBody from "./tool-reviews-body";

export interface ToolReviewsProps {
  rating: { average: number | null; count: number };
  reviews: { items: ProductReviewView[]; page: number; total: number; limit: number; sort: ProductReviewSort };
  corner: ReviewCornerView;
  answer: ActionResult | undefined;
}

/**
 * A tool's reviews by those who bought it (docs/decisions/0032-reviews-of-a-tool.md). The page is the server's HTML
 * (0041): a browser downloads none of their code, so the body no longer needs a chunk of its own.
 */
export function ToolReviews(props: ToolReviewsProps) {
  const { t } = useT();
  const { rating, corner } = props;
  const quiet = rating.count === 0 && props.reviews.total === 0 && !corner.signedIn;
  return (
    <section
      className="mt-10 md:col-span-2"
      aria-labelledby="tool-reviews"
      data-testid="tool-reviews"
      data-region="reviews"
    >
      <h2 id="tool-reviews" className="text-xl font-bold text-wood-900">
        {t("toolReviews.title")}
      </h2>
      {quiet ? (
        <>
          <p className="mt-2 text-stone-600">{t("toolReviews.none")}</p>
          <SignInToReview />
        </>
      ) : (
        <ToolReviewsBody {...props} />
      )}
    </section>
  );
}

/** A signed-out visitor's way to review: sign in, and come back to this page. */
export function SignInToReview() {
  const { t } = useT();
  const { pathname, search } = useLocation();
  return (
    <p className="mt-4">
      <Link
        to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}
        className="font-semibold text-forest-700 underline"
      >
        {t("toolReviews.signIn")}
      </Link>
    </p>
  );
}
