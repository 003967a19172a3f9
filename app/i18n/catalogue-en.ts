import { en } from "./en";
import { makeTranslator } from "./translator";

/** English pages: their texts. Messages come with their English text from the server or shared/messages.ts. */
export const translator = makeTranslator("en", en);
