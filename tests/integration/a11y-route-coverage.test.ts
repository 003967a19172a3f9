import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { A11Y_ROUTES, leafRoutes, SERVER_PAGES } from "../e2e/a11y-routes";

const root = path.join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const coverage = A11Y_ROUTES as Record<string, { spec: string } | { noScreen: string }>;

describe("axe-core checks in the browser tests", () => {
  it("list every route of app/routes.ts, and only those", () => {
    const patterns = leafRoutes().map((r) => r.pattern);
    const listed = Object.keys(A11Y_ROUTES);
    expect({
      unlisted: patterns.filter((p) => !listed.includes(p)),
      notARoute: listed.filter((p) => !patterns.includes(p)),
    }).toEqual({ unlisted: [], notARoute: [] });
  });

  it("are made by the spec each route names, which checks a screen of that route", () => {
    const covered = { ...coverage, ...SERVER_PAGES } as Record<string, { spec?: string }>;
    // In the browser, expectAccessibleScreen asserts that the page it checks is the route the spec names.
    const missing = Object.entries(covered)
      .filter(([route, where]) => where.spec && !read(`tests/e2e/${where.spec}`).includes(`"${route}"`))
      .map(([route, where]) => `${route} in ${where.spec}`);
    expect(missing).toEqual([]);
  });

  it("leave out only routes that render nothing", () => {
    const rendering = leafRoutes()
      .filter((r) => "noScreen" in (coverage[r.pattern] ?? {}))
      .filter((r) => /^export default /m.test(read(`app/${r.file}`)))
      .map((r) => r.pattern);
    expect(rendering).toEqual([]);
  });
});
