import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "../../app/routes";

type Coverage = { spec: string } | { noScreen: string };

/**
 * Every route of app/routes.ts (as its full pattern) and the browser spec whose axe-core checks show its screens,
 * in English and in Bangla. A route that shows no screen says why. tests/integration/a11y-route-coverage.test.ts
 * fails when a route is added without a line here, and when the spec named does not check that route.
 */
export const A11Y_ROUTES = {
  "/": { spec: "public-a11y.spec.ts" },
  "/blogs": { spec: "public-a11y.spec.ts" },
  "/myprotfolio": { spec: "public-a11y.spec.ts" },
  "/shop": { spec: "public-a11y.spec.ts" },
  "/detail/:productId": { spec: "public-a11y.spec.ts" },
  "/track/:trackingCode": { spec: "couriers.spec.ts" },
  "/cart": { spec: "public-a11y.spec.ts" },
  "/checkout": { spec: "public-a11y.spec.ts" },
  "/login": { spec: "public-a11y.spec.ts" },
  "/register": { spec: "public-a11y.spec.ts" },
  "/logout": { noScreen: "Log Out's form posts here; the answer, and any visit, is a redirect to /" },
  "/language": { noScreen: "the language switch posts here; the answer, and any visit, is a redirect" },
  "/forgot-password": { spec: "public-a11y.spec.ts" },
  "/reset-password": { spec: "public-a11y.spec.ts" },
  "/dashboard": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/profile": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/orders": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/reviews": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/payment/:orderId": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/order/:orderId": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/orders/:orderId/invoice": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/overview": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/addproduct": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/manageproduct": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/manageproduct/:productId": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/manageproduct/:productId/photos": { spec: "photos.spec.ts" },
  "/dashboard/categories": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/manageorder": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/slips": { spec: "couriers.spec.ts" },
  "/dashboard/delivery": { spec: "dashboard-a11y.spec.ts" },
  "/dashboard/payouts": { spec: "payouts.spec.ts" },
  "/dashboard/stock": { spec: "stock-ledger.spec.ts" },
  "/dashboard/spreadsheet": { spec: "spreadsheet.spec.ts" },
  "/dashboard/admin": { spec: "dashboard-a11y.spec.ts" },
  "/*": { spec: "public-a11y.spec.ts" },
} satisfies Record<string, Coverage>;

/** Pages the server answers outside React Router's routes. */
export const SERVER_PAGES = {
  "/api/docs": { spec: "public-a11y.spec.ts" },
} satisfies Record<string, Coverage>;

export type ScreenRoute = keyof typeof A11Y_ROUTES | keyof typeof SERVER_PAGES;

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, path: entry.path }
      : { path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );
}

const routeObjects = toRouteObjects(routes);

/** Each route that renders a page of its own, by its full pattern (an index route by its parent's path). */
export function leafRoutes(entries: RouteConfigEntry[] = routes, parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return leafRoutes(entry.children, here);
    return [{ pattern: here || "/", file: entry.file }];
  });
}

/** The pattern of the route app/routes.ts gives this address, or the address itself for a server page. */
export function screenRouteOf(url: string): string {
  const { pathname } = new URL(url);
  if (pathname in SERVER_PAGES) return pathname;
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  const path = matches
    .map((m) => m.route.path)
    .filter(Boolean)
    .join("/");
  return `/${path}`;
}
