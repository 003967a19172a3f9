import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { Link } from "react-router";
import type { ProductView } from "@shared/views";
import { imageSources } from "@shared/image-sources";
import { isStockOut } from "@shared/stock";
import { AddToCartForm } from "~/components/cart/add-to-cart-form";
import { RatingStars } from "~/components/rating-stars";

export function ProductCard({ product, eager = false }: { product: ProductView; eager?: boolean }) {
  const { t } = useT();
  const format = useFormat();
  // A tool sold in sizes is chosen on its page: the card says its lowest price and leads there.
  const sized = product.variantCount > 1;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-wood-100 bg-white shadow-sm">
      <img
        {...imageSources(product.image)}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        alt={product.name}
        width={800}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[4/3] h-auto w-full bg-paper object-contain"
      />
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold leading-snug text-wood-900">{product.name}</h3>
        <p className="mt-1 text-lg font-bold text-forest-700" data-testid="product-price">
          {sized
            ? t("product.from", { price: format.money(product.priceFromPoisha) })
            : format.money(product.pricePoisha)}
        </p>
        {product.rating.average === null ? null : (
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-600" data-testid="card-rating">
            <RatingStars rating={product.rating.average} size="sm" />
            <span>({format.count(product.rating.count)})</span>
          </p>
        )}
        {isStockOut(product) ? <p className="text-sm font-bold text-red-700">{t("product.stockOut")}</p> : null}
        {isStockOut(product) || sized ? null : (
          <div className="mt-3">
            <AddToCartForm productId={product.id} quantity={product.minimumQuantity} name={product.name} />
          </div>
        )}
        <Link
          to={`/detail/${product.id}`}
          className="mt-auto inline-block rounded-md border border-forest-700 px-4 py-2 text-center text-sm font-semibold text-forest-700 hover:bg-forest-700 hover:text-white"
          aria-label={t(sized ? "product.chooseLabel" : "product.detailLabel", { name: product.name })}
        >
          {t(sized ? "product.chooseLink" : "product.detailLink")}
        </Link>
      </div>
    </article>
  );
}
