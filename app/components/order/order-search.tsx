import { useAdminT, type AnyTextKey } from "~/i18n/use-page-t";
import { Form, useLocation } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { SearchButtons } from "~/components/ui/search-buttons";
import { MAX_QUERY_LENGTH } from "@shared/list-page";
import { ORDER_SORTS, type OrderSort } from "@shared/list-choices";

/** What Manage Orders' URL asks for, as typed: the form shows it back, refused or not. */
export type OrderListSearch = Partial<Record<"status" | "q" | "from" | "to" | "sort", string>>;

const SORT_LABELS: Record<OrderSort, AnyTextKey> = {
  newest: "manageOrders.newest",
  oldest: "manageOrders.oldest",
  "amount-high": "manageOrders.amountHigh",
  "amount-low": "manageOrders.amountLow",
};

/**
 * Manage Orders' search: a plain GET form, so that it works without JavaScript and its answer is a URL an admin
 * can keep. The tab stays as it is; a new search starts again from the first page.
 */
export function OrderSearch({ search }: { search: OrderListSearch }) {
  const { t } = useAdminT();
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
      <Field
        id="orders-q"
        label={t("manageOrders.searchLabel")}
        type="search"
        name="q"
        defaultValue={search.q ?? ""}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t("manageOrders.searchPlaceholder")}
      />
      <Field id="orders-from" label={t("manageOrders.from")} type="date" name="from" defaultValue={search.from ?? ""} />
      <Field id="orders-to" label={t("manageOrders.to")} type="date" name="to" defaultValue={search.to ?? ""} />
      <SelectField id="orders-sort" label={t("manageOrders.sort")} name="sort" defaultValue={search.sort ?? "newest"}>
        {ORDER_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end gap-2">
        <SearchButtons
          label={t("manageOrders.search")}
          clear={{ to: { pathname: location.pathname, search: cleared }, label: t("manageOrders.clear") }}
        />
      </div>
    </Form>
  );
}
