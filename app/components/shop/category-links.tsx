import { useT } from "~/i18n/use-t";
import { Link, useLocation } from "react-router";
import { useFormat } from "~/i18n/use-format";
import { shopLink } from "./shop-query";

export interface ShopCategory {
  slug: string;
  /** In the page's language. */
  name: string;
  products: number;
}

const itemClass = (current: boolean) =>
  `flex items-center justify-between gap-3 rounded-md px-3 py-1.5 text-sm whitespace-nowrap ${
    current ? "bg-forest-700 font-semibold text-white" : "text-stone-700 hover:bg-wood-100"
  }`;

/** The shop's shelves as links, each keeping the search, stock filter and sort; "All tools" leaves the shelf. */
export function CategoryLinks({ categories, current }: { categories: ShopCategory[]; current?: string }) {
  const { t } = useT();
  const format = useFormat();
  const { search } = useLocation();
  const all = categories.reduce((sum, c) => sum + c.products, 0);
  const entries = [{ slug: undefined, name: t("shop.allCategories"), products: all }, ...categories];
  return (
    <nav aria-labelledby="shop-categories" className="min-w-0">
      <h2 id="shop-categories" className="text-sm font-bold tracking-wider text-wood-900 uppercase">
        {t("shop.categories")}
      </h2>
      <ul className="mt-2 flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
        {entries.map((c) => (
          <li key={c.slug ?? "all"}>
            <Link
              to={shopLink(search, { category: c.slug })}
              aria-current={c.slug === current ? "page" : undefined}
              className={itemClass(c.slug === current)}
              data-in-place
            >
              <span>{c.name}</span>
              <span className="tabular-nums opacity-80">{format.count(c.products)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
