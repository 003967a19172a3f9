import { useT } from "~/i18n/use-t";
import { Form, Link, useLocation } from "react-router";
import { MAX_QUERY_LENGTH } from "@shared/list-page";
import { ORDER_SORTS, type OrderSort } from "@shared/list-choices";

/** What Manage Orders' URL asks for, as typed: the form shows it back, refused or not. */
export type OrderListSearch = Partial<Record<"status" | "q" | "from" | "to" | "sort", string>>;

const SORT_LABELS: Record<OrderSort, string> = {
  newest: "manageOrders.newest",
  oldest: "manageOrders.oldest",
  "amount-high": "manageOrders.amountHigh",
  "amount-low": "manageOrders.amountLow",
};

const control = "mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2";
const label = "block text-sm font-semibold text-stone-700";

/**
 * Manage Orders' search: a plain GET form, so that it works without JavaScript and its answer is a URL an admin
 * can keep. The tab stays as it is; a new search starts again from the first page.
 */
export function OrderSearch({ search }: { search: OrderListSearch }) {
  const { t } = useT();
  const location = useLocation();
  const cleared = search.status ? `?${new URLSearchParams({ status: search.status })}` : "";
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("manageOrders.searchForm")}
      className="mt-4 grid gap-3 rounded-xl border border-wood-100 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      {search.status ? <input type="hidden" name="status" value={search.status} /> : null}
      <div>
        <label htmlFor="orders-q" className={label}>
          {t("manageOrders.searchLabel")}
        </label>
        <input
          id="orders-q"
          type="search"
          name="q"
          defaultValue={search.q ?? ""}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t("manageOrders.searchPlaceholder")}
          className={control}
        />
      </div>
      <div>
        <label htmlFor="orders-from" className={label}>
          {t("manageOrders.from")}
        </label>
        <input id="orders-from" type="date" name="from" defaultValue={search.from ?? ""} className={control} />
      </div>
      <div>
        <label htmlFor="orders-to" className={label}>
          {t("manageOrders.to")}
        </label>
        <input id="orders-to" type="date" name="to" defaultValue={search.to ?? ""} className={control} />
      </div>
      <div>
        <label htmlFor="orders-sort" className={label}>
          {t("manageOrders.sort")}
        </label>
        <select id="orders-sort" name="sort" defaultValue={search.sort ?? "newest"} className={control}>
          {ORDER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="rounded-md bg-forest-700 px-4 py-2 font-semibold text-white hover:bg-forest-800"
        >
          {t("manageOrders.search")}
        </button>
        <Link
          to={{ pathname: location.pathname, search: cleared }}
          className="px-2 py-2 font-semibold whitespace-nowrap text-forest-700 underline"
        >
          {t("manageOrders.clear")}
        </Link>
      </div>
    </Form>
  );
}
