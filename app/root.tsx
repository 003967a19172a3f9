import { useEffect, useState } from "react";
import { preloadModule } from "react-dom";
import { TextsContext, useT } from "~/i18n/use-t";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { cartLineCount } from "@server/cart";
import { popularProducts } from "@server/catalog";
import { load, pageActor } from "./door/page-door.server";
import { catalogueModules } from "./i18n/catalogue-modules.server";
import { buyerPagesScript } from "./lib/island-scripts.server";
import { isTranslatorLoaded, loadTranslator, translatorFor } from "./i18n/translators";
import { languageOf, type Language } from "@shared/languages";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Footer } from "./components/layout/footer";
import { IslandToasts } from "./components/island-toasts";
import { ToasterHost } from "./components/toaster-host";
import { Navbar } from "./components/layout/navbar";
import { TestModeBanner } from "./components/layout/test-mode-banner";
import { NotFound } from "./components/not-found";
import { buttonClass } from "./components/ui/button";
import { useHasIslands, useShouldHydrate } from "./lib/hydration";
import { useNonce } from "./lib/nonce";
import { pageTitle } from "./lib/site";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader(args: Route.LoaderArgs) {
  const [popular, user, cartCount] = await Promise.all([
    load(args, popularProducts),
    pageActor(args),
    load(args, cartLineCount),
  ]);
  const language = languageOf(args.request);
  return {
    popularTags: popular.map((p) => ({ id: p.id, name: (language === "bn" && p.nameBn) || p.name })),
    user: user && { name: user.name, role: user.role },
    cartCount,
    language,
    textModules: catalogueModules(language),
    islandScript: buyerPagesScript,
    testMode: args.context.services.payments?.name === "test",
  };
}

/** The footer's tags and the signed-in user change only when a form is sent (sign-in, sign-out, profile). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const hydrate = useShouldHydrate();
  const islands = useHasIslands();
  const translator = useTranslator(data?.language ?? "en");
  if (hydrate) for (const href of data?.textModules ?? []) preloadModule(href, { as: "script", nonce });
  // Marks the page as interactive, error pages included; browser tests wait for it before using the page. On a page
  // with islands, their script marks it (app/islands/buyer-pages.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={translator.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5f4a" />
        {/* A stylesheet with a precedence is React's to place: before the scripts' modulepreloads, so that on a slow
            network the page's one render-blocking file is not queued behind a hundred KB of JavaScript. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {islands && data ? <script type="module" src={data.islandScript} nonce={nonce} /> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <TextsContext value={translator}>
          {/* The banner stays in view with the navbar: nobody scrolls past it before paying. */}
          <div className="sticky top-0 z-30 print:hidden">
            {data?.testMode ? <TestModeBanner /> : null}
            <Navbar user={data?.user ?? null} cartCount={data?.cartCount ?? 0} />
          </div>
          {/* What a form or link of app/islands/ replaces when it goes to another page in place. */}
          <div className="flex-1" data-region="page">
            {children}
          </div>
          <div className="print:hidden">
            <Footer popularTags={data?.popularTags ?? []} />
          </div>
          {islands ? <IslandToasts belowBanner={data?.testMode ?? false} /> : null}
        </TextsContext>
        {hydrate ? (
          <>
            <ToasterHost belowBanner={data?.testMode ?? false} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The texts of the language the root loader chose. The server holds both; a browser holds the page's, and renders
 * with them while another language's download (after the language cookie changed) is under way.
 */
function useTranslator(language: Language) {
  const [, setLoaded] = useState<Language | null>(null);
  const loaded = isTranslatorLoaded(language);
  useEffect(() => {
    if (!loaded) void loadTranslator(language).then(() => setLoaded(language));
  }, [language, loaded]);
  return translatorFor(language);
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{pageTitle("Page not found")}</title>
        <NotFound />
      </>
    );
  }
  return <SomethingWentWrong detail={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : ""} />;
}

function SomethingWentWrong({ detail }: { detail: string }) {
  const { t } = useT();
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{pageTitle(t("errors.wrong"))}</title>
      <h1 className="text-3xl font-bold text-wood-900">{t("errors.wrong")}</h1>
      <p className="mt-4 text-stone-600">
        {detail ? `${detail}. ` : ""}
        {t("errors.tryAgain")}
      </p>
      <a href="/" className={buttonClass({ size: "lg", className: "mt-8 inline-block" })}>
        {t("errors.backHome")}
      </a>
    </main>
  );
}
