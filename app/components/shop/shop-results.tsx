import { useT } from "~/i18n/use-t";
import { Link, useLocation } from "react-router";
import type { Page } from "@shared/list-page";
import type { ProductView } from "@shared/views";
import { ProductCard } from "~/components/product-card";
import { Pager } from "~/components/ui/pager";
import { useFormat } from "~/i18n/use-format";
import { shopLink, type ShopQuery } from "./shop-query";

const linkClass = "font-semibold text-forest-700 underline";

/** How many tools the list holds, a page of their cards and the pages; or why there is nothing to show. */
export function ShopResults({ page, query }: { page: Page<ProductView>; query: ShopQuery }) {
  const { t } = useT();
  const format = useFormat();
  const { search } = useLocation();
  const count = { count: page.total, n: format.count(page.total), q: query.q };
  return (
    <section aria-labelledby="shop-results" className="min-w-0">
      <h2 id="shop-results" className="text-sm text-stone-600" data-testid="result-count">
        {query.q ? t("shop.matching", count) : t("shop.results", count)}
      </h2>
      {page.items.length > 0 ? (
        <div data-testid="product-grid" className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.items.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 2} />
          ))}
        </div>
      ) : (
        <div role="status" className="mt-6 rounded-xl border border-wood-100 bg-white p-6 text-stone-700">
          {page.total > 0 ? (
            <p>
              {t("shop.pastTheEnd")}{" "}
              <Link to={shopLink(search, {})} className={linkClass}>
                {t("shop.firstPage")}
              </Link>
            </p>
          ) : (
            <>
              <p className="font-semibold text-wood-900">
                {query.q ? t("shop.noMatch", { q: query.q }) : t("shop.empty")}
              </p>
              {query.q ? <p className="mt-2">{t("shop.noMatchHint")}</p> : null}
              <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {query.category && query.q ? (
                  <li>
                    <Link to={shopLink(search, { category: undefined })} className={linkClass}>
                      {t("shop.everyCategory")}
                    </Link>
                  </li>
                ) : null}
                {query.inStock ? (
                  <li>
                    <Link to={shopLink(search, { inStock: undefined })} className={linkClass}>
                      {t("shop.outOfStockToo")}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link to="/shop" className={linkClass}>
                    {t("shop.allTools")}
                  </Link>
                </li>
              </ul>
            </>
          )}
        </div>
      )}
      <Pager page={page.page} total={page.total} limit={page.limit} />
    </section>
  );
}
