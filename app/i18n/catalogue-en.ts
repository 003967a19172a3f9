import { en } from "@shared/words/en";
import { makeTranslator } from "./translator";

/** English pages: their words and messages (shared/words/en.ts), a chunk of its own. */
export const translator = makeTranslator("en", en);
