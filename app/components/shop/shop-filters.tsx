import { useT } from "~/i18n/use-t";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { MAX_QUERY_LENGTH } from "@shared/list-page";
import { sortChoices, sortValue, type ShopQuery } from "./shop-query";

const controlClass = "rounded-md border border-stone-300 bg-white px-3 py-2 text-sm";

/**
 * With JavaScript, a changed filter applies itself: here when React renders the shop, in app/islands/in-place.ts when
 * it was opened in place from a page with islands. Without, the Show button sends the form.
 */
const applyNow = (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => e.currentTarget.form?.requestSubmit();

/**
 * The shop's search, stock filter and sort: a plain GET form to /shop, so every list is a URL that works without
 * JavaScript. The category (and a page size asked for) travel along, so a search stays on the shelf being browsed.
 */
export function ShopFilters({ query }: { query: ShopQuery }) {
  const { t } = useT();
  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      className="flex flex-wrap items-end gap-3"
      data-in-place
      data-applies-itself
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="shop-q" className="block text-sm font-semibold text-stone-700">
          {t("shop.searchLabel")}
        </label>
        <input
          id="shop-q"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t("shop.searchPlaceholder")}
          className={`mt-1 w-full ${controlClass}`}
        />
      </div>
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      {query.limit ? <input type="hidden" name="limit" value={query.limit} /> : null}
      <div>
        <label htmlFor="shop-sort" className="block text-sm font-semibold text-stone-700">
          {t("shop.sortLabel")}
        </label>
        <select
          id="shop-sort"
          name="sort"
          defaultValue={sortValue(query)}
          onChange={applyNow}
          className={`mt-1 ${controlClass}`}
        >
          <option value="">{t(query.q ? "shop.sorts.relevance" : "shop.sorts.newest")}</option>
          {sortChoices(Boolean(query.q)).map((sort) => (
            <option key={sort} value={sort}>
              {t(`shop.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 py-2 text-sm font-semibold text-stone-700">
        <input
          type="checkbox"
          name="inStock"
          value="true"
          defaultChecked={query.inStock}
          onChange={applyNow}
          className="size-4 accent-forest-700"
        />
        {t("shop.inStock")}
      </label>
      <Button type="submit" size="filter">
        {t("shop.apply")}
      </Button>
    </Form>
  );
}
