import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { formatMoney } from "@shared/format";
import { poishaToTk } from "@shared/money";
import { Link } from "react-router";
import { getProduct } from "@server/catalog";
import { categoryOf } from "@server/catalog";
import type { ProductView } from "@shared/views";
import { BuyNowForm } from "~/components/buy-now-form";
import { load } from "~/door/page-door.server";
import { visitorProductView } from "~/door/views.server";
import { languageOf } from "@shared/languages";
import { pageTitle } from "~/lib/site";
import { perOrderLimit } from "@shared/quantity";
import { isStockOut } from "@shared/stock";
import { imageSources } from "@shared/image-sources";
import type { Route } from "./+types/product-detail";

export async function loader(args: Route.LoaderArgs) {
  const { product, category } = await load(args, async (ctx) => {
    const found = await getProduct(ctx, args.params.productId);
    return { product: found, category: await categoryOf(ctx, found.categoryId) };
  });
  const language = languageOf(args.request);
  return {
    product: visitorProductView(product, language),
    category: { slug: category.slug, name: language === "bn" ? category.nameBn : category.nameEn },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle("Product not found") }];
  const { product } = loaderData;
  return [
    { title: pageTitle(product.name) },
    {
      name: "description",
      content: product.description || `${product.name}, ${formatMoney(product.pricePoisha)} per piece at Randa.`,
    },
    { property: "og:title", content: product.name },
    { property: "og:image", content: product.image },
    { "script:ld+json": productJsonLd(product) },
  ];
};

function productJsonLd(p: ProductView) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    image: p.image,
    description: p.description || undefined,
    sku: p.id,
    offers: {
      "@type": "Offer",
      price: poishaToTk(p.pricePoisha).toFixed(2),
      priceCurrency: "BDT",
      availability:
        p.availability >= p.minimumQuantity ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: p.minimumQuantity, unitText: "Pis" },
    },
  };
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, category } = loaderData;
  const stockOut = isStockOut(product);
  const { t } = useT();
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
          {format.money(product.pricePoisha)}{" "}
          <span className="text-base font-normal text-stone-600">{t("product.perPiece")}</span>
        </p>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
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
        {!stockOut && <BuyNowForm key={product.id} product={product} />}
        <section className="mt-8">
          <h2 className="text-lg font-bold text-wood-900">{t("product.description")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.description || t("product.descFallback")}</p>
        </section>
        <section className="mt-6">
          <h2 className="text-lg font-bold text-wood-900">{t("product.details")}</h2>
          <p className="mt-2 leading-relaxed text-stone-700">{product.details || t("product.detailsFallback")}</p>
        </section>
      </div>
    </main>
  );
}
