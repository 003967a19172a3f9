import { provideAllTranslators } from "~/i18n/translators.server";

// Tests render and translate in both languages, as the server does (app/entry.server.tsx).
provideAllTranslators();
