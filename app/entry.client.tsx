import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "@shared/languages";
import { loadTranslator } from "./i18n/translators";

// Only the page's language's texts are downloaded, and the page renders with them: hydration waits for the chunk,
// which the root layout already asked the browser to preload.
const language = document.documentElement.lang;
void loadTranslator(isLanguage(language) ? language : "en").then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
