import { pageTitle } from "~/lib/site";
import { translatorFor } from "./translators";
import type { TextKey } from "./translator";
import { isLanguage } from "@shared/languages";

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The texts of the language the root loader chose, for meta functions (which cannot use hooks). */
export function metaTexts(matches: readonly (MatchLike | undefined)[]) {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: unknown } | undefined;
  return translatorFor(isLanguage(root?.language) ? root.language : "en");
}

/** A page's <title> in the language the root loader chose. */
export function localTitle(matches: readonly (MatchLike | undefined)[], key: TextKey): string {
  return pageTitle(metaTexts(matches).t(key));
}
