import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import { formatTk } from "~/lib/format";
import { data, type ShouldRevalidateFunction } from "react-router";
import { productJson } from "@server/api/serialize";
import { getProduct } from "@server/domain/catalog";
import { placeOrder } from "@server/domain/place-order";
import { DomainError } from "@server/errors";
import { BuyNowForm, type BuyNowResult } from "~/components/buy-now-form";
import { actionError } from "~/lib/action-error.server";
import type { ProductJson } from "~/lib/api-types";
import { formNumber } from "~/lib/form-data";
import { requireUser } from "~/lib/session.server";
import { toastError } from "~/lib/use-action-toast";
import { IdempotencyKeySchema, OrderSchema } from "~/schemas/order";
import { pageTitle } from "~/lib/site";
import { isStockOut } from "~/lib/stock";
import { imageSources } from "~/lib/image-sources";
import type { Route } from "./+types/product-detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { product: productJson(await getProduct(context.db, params.productId)) };
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found") throw data(err.message, { status: 404 });
    throw err;
  }
}

/** Buy It Now. A signed-out visitor is sent to sign in and comes back to this product. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const parsed = OrderSchema.safeParse({ productId: params.productId, quantity: formNumber(form.get("quantity")) });
  if (!parsed.success) return data<BuyNowResult>(toastError(parsed.error.issues[0]!.message), { status: 400 });
  const key = IdempotencyKeySchema.safeParse(form.get("idempotencyKey") || undefined);
  try {
    const placed = await placeOrder(context.db, parsed.data, user, key.success ? key.data : undefined);
    return { insertedId: placed.order.id } satisfies BuyNowResult;
  } catch (err) {
    return actionError(err);
  }
}

/** A refused order (the stock moved on) still refreshes the stock shown, so the customer sees why. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle("Product not found") }];
  const { product } = loaderData;
  return [
    { title: pageTitle(product.name) },
    { name: "description", content: product.desc || `${product.name}, ${formatTk(product.price)} per piece at Randa.` },
    { property: "og:title", content: product.name },
    { property: "og:image", content: product.image },
    { "script:ld+json": productJsonLd(product) },
  ];
};

function productJsonLd(p: ProductJson) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    image: p.image,
    description: p.desc || undefined,
    sku: p._id,
    offers: {
      "@type": "Offer",
      price: p.price.toFixed(2),
      priceCurrency: "BDT",
      availability:
        p.Availability >= p.minimumQuantity ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: p.minimumQuantity, unitText: "Pis" },
    },
  };
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const stockOut = isStockOut(product);
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      <img
        {...imageSources(product.image)}
        sizes="(min-width: 768px) 50vw, 100vw"
        alt={product.name}
        width={800}
        height={600}
        fetchPriority="high"
        className="aspect-[4/3] h-auto w-full rounded-xl border border-wood-100 bg-white object-contain"
      />
      <div>
        <h1 className="text-2xl font-bold text-wood-900 sm:text-3xl">{product.name}</h1>
        <p className="mt-3 text-2xl font-extrabold text-forest-700" data-testid="price">
          {format.tk(product.price)}{" "}
          <span className="text-base font-normal text-stone-600">{t("product.perPiece")}</span>
        </p>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
          <dt className="font-semibold">{t("product.available")}</dt>
          <dd data-testid="availability">
            {stockOut ? (
              <span className="font-bold text-red-700">{t("product.stockOut")}</span>
            ) : (
              t("product.pieces", { n: format.count(product.Availability) })
            )}
          </dd>
          <dt className="font-semibold">{t("product.minimum")}</dt>
          <dd data-testid="minimum-quantity">{format.pieces(product.minimumQuantity)}</dd>
        </dl>
        {!stockOut && <BuyNowForm key={product._id} product={product} />}
        <section className="mt-8">
          <h2 className="text-lg font-bold text-wood-900">{t("product.description")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.desc || t("product.descFallback")}</p>
        </section>
        <section className="mt-6">
          <h2 className="text-lg font-bold text-wood-900">{t("product.details")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.details || t("product.detailsFallback")}</p>
        </section>
      </div>
    </main>
  );
}
