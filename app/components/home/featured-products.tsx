import { usePageT } from "~/i18n/use-page-t";
import { ButtonLink } from "~/components/ui/button";
import { ProductCard } from "~/components/product-card";
import type { ProductView } from "@shared/views";
import { HomeSection } from "./home-section";

export function FeaturedProducts({ products }: { products: ProductView[] }) {
  const { t } = usePageT();
  return (
    <HomeSection
      id="products"
      headingId="products-heading"
      title={t("home.featured")}
      className="below-the-fold scroll-mt-20"
    >
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
        <ButtonLink to="/shop" size="xl">
          {t("home.seeAll")}
        </ButtonLink>
      </p>
    </HomeSection>
  );
}
