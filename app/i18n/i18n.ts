import { createInstance, type i18n } from "i18next";
import { MESSAGES } from "@shared/messages";
import { bn } from "./bn";
import { bnMessages } from "./bn-messages";
import { en } from "./en";
import type { Language } from "@shared/languages";

const instances = new Map<Language, i18n>();

/**
 * One i18next instance per language, made once and shared: the texts never change at run time, so a request
 * never needs its own. Initialised synchronously, so the server renders in the chosen language at once.
 */
export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: "en",
      resources: { en: { translation: en, messages: MESSAGES }, bn: { translation: bn, messages: bnMessages } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance;
}
