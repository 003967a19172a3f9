import { useState } from "react";
import { NavLink } from "react-router";

interface SidebarLink {
  to: string;
  label: string;
  icon: string;
}

const everyone: SidebarLink[] = [{ to: "/dashboard/profile", label: "My Profile", icon: "☺" }];
const customers: SidebarLink[] = [
  { to: "/dashboard/orders", label: "My Orders", icon: "▤" },
  { to: "/dashboard/reviews", label: "Add Reviews", icon: "★" },
];
const admins: SidebarLink[] = [
  { to: "/dashboard/addproduct", label: "Add Product", icon: "+" },
  { to: "/dashboard/manageproduct", label: "Manage Product", icon: "▦" },
  { to: "/dashboard/manageorder", label: "Manage Order", icon: "☰" },
  { to: "/dashboard/admin", label: "Make Admin", icon: "♛" },
];

/** Spec §2: profile for all; orders and reviews for customers; catalog, orders and users for admins. */
export function sidebarLinks(role: "user" | "admin"): SidebarLink[] {
  return [...everyone, ...(role === "admin" ? admins : customers)];
}

export function Sidebar({ role }: { role: "user" | "admin" }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <aside
      data-testid="sidebar"
      style={{ width: collapsed ? 45 : 200 }}
      className="shrink-0 overflow-hidden border-r border-wood-100 bg-white transition-[width] duration-200"
    >
      <button
        type="button"
        onClick={() => setCollapsed((c) => !c)}
        aria-expanded={!collapsed}
        aria-label={collapsed ? "Expand the menu" : "Collapse the menu"}
        className="flex h-11 w-[45px] items-center justify-center text-xl text-wood-900 hover:bg-wood-100"
      >
        {collapsed ? "»" : "«"}
      </button>
      <nav aria-label="Dashboard">
        <ul>
          {sidebarLinks(role).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                title={link.label}
                className={({ isActive }) =>
                  `flex h-11 items-center gap-3 text-sm font-semibold whitespace-nowrap ${isActive ? "bg-forest-700 text-white" : "text-stone-700 hover:bg-wood-100"}`
                }
              >
                <span aria-hidden="true" className="inline-block w-[45px] shrink-0 text-center text-lg">
                  {link.icon}
                </span>
                <span className={collapsed ? "sr-only" : ""}>{link.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
