import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { formatMoney } from "@shared/format";
import { poishaToTk } from "@shared/money";
import { Link } from "react-router";
import { getProduct } from "@server/catalog";
import { categoryOf } from "@server/catalog";
import type { ProductDetailView, ProductReviewView } from "@shared/views";
import {
  addProductReview,
  changeProductReview,
  hideProductReview,
  markReviewHelpful,
  productReviews,
  reviewCorner,
  showProductReview,
} from "@server/reviews";
import type { ProductReviewSort } from "@shared/list-choices";
import { paramsOf } from "@shared/list-page";
import { M } from "@shared/messages";
import { ToolReviews } from "~/components/product/tool-reviews";
import { formNumber, formOf, formText, typedValues } from "~/door/form-input.server";
import { act, succeeded, unknownIntent, withRetryAfter } from "~/door/page-door.server";
import { BuyNowForm } from "~/components/buy-now-form";
import { load } from "~/door/page-door.server";
import { productDetailView, productReviewView, reviewCornerView } from "~/door/views.server";
import { VariantChooser } from "~/components/product/variant-chooser";
import { Gallery } from "~/components/product/gallery";
import { languageOf } from "@shared/languages";
import { pageTitle } from "~/lib/site";
import { loadWholePage, withIslands } from "~/lib/hydration";
import { ToastAnswer } from "~/components/toast-answer";
import { perOrderLimit } from "@shared/quantity";
import { isStockOut } from "@shared/stock";
import { askFromProductPage, backInStockForm } from "~/door/back-in-stock.server";
import type { Route } from "./+types/product-detail";

/** How many reviews the product page shows at a time. */
const REVIEWS_PER_PAGE = 10;

/**
 * The server's HTML with islands (app/islands/): the gallery, the sizes, the quantity's check, Add to cart and the
 * reviews' forms work in place without React in the browser. docs/decisions/0041-buyer-pages-as-islands.md.
 */
export const handle = withIslands;

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadWholePage(request);
}

export async function loader(args: Route.LoaderArgs) {
  const search = new URL(args.request.url).searchParams;
  // The page's own names for the reviews' list (`reviews`, `rpage`), as the API names them (`sort`, `page`).
  const listQuery = paramsOf(
    new URLSearchParams({ sort: search.get("reviews") ?? "", page: search.get("rpage") ?? "" }),
    ["sort", "page"],
  );
  const { product, category, reviews, corner } = await load(args, async (ctx) => {
    const found = await getProduct(ctx, args.params.productId);
    const [category, reviews, corner] = await Promise.all([
      categoryOf(ctx, found.categoryId),
      productReviews(ctx, found.id, listQuery, REVIEWS_PER_PAGE),
      reviewCorner(ctx, found.id),
    ]);
    return { product: found, category, reviews, corner };
  });
  const language = languageOf(args.request);
  const shown = productDetailView(product, language, search.get("variant"));
  const jsonLd = productJsonLd(shown, reviews.items.map(productReviewView));
  return {
    product: shown,
    // The photo a thumbnail asked for without JavaScript (`?photo=n`).
    photo: Math.max(0, Math.trunc(Number(search.get("photo")) || 0)),
    category: { slug: category.slug, name: language === "bn" ? category.nameBn : category.nameEn },
    reviews: {
      items: reviews.items.map(productReviewView),
      page: reviews.page,
      total: reviews.total,
      limit: reviews.limit,
      sort: (listQuery.sort ?? "newest") as ProductReviewSort,
    },
    corner: reviewCornerView(corner),
    // "Tell me when it is back", drawn on the server: the page's JavaScript carries none of it (decision 0038).
    backInStock: isStockOut(shown)
      ? backInStockForm(language, shown.options.length > 0 ? shown.variantId : undefined)
      : "",
    // Built here, not in `meta`, so that the browser downloads none of their code.
    meta: [
      { title: pageTitle(shown.name) },
      {
        name: "description",
        content: shown.description || `${shown.name}, ${formatMoney(shown.pricePoisha)} per piece at Randa.`,
      },
      { property: "og:title", content: shown.name },
      { property: "og:image", content: shown.image },
      { "script:ld+json": jsonLd },
    ],
  };
}

