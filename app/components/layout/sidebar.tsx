import { useState } from "react";
import { useT } from "~/i18n/use-t";
import type { TextKey } from "~/i18n/translator";
import { NavLink } from "react-router";

interface SidebarLink {
  to: string;
  /** Its text in the catalogue (shared/words/). */
  label: Extract<TextKey, `sidebar.${string}`>;
  icon: string;
}

const everyone: SidebarLink[] = [{ to: "/dashboard/profile", label: "sidebar.profile", icon: "☺" }];
const customers: SidebarLink[] = [
  { to: "/dashboard/orders", label: "sidebar.orders", icon: "▤" },
  { to: "/dashboard/reviews", label: "sidebar.reviews", icon: "★" },
];
/** An admin's first link, above the spec's: how the shop is doing. */
const overview: SidebarLink = { to: "/dashboard/overview", label: "sidebar.overview", icon: "◔" };
const admins: SidebarLink[] = [
  { to: "/dashboard/addproduct", label: "sidebar.addProduct", icon: "+" },
  { to: "/dashboard/manageproduct", label: "sidebar.manageProduct", icon: "▦" },
  { to: "/dashboard/stock", label: "sidebar.stock", icon: "▣" },
  { to: "/dashboard/spreadsheet", label: "sidebar.spreadsheet", icon: "▧" },
  { to: "/dashboard/categories", label: "sidebar.categories", icon: "▥" },
  { to: "/dashboard/manageorder", label: "sidebar.manageOrder", icon: "☰" },
  { to: "/dashboard/payouts", label: "sidebar.payouts", icon: "৳" },
  { to: "/dashboard/delivery", label: "sidebar.delivery", icon: "⛟" },
  { to: "/dashboard/admin", label: "sidebar.makeAdmin", icon: "♛" },
];

/** Spec §2: profile for all; orders and reviews for customers; catalog, orders and users for admins (after their overview). */
export function sidebarLinks(role: "user" | "admin"): SidebarLink[] {
  return role === "admin" ? [overview, ...everyone, ...admins] : [...everyone, ...customers];
}

export function Sidebar({ role }: { role: "user" | "admin" }) {
  const [collapsed, setCollapsed] = useState(false);
  const { t } = useT();
  return (
    <aside
      data-testid="sidebar"
      style={{ width: collapsed ? 45 : 200 }}
      className="shrink-0 overflow-hidden border-r border-wood-100 bg-white transition-[width] duration-200 print:hidden"
    >
      <button
        type="button"
        onClick={() => setCollapsed((c) => !c)}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t("sidebar.expand") : t("sidebar.collapse")}
        className="flex h-11 w-[45px] items-center justify-center text-xl text-wood-900 hover:bg-wood-100"
      >
        {collapsed ? "»" : "«"}
      </button>
      <nav aria-label={t("sidebar.label")}>
        <ul>
          {sidebarLinks(role).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                title={t(link.label)}
                className={({ isActive }) =>
                  `flex h-11 items-center gap-3 text-sm font-semibold whitespace-nowrap ${isActive ? "bg-forest-700 text-white" : "text-stone-700 hover:bg-wood-100"}`
                }
              >
                <span aria-hidden="true" className="inline-block w-[45px] shrink-0 text-center text-lg">
                  {link.icon}
                </span>
                <span className={collapsed ? "sr-only" : ""}>{t(link.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
