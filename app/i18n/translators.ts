import type { Language } from "@shared/languages";
import type { Translator } from "./translator";

/**
 * Each language's texts are a chunk of their own: a browser downloads the page's language (entry.client.tsx,
 * preloaded by the root layout) and the other only when the customer switches. The server loads both at start
 * (translators.server.ts). docs/decisions/0024-lighter-pages.md.
 */
const catalogues: Record<Language, () => Promise<{ translator: Translator }>> = {
  en: () => import("./catalogue-en"),
  bn: () => import("./catalogue-bn"),
};

const loaded = new Map<Language, Translator>();

export function provideTranslator(translator: Translator) {
  loaded.set(translator.language, translator);
}

export function isTranslatorLoaded(language: Language): boolean {
  return loaded.has(language);
}

/**
 * The language's texts; in a browser that has not downloaded them yet (the cookie changed in another tab), the
 * texts it has, until `loadTranslator` brings them.
 */
export function translatorFor(language: Language): Translator {
  const translator = loaded.get(language) ?? loaded.values().next().value;
  if (!translator) throw new Error(`No texts are loaded: call loadTranslator("${language}") first`);
  return translator;
}

export async function loadTranslator(language: Language): Promise<Translator> {
  let translator = loaded.get(language);
  if (!translator) {
    ({ translator } = await catalogues[language]());
    provideTranslator(translator);
  }
  return translator;
}
