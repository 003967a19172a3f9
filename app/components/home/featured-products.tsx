import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import { ProductCard } from "~/components/product-card";
import type { ProductView } from "@shared/views";

export function FeaturedProducts({ products }: { products: ProductView[] }) {
  const { t } = useT();
  return (
    <section
      id="products"
      aria-labelledby="products-heading"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14 sm:px-6"
    >
      <h2 id="products-heading" className="text-center text-3xl font-bold text-wood-900">
        {t("home.featured")}
      </h2>
      {products.length === 0 ? (
        <p className="mt-6 text-center text-stone-600">{t("home.noProducts")}</p>
      ) : (
        <div data-testid="product-grid" className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 2} />
          ))}
        </div>
      )}
      <p className="mt-8 text-center">
        <Link
          to="/shop"
          className="inline-block rounded-md bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800"
        >
          {t("home.seeAll")}
        </Link>
      </p>
    </section>
  );
}
