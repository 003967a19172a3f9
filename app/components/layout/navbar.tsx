import { useT } from "~/i18n/use-t";
import { Form, Link, NavLink, useLocation } from "react-router";
import { formatCount } from "@shared/format";
import { MAX_QUERY_LENGTH } from "@shared/list-page";
import { loadTranslator } from "~/i18n/translators";
import { Button, buttonClass } from "~/components/ui/button";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-semibold sm:px-3 ${isActive ? "text-forest-700" : "text-stone-700 hover:text-forest-700"}`;

const signInOut = buttonClass({ size: "nav", className: "ml-1" });

interface NavbarProps {
  user: { name: string } | null;
  /** How many lines the visitor's cart has. */
  cartCount: number;
}

export function Navbar({ user, cartCount }: NavbarProps) {
  const { t, language } = useT();
  const other = language === "bn" ? "en" : "bn";
  const location = useLocation();
  return (
    <header className="border-b border-wood-100 bg-paper/95 backdrop-blur">
      <nav
        aria-label={t("nav.mainLabel")}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-wood-900">
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          {/* On a phone the logo alone, so that the search fits beside the links. */}
          <span className="sr-only sm:not-sr-only">Randa</span>
        </Link>
        <NavSearch />
        <div className="flex items-center gap-0.5 sm:gap-1">
          <Link
            to="/shop"
            aria-label={t("nav.searchLabel")}
            className="rounded-md p-2 text-stone-700 hover:text-forest-700 lg:hidden"
          >
            <SearchIcon />
          </Link>
          <NavLink
            to="/cart"
            className={(s) => `${linkClass(s)} relative inline-flex items-center`}
            aria-label={t("cart.navLabel", { count: cartCount, n: formatCount(cartCount, language) })}
            id="nav-cart"
            data-testid="nav-cart"
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span
                className="ml-0.5 rounded-full bg-forest-700 px-1.5 text-xs font-bold text-white"
                aria-hidden="true"
              >
                {formatCount(cartCount, language)}
              </span>
            ) : null}
          </NavLink>
          {/* On a phone the logo is the way home, so that the cart and the account's links fit at 360 px. */}
          <NavLink to="/" end className={(s) => `${linkClass(s)} hidden sm:inline-block`}>
            {t("nav.home")}
          </NavLink>
          <NavLink to="/blogs" className={linkClass}>
            {t("nav.blogs")}
          </NavLink>
          <NavLink to="/myprotfolio" className={(s) => `${linkClass(s)} hidden md:inline-block`}>
            {t("nav.portfolio")}
          </NavLink>
          {user ? (
            <>
              <NavLink to="/dashboard" className={linkClass}>
                {t("nav.dashboard")}
              </NavLink>
              <Form method="post" action="/logout">
                <Button type="submit" size="nav" className="ml-1">
                  {t("nav.logout")}
                </Button>
              </Form>
            </>
          ) : (
            <NavLink to="/login" className={signInOut}>
              {t("nav.login")}
            </NavLink>
          )}
          {/* The other language's texts download while the switch is posted, so the page can render in it. */}
          <Form method="post" action="/language" onSubmit={() => void loadTranslator(other)}>
            <input type="hidden" name="language" value={other} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              aria-label={t("nav.otherLabel")}
              lang={other}
              className="ml-1 rounded-md border border-wood-300 px-2 py-2 text-sm font-semibold text-wood-900 hover:bg-wood-100"
            >
              {t("nav.other")}
            </button>
          </Form>
        </div>
      </nav>
    </header>
  );
}

/**
 * Wide screens: a search box that opens the shop's results; narrow ones get the icon link to /shop above. On a page
 * with islands, the shop opens in place (app/islands/in-place.ts), as React Router opens it on a hydrated page.
 */
function NavSearch() {
  const { t } = useT();
  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      className="hidden min-w-0 flex-1 justify-center lg:flex"
      data-in-place
    >
      <label htmlFor="nav-q" className="sr-only">
        {t("nav.searchLabel")}
      </label>
      <input
        id="nav-q"
        type="search"
        name="q"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t("nav.searchPlaceholder")}
        className="w-full max-w-xs min-w-0 rounded-l-md border border-r-0 border-wood-300 bg-white px-3 py-1.5 text-sm"
      />
      <button
        type="submit"
        className="rounded-r-md border border-forest-700 bg-forest-700 px-3 py-1.5 text-white hover:bg-forest-800"
      >
        <SearchIcon />
        <span className="sr-only">{t("nav.search")}</span>
      </button>
    </Form>
  );
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path
        d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </svg>
  );
}
