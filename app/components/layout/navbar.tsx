import { useTranslation } from "react-i18next";
import { Form, Link, NavLink, useLocation } from "react-router";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-semibold sm:px-3 ${isActive ? "text-forest-700" : "text-stone-700 hover:text-forest-700"}`;

const buttonClass =
  "ml-1 rounded-md bg-forest-700 px-3 py-2 text-sm font-semibold text-white hover:bg-forest-800 sm:px-4";

interface NavbarProps {
  user: { name: string } | null;
}

export function Navbar({ user }: NavbarProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <header className="border-b border-wood-100 bg-paper/95 backdrop-blur">
      <nav
        aria-label={t("nav.mainLabel")}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-wood-900">
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          Randa
        </Link>
        <div className="flex items-center gap-0.5 sm:gap-1">
          <NavLink to="/" end className={linkClass}>
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
                <button type="submit" className={buttonClass}>
                  {t("nav.logout")}
                </button>
              </Form>
            </>
          ) : (
            <NavLink to="/login" className={buttonClass}>
              {t("nav.login")}
            </NavLink>
          )}
          <Form method="post" action="/language">
            <input type="hidden" name="language" value={i18n.language === "bn" ? "en" : "bn"} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              aria-label={t("nav.otherLabel")}
              lang={i18n.language === "bn" ? "en" : "bn"}
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
