import { pageTitle } from "~/lib/site";
import { i18nFor } from "./i18n";
import { isLanguage } from "@shared/languages";

interface MatchLike {
  id: string;
  data?: unknown;
}

/** A page's <title> in the language the root loader chose (meta functions cannot use hooks). */
export function localTitle(matches: readonly (MatchLike | undefined)[], key: string): string {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: unknown } | undefined;
  const language = isLanguage(root?.language) ? root.language : "en";
  return pageTitle(i18nFor(language).t(key));
}
