import { useAdminT, type AnyTextKey } from "~/i18n/use-page-t";
import { Link, useLocation } from "react-router";
import { ORDER_TABS, type OrderTab, type OrderTabCounts } from "@shared/list-choices";
import { useFormat } from "~/i18n/use-format";
import type { OrderListSearch } from "./order-search";

const TABS = ["all", ...ORDER_TABS] as const;

const labelOf = (tab: OrderTab | "all"): AnyTextKey =>
  tab === "all" ? "manageOrders.all" : tab === "refund-due" ? "admin.refundDue" : `states.${tab}`;

/**
 * Manage Orders' tabs: every status (and refund due) as a link with its count for the current search and dates,
 * which it keeps; a tab opens on its first page. Without counts (a refused search) the tabs are still there.
 */
export function OrderTabs({ counts, search }: { counts: OrderTabCounts | null; search: OrderListSearch }) {
  const { t } = useAdminT();
  const format = useFormat();
  const location = useLocation();
  const current = search.status ?? "all";
  const to = (tab: OrderTab | "all") => {
    const params = new URLSearchParams();
    if (tab !== "all") params.set("status", tab);
    for (const name of ["q", "from", "to", "sort"] as const) {
      const value = search[name];
      if (value) params.set(name, value);
    }
    const query = params.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : "" };
  };
  return (
    <nav aria-label={t("manageOrders.tabs")} className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={to(tab)}
              aria-current={tab === current ? "page" : undefined}
              className="inline-flex items-center gap-1.5 rounded-full border border-wood-200 bg-white px-3 py-1.5 font-semibold text-wood-900 hover:bg-wood-50 aria-[current=page]:border-forest-700 aria-[current=page]:bg-forest-700 aria-[current=page]:text-white"
            >
              {t(labelOf(tab))}
              {counts ? <span className="font-normal tabular-nums">({format.count(counts[tab])})</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
