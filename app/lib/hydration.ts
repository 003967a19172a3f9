import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

/**
 * A route module that exports `handle = noHydration` is sent as plain HTML with no JavaScript at all.
 * Pages that only show things (home, blogs, portfolio, not-found) load faster on a slow phone that way;
 * links from them are ordinary links. See docs/decisions/0004-static-pages-ship-no-javascript.md.
 */
export const noHydration = { hydrate: false } as const;

export function useShouldHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
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
