import { lazy, use, type ComponentType } from "react";
import { Link, useLocation } from "react-router";
import type { ProductReviewSort } from "@shared/list-choices";
import type { ProductReviewView, ReviewCornerView } from "@shared/views";
import { useT } from "~/i18n/use-t";
import type { ActionResult } from "~/lib/use-action-toast";

export interface ToolReviewsProps {
  rating: { average: number | null; count: number };
  reviews: { items: ProductReviewView[]; page: number; total: number; limit: number; sort: ProductReviewSort };
  corner: ReviewCornerView;
  answer: ActionResult | undefined;
}

const importBody = () => import("./tool-reviews-body");

/**
 * The body comes from a chunk of its own, fetched only where it is drawn (decision 0032): a signed-out visitor of a
 * tool nobody has reviewed downloads none of it. The server loads it once at start and renders it in the page, so
 * that it reads and posts without JavaScript; the browser hydrates the server's HTML once the chunk has come.
 */
let loadedOnServer: ComponentType<ToolReviewsProps> | undefined;
const serverLoading = import.meta.env.SSR
  ? importBody().then((m) => {
      loadedOnServer = m.default;
    })
  : undefined;

function ServerBody(props: ToolReviewsProps) {
  // Loaded long before the first request; a render that came sooner waits for it.
  if (!loadedOnServer) use(serverLoading!);
  const Loaded = loadedOnServer!;
  return <Loaded {...props} />;
}

const Body = import.meta.env.SSR ? ServerBody : lazy(importBody);

/** A tool's reviews by those who bought it (docs/decisions/0032-reviews-of-a-tool.md). */
export function ToolReviews(props: ToolReviewsProps) {
  const { t } = useT();
  const { rating, corner } = props;
  const quiet = rating.count === 0 && props.reviews.total === 0 && !corner.signedIn;
  return (
    <section className="mt-10 md:col-span-2" aria-labelledby="tool-reviews" data-testid="tool-reviews">
      <h2 id="tool-reviews" className="text-xl font-bold text-wood-900">
        {t("toolReviews.title")}
      </h2>
      {quiet ? (
        <>
          <p className="mt-2 text-stone-600">{t("toolReviews.none")}</p>
          <SignInToReview />
        </>
      ) : (
        // No Suspense boundary here: React outlines a finished boundary of more than 500 bytes, once the page passes
        // its progressive chunk size (12.8 KB), into a hidden <div> that only an inline script moves into place, so a
        // browser without JavaScript would get the heading alone. Hydration (entry.client.tsx) and navigations are
        // transitions: they wait for the chunk, the server's HTML staying until it comes.
        <Body {...props} />
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
