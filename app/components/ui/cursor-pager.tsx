import { Link, useLocation } from "react-router";

const linkClass =
  "rounded-md border border-wood-200 bg-white px-3 py-1.5 font-semibold text-forest-700 hover:bg-wood-50";

interface CursorPagerProps {
  /** The cursors of the pages either side, as the loader gives them; none: no link that way. */
  prev?: string;
  next?: string;
  labels: { nav: string; prev: string; next: string; first: string };
  /** The list's first page is not this one: offer the way back to it. */
  showFirst: boolean;
}

/**
 * A keyset list's pages as plain links, so they work without JavaScript: each is the page's own URL with another
 * `cursor` (and no `page`), so the tab, search and sort stay as they are.
 */
export function CursorPager({ prev, next, labels, showFirst }: CursorPagerProps) {
  const location = useLocation();
  if (!prev && !next && !showFirst) return null;
  const to = (cursor: string | undefined) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (cursor === undefined) params.delete("cursor");
    else params.set("cursor", cursor);
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "" };
  };
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {showFirst && (
        <Link to={to(undefined)} className={linkClass}>
          {labels.first}
        </Link>
      )}
      {prev && (
        <Link to={to(prev)} rel="prev" className={linkClass}>
          {labels.prev}
        </Link>
      )}
      {next && (
        <Link to={to(next)} rel="next" className={linkClass}>
          {labels.next}
        </Link>
      )}
    </nav>
  );
}
