import { Form, Link, useLocation } from "react-router";
import { PRODUCT_REVIEW_SORTS, type ProductReviewSort } from "@shared/list-choices";
import type { Message } from "@shared/messages";
import { MAX_COMMENT_LENGTH, MAX_HIDDEN_REASON_LENGTH } from "@shared/text-limits";
import type { ProductReviewView, ReviewCornerView } from "@shared/views";
import { RatingStars } from "~/components/rating-stars";
import { Button } from "~/components/ui/button";
import { Field, NumberField, TextAreaField } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";
import type { ActionResult } from "~/lib/use-action-toast";
import { SignInToReview, type ToolReviewsProps } from "./tool-reviews";

const SORT_WORDS = { newest: "toolReviews.newest", helpful: "toolReviews.helpful" } as const;

/**
 * Everything of a tool's reviews but their heading: the average, the spread of stars, the reviews a page at a time
 * (newest or most helpful, in the URL as `reviews` and `rpage`), and the visitor's own part — the form to write or
 * change their review, or why they cannot yet. Every form posts to the page and works without JavaScript; with it,
 * they post in place (`data-in-place`, app/islands/in-place.ts) and the answer replaces the reviews. Loaded only on
 * a page that has reviews or a signed-in visitor (./tool-reviews.tsx).
 */
