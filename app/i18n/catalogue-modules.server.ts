import modules from "virtual:randa/catalogue-modules";
import type { Language } from "@shared/languages";

/** The browser modules of a language's texts, which the page preloads so that hydration does not wait for them. */
export const catalogueModules = (language: Language): string[] => modules[language];
