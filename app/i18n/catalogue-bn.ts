import { bn } from "@shared/words/bn";
import { makeTranslator } from "./translator";

/** Bangla pages: their words and messages (shared/words/bn.ts), a chunk of its own. */
export const translator = makeTranslator("bn", bn);
