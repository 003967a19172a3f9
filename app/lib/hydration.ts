import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

/**
 * A route module that exports `handle = noHydration` is sent as plain HTML with no JavaScript at all.
 * Pages that only show things (home, blogs, portfolio, not-found) load faster on a slow phone that way;
 * links from them are ordinary links. See docs/decisions/0004-static-pages-ship-no-javascript.md.
 */
export const noHydration = { hydrate: false } as const;

/**
 * A page sent as HTML that React never hydrates, with the small scripts of app/islands/ for what it does in the
 * browser (the product page, the cart). See docs/decisions/0041-buyer-pages-as-islands.md.
 */
export const withIslands = { hydrate: false, islands: true } as const;

type PageHandle = { hydrate?: boolean; islands?: boolean } | undefined;

export function useShouldHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as PageHandle)?.hydrate === false);
}

export function useHasIslands(): boolean {
  return useMatches().some((m) => (m.handle as PageHandle)?.islands === true);
}

/**
 * A page with islands, reached from a page that hydrated (the dashboard, checkout), is loaded whole by the browser
 * rather than rendered by React there: its islands run on the server's HTML only. A route's `clientLoader`.
 */
export function loadWholePage(request: Request): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

const noSubscription = () => () => {};

/**
 * Whether the page's script runs: false while the server renders and during hydration, true after. A form drawn
 * without JavaScript shows every field; with it, it may hide those that do not apply.
 */
export function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