export default function ToolReviewsBody({ rating, reviews, corner, answer }: ToolReviewsProps) {
  const { t } = useT();
  const format = useFormat();
  return (
    <>
      {rating.average === null ? (
        <p className="mt-2 text-stone-600">{t("toolReviews.none")}</p>
      ) : (
        <div className="mt-3 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
          <div data-testid="rating-summary">
            <p className="text-3xl font-extrabold text-wood-900">
              {t("toolReviews.average", { n: format.count(rating.average) })}
            </p>
            <RatingStars rating={rating.average} />
            <p className="text-sm text-stone-600">
              {rating.count === 1 ? t("toolReviews.one") : t("toolReviews.count", { n: format.count(rating.count) })}
            </p>
          </div>
          <Spread distribution={corner.distribution} total={rating.count} />
        </div>
      )}
      <YourPart corner={corner} answer={answer} />
      {reviews.total > 0 ? <SortLinks sort={reviews.sort} /> : null}
      <ol className="mt-4 space-y-4">
        {reviews.items.map((r) => (
          <li key={r.id}>
            <ReviewItem review={r} corner={corner} />
          </li>
        ))}
      </ol>
      <ReviewPager page={reviews.page} total={reviews.total} limit={reviews.limit} />
      {corner.hidden.length > 0 ? (
        <section className="mt-6" aria-labelledby="hidden-reviews">
          <h3 id="hidden-reviews" className="font-semibold text-wood-900">
            {t("toolReviews.hidden")}
          </h3>
          <ol className="mt-2 space-y-3">
            {corner.hidden.map((r) => (
              <li key={r.id}>
                <ReviewItem review={r} corner={corner} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

function Spread({ distribution, total }: { distribution: ReviewCornerView["distribution"]; total: number }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <table className="w-full max-w-md text-sm" data-testid="rating-spread">
      <caption className="sr-only">{t("toolReviews.spread")}</caption>
      <tbody>
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = distribution[stars];
          return (
            <tr key={stars}>
              <th scope="row" className="w-16 pr-2 text-left font-normal whitespace-nowrap text-stone-700">
                {t("toolReviews.stars", { n: format.count(stars) })}
              </th>
              <td className="w-full">
                <span className="block h-2.5 rounded bg-wood-100">
                  <span
                    className="block h-2.5 rounded bg-wood-500"
                    style={{ width: `${total > 0 ? Math.round((n / total) * 100) : 0}%` }}
                  />
                </span>
              </td>
              <td className="w-10 pl-2 text-right text-stone-700">{format.count(n)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The links that sort the reviews: the page's own URL with another `reviews`, back to the first page. */
function SortLinks({ sort }: { sort: ProductReviewSort }) {
  const { t } = useT();
  const location = useLocation();
  const to = (s: ProductReviewSort) => {
    const params = new URLSearchParams(location.search);
    params.delete("rpage");
    if (s === "newest") params.delete("reviews");
    else params.set("reviews", s);
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "", hash: "tool-reviews" };
  };
  return (
    <nav aria-label={t("toolReviews.sort")} className="mt-5 flex gap-2 text-sm">
      {PRODUCT_REVIEW_SORTS.map((s) =>
        s === sort ? (
          <span key={s} aria-current="true" className="rounded-md bg-forest-700 px-3 py-1.5 font-semibold text-white">
            {t(SORT_WORDS[s])}
          </span>
        ) : (
          <Link
            key={s}
            to={to(s)}
            preventScrollReset
            data-in-place
            className="rounded-md border border-stone-300 px-3 py-1.5 hover:bg-wood-100"
          >
            {t(SORT_WORDS[s])}
          </Link>
        ),
      )}
    </nav>
  );
}

/** The reviews' pages, as `rpage` beside the page's other parameters. */
function ReviewPager({ page, total, limit }: { page: number; total: number; limit: number }) {
  return <Pager page={page} total={total} limit={limit} param="rpage" />;
}

function ReviewItem({ review: r, corner }: { review: ProductReviewView; corner: ReviewCornerView }) {
  const { t } = useT();
  const format = useFormat();
  const mine = corner.own?.id === r.id;
  return (
    <article className="rounded-xl border border-wood-100 bg-white p-4 shadow-sm" data-testid="tool-review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={r.rating} size="sm" />
        <span className="rounded bg-forest-100 px-2 py-0.5 text-xs font-semibold text-forest-800">
          {t("toolReviews.bought")}
        </span>
        {mine ? (
          <span className="rounded bg-wood-100 px-2 py-0.5 text-xs font-semibold text-wood-900">
            {t("toolReviews.yours")}
          </span>
        ) : null}
        <span className="text-sm text-stone-600">
          {t("toolReviews.by", { name: r.name, date: format.day(r.createdAt.slice(0, 10), true) })}
          {r.edited ? ` · ${t("toolReviews.edited", { date: format.day(r.updatedAt.slice(0, 10), true) })}` : ""}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line text-stone-800">{r.comment}</p>
      {r.hiddenReason ? (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="note">
          {t("toolReviews.hiddenBecause", { reason: r.hiddenReason })}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {r.hiddenReason === null && corner.signedIn && !mine ? (
          <Form method="post" preventScrollReset data-in-place>
            <input type="hidden" name="intent" value="helpful" />
            <input type="hidden" name="reviewId" value={r.id} />
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              aria-label={t("toolReviews.helpfulLabel", { name: r.name })}
            >
              {t("toolReviews.helpfulButton", { n: format.count(r.helpful) })}
            </Button>
          </Form>
        ) : r.helpful > 0 ? (
          <span className="text-sm text-stone-600">
            {t("toolReviews.helpfulButton", { n: format.count(r.helpful) })}
          </span>
        ) : null}
        {corner.isAdmin ? <Moderate review={r} /> : null}
      </div>
    </article>
  );
}

/** An admin hides a review with a reason, or shows a hidden one again. */
function Moderate({ review: r }: { review: ProductReviewView }) {
  const { t } = useT();
  if (r.hiddenReason !== null) {
    return (
      <Form method="post" preventScrollReset data-in-place>
        <input type="hidden" name="intent" value="show" />
        <input type="hidden" name="reviewId" value={r.id} />
        <Button type="submit" size="sm" variant="secondary">
          {t("toolReviews.show")}
        </Button>
      </Form>
    );
  }
  return (
    <Form method="post" preventScrollReset data-in-place className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="hide" />
      <input type="hidden" name="reviewId" value={r.id} />
      <Field
        id={`hide-${r.id}`}
        label={t("toolReviews.reason")}
        name="reason"
        required
        maxLength={MAX_HIDDEN_REASON_LENGTH}
      />
      <Button type="submit" size="sm" variant="danger" aria-label={t("toolReviews.hideLabel", { name: r.name })}>
        {t("toolReviews.hide")}
      </Button>
    </Form>
  );
}

/** The visitor's own part: write a review, change theirs, or why they cannot yet. */
function YourPart({ corner, answer }: { corner: ReviewCornerView; answer: ActionResult | undefined }) {
  const { t } = useT();
  if (!corner.signedIn) return <SignInToReview />;
  if (corner.own) {
    return (
      <>
        {/* Hidden, it is in no list: its author sees it here, with the shop's reason. */}
        {corner.own.hiddenReason ? (
          <div className="mt-4">
            <ReviewItem review={corner.own} corner={corner} />
          </div>
        ) : null}
        <details className="mt-4" open={Boolean(answer?.errors)}>
          <summary className="cursor-pointer font-semibold text-forest-700">{t("toolReviews.change")}</summary>
          <ReviewForm
            intent="change"
            reviewId={corner.own.id}
            rating={corner.own.rating}
            comment={corner.own.comment}
            answer={answer}
          />
        </details>
      </>
    );
  }
  if (!corner.mayWrite) return <p className="mt-4 text-sm text-stone-600">{t("toolReviews.afterDelivery")}</p>;
  return (
    <div className="mt-4 rounded-xl border border-wood-100 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-wood-900">{t("toolReviews.write")}</h3>
      <ReviewForm intent="review" answer={answer} />
    </div>
  );
}

function ReviewForm({
  intent,
  reviewId,
  rating,
  comment,
  answer,
}: {
  intent: "review" | "change";
  reviewId?: string;
  rating?: number;
  comment?: string;
  answer: ActionResult | undefined;
}) {
  const { t } = useT();
  const message = useMessage();
  const errors = (answer?.errors ?? {}) as Partial<Record<"rating" | "comment", Message>>;
  const typed = answer?.values;
  return (
    <Form
      method="post"
      preventScrollReset
      data-in-place
      className="mt-3 max-w-xl space-y-3"
      aria-label={t("toolReviews.title")}
    >
      <input type="hidden" name="intent" value={intent} />
      {reviewId ? <input type="hidden" name="reviewId" value={reviewId} /> : null}
      <NumberField
        id={`${intent}-rating`}
        label={t("toolReviews.rating")}
        name="rating"
        inputMode="decimal"
        min={1}
        max={5}
        step={0.5}
        required
        defaultValue={typed?.rating ?? rating}
        error={errors.rating}
      />
      <TextAreaField
        id={`${intent}-comment`}
        label={t("toolReviews.comment")}
        name="comment"
        rows={3}
        required
        maxLength={MAX_COMMENT_LENGTH}
        defaultValue={typed?.comment ?? comment}
        error={errors.comment}
      />
      {answer?.toast?.kind === "error" && !answer.errors ? (
        <p role="alert" className="text-sm text-red-700">
          {message(answer.toast.said)}
        </p>
      ) : null}
      <Button type="submit">{intent === "review" ? t("toolReviews.send") : t("toolReviews.save")}</Button>
    </Form>
  );
}
