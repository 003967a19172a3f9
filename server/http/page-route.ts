import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** The build's flat route manifest as the nested tree `matchRoutes` reads. */
function treeOf(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] } as RouteObject & {
      children: RouteObject[];
    });
  }
  tree = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  trees.set(build, tree);
  return tree;
}

/**
 * The pattern of the page route a path matches (`/detail/:productId`, `/dashboard/order/:id`, `*` for the
 * not-found page): a log line names the route, not the ids in the URL.
 */
export function pageRoutePattern(build: ServerBuild, pathname: string): string {
  // A navigation's data request (`/login.data`, `/_root.data` for the home page) is logged as its page.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(treeOf(build), page) ?? [];
  const segments = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  if (segments.length === 0) return "/";
  return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
}
