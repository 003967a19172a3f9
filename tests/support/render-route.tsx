import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

/**
 * Renders a route's component to HTML inside a router (forms and fetchers need one), with the loader data given,
 * the way the server renders it before hydration.
 */
export function renderRoute<P extends { loaderData: unknown }>(
  Component: React.ComponentType<P>,
  loaderData: P["loaderData"],
  path = "/",
): string {
  const Stub = createRoutesStub([
    { path, Component: () => <Component {...({ loaderData, actionData: undefined, params: {} } as unknown as P)} /> },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}