/** The reviews' forms: write, change, helpful, and an admin's hide and show. */
export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const reviewId = form.get("reviewId");
  const review = { rating: formNumber(form.get("rating")), comment: formText(form.get("comment")) };
  const productId = args.params.productId;
  switch (form.get("intent")) {
    case "review":
      return act(
        args,
        (ctx) => addProductReview(ctx, productId, review),
        () => succeeded(M.product_review.added),
        { fields: true, values: typedValues(form) },
      );
    case "change":
      return act(
        args,
        (ctx) => changeProductReview(ctx, reviewId, review),
        () => succeeded(M.product_review.changed),
        { fields: true, values: typedValues(form) },
      );
    case "helpful":
      return act(
        args,
        (ctx) => markReviewHelpful(ctx, reviewId),
        () => succeeded(M.product_review.thanked),
      );
    case "hide":
      return act(
        args,
        (ctx) => hideProductReview(ctx, reviewId, { reason: formText(form.get("reason")) }),
        () => succeeded(M.product_review.hidden),
      );
    case "back_in_stock":
      return askFromProductPage(args, form, languageOf(args.request));
    case "show":
      return act(
        args,
        (ctx) => showProductReview(ctx, reviewId),
        () => succeeded(M.product_review.shown),
      );
    default:
      return unknownIntent();
  }
}

/** A refused review's wait (the limits per account and per address), as the API's answer gives it. */
export const headers: Route.HeadersFunction = withRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: pageTitle("Product not found") }];

function productJsonLd(p: ProductDetailView, reviews: ProductReviewView[]) {
  const { average, count } = p.rating;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    image: p.photos.map((f) => f.url),
    description: p.description || undefined,
    sku: p.sku,
    offers: {
      "@type": "Offer",
      price: poishaToTk(p.pricePoisha).toFixed(2),
      priceCurrency: "BDT",
      availability:
        p.availability >= p.minimumQuantity ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: p.minimumQuantity, unitText: "Pis" },
    },
    ...(average === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.name },
            datePublished: r.createdAt.slice(0, 10),
            reviewBody: r.comment,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }),
  };
}

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { product, category, reviews, corner, photo } = loaderData;
  const stockOut = isStockOut(product);
  const { t } = useT();
  const format = useFormat();
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      <ToastAnswer answer={actionData} />
      <Gallery key={product.variantId} photos={product.photos} shown={photo} name={product.name} />
      <div>
        <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{product.name}</h1>
        <p className="mt-3 text-2xl font-extrabold text-forest-700" data-testid="price">
          {format.money(product.pricePoisha)}{" "}
          <span className="text-base font-normal text-stone-600">{t("product.perPiece")}</span>
        </p>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
          <dt className="font-semibold">{t("product.sku")}</dt>
          <dd data-testid="sku">{product.sku}</dd>
          <dt className="font-semibold">{t("categories.category")}</dt>
          <dd data-testid="category">
            <Link
              to={`/shop?category=${encodeURIComponent(category.slug)}`}
              className="font-semibold text-forest-700 underline"
            >
              {category.name}
            </Link>
          </dd>
          <dt className="font-semibold">{t("product.available")}</dt>
          <dd data-testid="availability">
            {stockOut ? (
              <span className="font-bold text-red-700">{t("product.stockOut")}</span>
            ) : (
              t("product.pieces", { n: format.count(product.availability) })
            )}
          </dd>
          <dt className="font-semibold">{t("product.minimum")}</dt>
          <dd data-testid="minimum-quantity">{format.pieces(product.minimumQuantity)}</dd>
          {stockOut ? null : (
            <>
              <dt className="font-semibold">{t("product.perOrder")}</dt>
              <dd data-testid="per-order-limit">{t("product.atMost", { n: format.count(perOrderLimit(product)) })}</dd>
            </>
          )}
        </dl>
        {product.options.length > 0 ? (
          <VariantChooser options={product.options} variants={product.variants} chosenId={product.variantId} />
        ) : null}
        {stockOut ? (
          <div
            dangerouslySetInnerHTML={{
              __html: (actionData && "backInStock" in actionData && actionData.backInStock) || loaderData.backInStock,
            }}
          />
        ) : (
          <BuyNowForm key={product.variantId} product={product} variantId={product.variantId} />
        )}
        <section className="mt-8">
          <h2 className="text-lg font-bold text-wood-900">{t("product.description")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.description || t("product.descFallback")}</p>
        </section>
        <section className="mt-6">
          <h2 className="text-lg font-bold text-wood-900">{t("product.details")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.details || t("product.detailsFallback")}</p>
        </section>
      </div>
      <ToolReviews rating={product.rating} reviews={reviews} corner={corner} answer={actionData} />
    </main>
  );
}
