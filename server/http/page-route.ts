import type { ServerBuild } from "react-router";

interface RoutePattern {
  /** The route's whole path, as a log line names it: `/detail/:productId`. */
  pattern: string;
  regex: RegExp;
  score: number;
}

const compiled = new WeakMap<ServerBuild, RoutePattern[]>();

/**
 * Every route of the build with its whole path, compiled and ranked once as React Router ranks them (its
 * `computeScore`: static segments before dynamic ones before a splat; an index route before its layout). React
 * Router's own `matchRoutes` flattens and ranks the whole tree on every call, which cost a product page a third of
 * its CPU when it was asked per request.
 */
function patternsOf(build: ServerBuild): RoutePattern[] {
  let patterns = compiled.get(build);
  if (patterns) return patterns;
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  const fullPath = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const own = route.path ?? "";
    return [fullPath(route.parentId), own].filter(Boolean).join("/");
  };
  patterns = routes
    .map((route, order) => {
      const path = fullPath(route.id);
      return {
        pattern: `/${path}`.replace(/\/{2,}/g, "/"),
        regex: compile(path),
        score: scoreOf(path, route.index),
        order,
      };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ pattern, regex, score }) => ({ pattern, regex, score }));
  compiled.set(build, patterns);
  return patterns;
}

const PARAM = /^:[\w-]+$/;

function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** React Router's `compilePath` (case-insensitive, to the end, a trailing slash allowed). */
function compile(path: string): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (_: string, _name: string, optional?: string) =>
        optional ? "/?([^\\/]+)?" : "/([^\\/]+)",
      );
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, "i");
}

/**
 * The pattern of the page route a path matches (`/detail/:productId`, `/dashboard/order/:id`, `/*` for the
 * not-found page): a log line names the route, not the ids in the URL.
 */
export function pageRoutePattern(build: ServerBuild, pathname: string): string {
  // A navigation's data request (`/login.data`, `/_root.data` for the home page) is logged as its page.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return patternsOf(build).find((p) => p.regex.test(page))?.pattern ?? "/";
}
