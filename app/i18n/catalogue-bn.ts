import { bn } from "./bn";
import { bnMessages } from "./bn-messages";
import { makeTranslator } from "./translator";

/** Bangla pages: their texts, and the messages' Bangla by code. */
export const translator = makeTranslator("bn", bn, bnMessages);
