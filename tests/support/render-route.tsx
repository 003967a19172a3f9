import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { TextsContext } from "~/i18n/use-t";
import { translatorFor } from "~/i18n/translators";
import type { Language } from "@shared/languages";

/**
 * Renders a route's component to HTML inside a router (forms and fetchers need one), with the loader data given,
 * the way the server renders it before hydration, in the language given (English unless said).
 */
export function renderRoute<P extends { loaderData: unknown }>(
  Component: React.ComponentType<P>,
  loaderData: P["loaderData"],
  path = "/",
  language: Language = "en",
): string {
  const Stub = createRoutesStub([
    { path, Component: () => <Component {...({ loaderData, actionData: undefined, params: {} } as unknown as P)} /> },
  ]);
  return renderToString(
    <TextsContext value={translatorFor(language)}>
      <Stub initialEntries={[path]} />
    </TextsContext>,
  );
}
