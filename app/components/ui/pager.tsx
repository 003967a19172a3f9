import { useT } from "~/i18n/use-t";
import { Link, useLocation } from "react-router";
import { MAX_OFFSET_ITEMS, pageCount, type Page } from "@shared/list-page";
import { useFormat } from "~/i18n/use-format";

/** The page numbers a pager shows: the first, the last, and two either side of the current; null is a gap. */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= last; n++) {
    if (n === 1 || n === last || Math.abs(n - current) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** The last page a list's links reach: offset pages stop at MAX_OFFSET_ITEMS, as the server does. */
export const lastPage = (p: Pick<Page<unknown>, "total" | "limit">) =>
  Math.max(1, Math.min(pageCount(p), Math.floor(MAX_OFFSET_ITEMS / p.limit)));

const linkClass =
  "rounded-md border border-wood-300 bg-white px-3 py-1.5 font-semibold text-forest-700 hover:bg-wood-100";

/**
 * A list's pages as plain links, so they work without JavaScript: Previous, the page numbers, Next, and "Page 2 of
 * 7". Each link is the page's own URL with another `page`, so the search and filters stay as they are.
 */
export function Pager({
  page,
  total,
  limit,
  param = "page",
}: Pick<Page<unknown>, "page" | "total" | "limit"> & { param?: string }) {
  const { t } = useT();
  const format = useFormat();
  const location = useLocation();
  const last = lastPage({ total, limit });
  if (last === 1 && page === 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete(param);
    else params.set(param, String(n));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "" };
  };
  // A page past the end (the last product on it was just deleted) leads back to the last one.
  const previous = page > 1 ? Math.min(page - 1, last) : undefined;
  const next = page < last ? page + 1 : undefined;
  return (
    <nav aria-label={t("pager.label")} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {previous !== undefined && (
        <Link to={to(previous)} rel="prev" className={linkClass}>
          {t("pager.previous")}
        </Link>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageNumbers(page, last).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="rounded-md bg-forest-700 px-3 py-1.5 font-semibold text-white">
                  {format.count(n)}
                </span>
              ) : (
                <Link to={to(n)} aria-label={t("pager.goTo", { page: format.count(n) })} className={linkClass}>
                  {format.count(n)}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {next !== undefined && (
        <Link to={to(next)} rel="next" className={linkClass}>
          {t("pager.next")}
        </Link>
      )}
      <span className="ml-auto text-stone-600">
        {t("pager.pageOf", { page: format.count(page), pages: format.count(last) })}
      </span>
    </nav>
  );
}
